"""What `companion run` (and so ./start.sh) prints: a few lines a person needs, not Kivy's report.

The app is started for real, headless, in a process of its own, as from a terminal (Kivy's
console log not hushed as the suite hushes it), and stopped with Ctrl+C (SIGINT).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.mosquitto import free_port

ROOT = Path(__file__).resolve().parent.parent.parent
APP_UP = 60.0  # a Kivy app starting on a busy two-core machine

pytestmark = pytest.mark.slow


def start_and_stop(tmp_path: Path, config: Path, video: str | None = "offscreen",
                   waits_for: tuple[str, ...] = ("Stop:", "Warning: MQTT")) -> tuple[list[str], int]:
    """Every line the app printed (stdout and stderr, in order) from start to Ctrl+C, and its exit
    status; `video` None starts it as on a machine with no display at all (no SDL_VIDEODRIVER)."""
    env = {k: v for k, v in os.environ.items()  # a terminal's environment
           if not k.startswith("KIVY_") and k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(PYTHONUNBUFFERED="1")
    if video is not None:
        env["SDL_VIDEODRIVER"] = video
    out = tmp_path / "terminal.txt"
    with open(out, "w", encoding="utf-8") as terminal:
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "run", "--sim", "--config", str(config)],
            cwd=ROOT, env=env, stdout=terminal, stderr=subprocess.STDOUT, text=True,
        )
        try:
            deadline = time.monotonic() + APP_UP
            # "Screen:" is printed from the app's loop once its window is open: the loop is running.
            while not all(word in out.read_text(encoding="utf-8") for word in ("Screen: SDL", *waits_for)):
                assert proc.poll() is None, out.read_text(encoding="utf-8")
                assert time.monotonic() < deadline, out.read_text(encoding="utf-8")
                time.sleep(0.1)
            proc.send_signal(signal.SIGINT)
            status = proc.wait(20)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(5)
    return out.read_text(encoding="utf-8").splitlines(), status


def test_a_start_prints_where_the_app_and_the_phone_page_are_and_little_else(tmp_path):
    config = tmp_path / "config.toml"
    data = tmp_path / "data"
    no_broker = free_port()  # nothing listens: the warning about it must still reach the terminal
    config.write_text(
        f'[data]\ndir = "{data}"\n'
        f'[mqtt]\nhost = "127.0.0.1"\nport = {no_broker}\npassword_file = ""\n'
        '[phone]\naddress = "192.168.1.20"\n'
    )
    for run in (1, 2):  # the first start makes Kivy's folder; the second finds it
        lines, status = start_and_stop(tmp_path, config)
        said = "\n".join(lines)
        assert status == 0, said
        assert lines[0] == ("Table companion: running offscreen, as there is no screen to draw to "
                            "(SDL_VIDEODRIVER=offscreen): nothing is shown, and no key reaches it"), said
        assert "  Phone page: http://192.168.1.20:9001/#table=table1&prefix=companion" in lines, said
        assert "  Stop: press Ctrl+C here" in lines, said
        assert not any(line.startswith("  Keys:") for line in lines), "keys offered where none can reach the app"
        assert any(line.startswith(f"Warning: MQTT: no broker at 127.0.0.1:{no_broker}") for line in lines), said
        assert lines[-1] == "The table companion has stopped.", said
        assert "Older configuration" not in said and "[INFO" not in said and "Kivy" not in said, said
        assert len(lines) <= 8, f"start {run} printed {len(lines)} lines:\n{said}"
        # Kivy's whole report is in the file the output names.
        log = Path(next(line for line in lines if line.startswith("  Log: ")).removeprefix("  Log: "))
        assert log.parent == data / "kivy" / "logs", log
        report = log.read_text(encoding="utf-8")
        assert "Kivy: v" in report and "GL: OpenGL version" in report and "no broker at" in report
        assert "Older configuration" not in report
    assert not (data / "kivy" / "config.ini").exists(), "Kivy's settings come from the table's own config"


@pytest.mark.parametrize("spoil", [
    ("UPDATE actions SET action = '{\"type\": \"add\", \"points\": -5}' WHERE idx = 1",
     "The last game could not be resumed ("),
    ("UPDATE games SET game = 'chess'", "The last game could not be resumed (unknown game 'chess'"),
])
def test_a_game_that_cannot_be_resumed_is_one_line_on_the_terminal_and_its_details_are_in_the_log(tmp_path, spoil):
    import sqlite3

    from companion.store import Store
    from companion.table import Table

    sql, words = spoil
    data = tmp_path / "data"
    config = tmp_path / "config.toml"
    config.write_text(f'[data]\ndir = "{data}"\n[mqtt]\nhost = "127.0.0.1"\nport = {free_port()}\n'
                      'password_file = ""\n')
    store = Store(data / "companion.db")
    session = Table(store).start("tally", ["Ann", "Ben"], {"target": 50})
    for points in (3, 2, 1):
        session.dispatch({"type": "add", "points": points})
    store.close()
    db = sqlite3.connect(data / "companion.db")
    with db:
        db.execute(sql)
    db.close()
    lines, status = start_and_stop(tmp_path, config)
    said = "\n".join(lines)
    assert status == 0, said
    told = [line for line in lines if "could not be resumed" in line]
    assert len(told) == 1 and told[0].startswith(f"Error: {words}"), said
    assert told[0].endswith("it is kept in the history"), said
    assert "Traceback" not in said, said
    log = Path(next(line for line in lines if line.startswith("  Log: ")).removeprefix("  Log: "))
    report = log.read_text(encoding="utf-8")
    assert "could not be resumed" in report and "Traceback" in report, "the details are in the log"


def test_a_damaged_log_is_said_once_in_players_words_and_how_it_was_read_is_in_the_log(tmp_path):
    """A pulled plug left a log with a spoilt stretch: the terminal gets the notice the screen
    shows, once; which frames SQLite replayed and what was read after them go to the log file."""
    import shutil

    from tests.test_wal_salvage import damage_pages, evening_copy

    evening = evening_copy(tmp_path / "crash", seed=4)
    damage_pages(evening, range(evening.pass_frames // 2, evening.pass_frames - 4))
    data = tmp_path / "data"
    data.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{evening.path}{suffix}", f"{data / 'companion.db'}{suffix}")
    config = tmp_path / "config.toml"
    config.write_text(f'[data]\ndir = "{data}"\n[mqtt]\nenabled = false\n')
    lines, status = start_and_stop(tmp_path, config, waits_for=("Stop:", "storage was damaged"))
    said = "\n".join(lines)
    assert status == 0, said
    told = [line for line in lines if "storage was damaged" in line]
    assert len(told) == 1, said
    assert told[0].startswith("Error: The table's storage was damaged: "), said
    assert "the game is kept up to move" in told[0] and f"are kept as {data / 'companion.db.damaged-'}" in told[0]
    assert [line for line in lines if "damaged" in line and not line.startswith("  Log: ")] == told, said
    assert "frames" not in said and "Traceback" not in said, said
    log = Path(next(line for line in lines if line.startswith("  Log: ")).removeprefix("  Log: "))
    report = log.read_text(encoding="utf-8")
    assert "the damaged log: " in report and "moves read from the log after the damage" in report


def test_with_no_display_at_all_its_first_words_say_it_runs_offscreen(tmp_path):
    """No desktop and no screen: SDL falls back to drawing offscreen, and the app says so first,
    never offering a window to close or keys to press."""
    if any(os.access(card, os.R_OK | os.W_OK) for card in Path("/dev").glob("dri/card*")):
        pytest.skip("this machine has a screen in /dev/dri that SDL would draw to (KMSDRM)")
    config = tmp_path / "config.toml"
    config.write_text(f'[data]\ndir = "{tmp_path / "data"}"\n[mqtt]\nenabled = false\n')
    lines, status = start_and_stop(tmp_path, config, video=None, waits_for=("Stop:",))
    said = "\n".join(lines)
    assert status == 0, said
    assert lines[0].startswith("Table companion: running offscreen, as there is no screen to draw to (no desktop"), said
    assert lines[0].endswith("nothing is shown, and no key reaches it"), said
    assert "  Stop: press Ctrl+C here" in lines, said
    assert "window" not in said.lower() and not any(line.startswith("  Keys:") for line in lines), said
    assert "Screen: SDL video driver offscreen" in said, "SDL drew offscreen, as the first line said"
