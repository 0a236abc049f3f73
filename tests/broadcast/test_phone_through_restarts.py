"""A phone left open at the table while the app restarts (stopped by systemd or killed) and while
the broker restarts: within 2 s of the table being back it shows the game as it is, and follows on.

The table runs as the real app (companion.ui.launch, headless) in a process of its own.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.broadcast.conftest import Watcher
from tests.support.browser import close_browser, phone_browser, shown_revision, wait_for

ROOT = Path(__file__).resolve().parent.parent.parent
STATE = "companion/table1/state"
AVAILABILITY = "companion/table1/availability"
CURRENT_WITHIN = 2.0  # seconds from the table (or broker) being back to the phone showing the game
APP_UP = 60.0  # a Kivy app starting on a busy two-core machine: not what is measured here
PAGE_UP = 15.0

pytestmark = pytest.mark.slow


class AppProcess:
    """One run of the app; `command` plays a move through it and returns its answer."""

    def __init__(self, config: Path, log: Path) -> None:
        env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1"}
        self.log = open(log, "a", encoding="utf-8")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.support.app_process", str(config)],
            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True,
        )

    def command(self, command: dict) -> str:
        self.proc.stdin.write(json.dumps(command) + "\n")
        self.proc.stdin.flush()
        while True:  # the app's own report to the terminal comes first
            answer = self.proc.stdout.readline().strip()
            if answer.startswith(("ok ", "refused ")) or not answer:
                break
        assert answer.startswith("ok"), answer
        return answer

    def end(self, sig: int) -> None:
        self.proc.send_signal(sig)
        try:
            self.proc.wait(20)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(5)
            self.log.close()


def write_config(tmp_path: Path, broker) -> Path:
    settings = broker.settings(
        data={"dir": str(tmp_path / "data")},
        display={"fullscreen": False, "touch": "mouse"},
        gpio={"enabled": False},
        dicetray={"enabled": False},
    )
    lines = []
    for section, values in settings.items():
        lines.append(f"[{section}]")
        lines += [f"{key} = {json.dumps(value)}" for key, value in values.items()]
    path = tmp_path / "config.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def page_shows(driver, revision: int) -> bool:
    return driver.execute_script(
        "return document.getElementById('status').dataset.status === 'online'"
        " && !document.getElementById('game').hidden"
    ) and shown_revision(driver) == str(revision)


def on_the_phone(driver) -> str:
    """What the page shows, for a failure's message."""
    return driver.execute_script(
        "var g = document.getElementById('game'), i = document.getElementById('idle');"
        "return 'status ' + document.getElementById('status').dataset.status"
        " + (g.hidden ? '; ' + i.innerText : '; revision ' + g.dataset.revision)"
    )


def phone_catches_up(driver, revision: int, what: str) -> None:
    try:
        wait_for(lambda: page_shows(driver, revision), timeout=CURRENT_WITHIN + 3, step=0.02)
    except AssertionError:
        raise AssertionError(f"{what}: the phone shows {on_the_phone(driver)!r}, not revision {revision}") from None


@pytest.fixture
def browser():
    driver = phone_browser()
    yield driver
    close_browser(driver)


def test_a_phone_left_open_shows_the_game_after_every_restart(broker, browser, tmp_path):
    config = write_config(tmp_path, broker)
    log = tmp_path / "app.log"
    watcher = Watcher(broker.mqtt_port, [STATE, AVAILABILITY], username="spy", password="spy-password")
    lags: dict[str, float] = {}

    def states_with(revision: int, since: int) -> list:
        return [m for m in watcher.on(STATE)[since:] if m.json().get("revision") == revision]

    def comes_back(app_run, name: str, revision: int, since: int) -> None:
        """The table republishes the game at `revision`: the phone shows it within CURRENT_WITHIN."""
        published = watcher.wait_for(lambda w: states_with(revision, since), timeout=APP_UP)[0].at
        phone_catches_up(browser, revision, name)
        lags[name] = time.monotonic() - published
        assert lags[name] < CURRENT_WITHIN, (name, lags, log.read_text()[-2000:])

    def moves(app_run, count: int) -> int:
        for _ in range(count):
            revision = int(app_run.command({"type": "add", "points": 1}).split()[1])
            played = time.monotonic()
            phone_catches_up(browser, revision, f"move {revision}")
            assert time.monotonic() - played < CURRENT_WITHIN
        return revision

    try:
        app_run = AppProcess(config, log)
        watcher.wait_for(lambda w: w.on(STATE), timeout=APP_UP)  # "no game" at first
        browser.get(f"{broker.phone_url}#table=table1&prefix=companion")
        app_run.command({"type": "start", "game": "tally", "players": ["Ann", "Ben"], "options": {"target": 99}})
        wait_for(lambda: page_shows(browser, 0), timeout=PAGE_UP)
        revision = moves(app_run, 2)

        for name, sig in (("stopped (SIGTERM)", signal.SIGTERM), ("killed (SIGKILL)", signal.SIGKILL)):
            since = len(watcher.on(STATE))
            app_run.end(sig)
            wait_for(lambda: browser.execute_script(
                "return document.getElementById('status').dataset.status") == "offline", timeout=10)
            app_run = AppProcess(config, log)
            comes_back(app_run, f"app {name}", revision, since)
            revision = moves(app_run, 1)

        # The broker restarts (an update, a crash); a move is made while it is away.
        broker.stop()
        revision = int(app_run.command({"type": "add", "points": 1}).split()[1])
        since = len(watcher.on(STATE))
        broker.start()
        back = time.monotonic()
        wait_for(lambda: page_shows(browser, revision), timeout=CURRENT_WITHIN + 10, step=0.02)
        lags["broker restarted"] = time.monotonic() - back
        assert lags["broker restarted"] < CURRENT_WITHIN, lags
        revision = moves(app_run, 1)
        assert "Ann" in browser.execute_script("return document.getElementById('players').innerText")
        print("seconds from the table back to the phone current:", {k: round(v, 2) for k, v in lags.items()})
        versions = [m.json()["version"] for m in watcher.on(STATE)]
        assert versions == sorted(versions), versions
        app_run.end(signal.SIGTERM)
    finally:
        if app_run.proc.poll() is None:
            app_run.proc.kill()
        watcher.close()


RECORD_WHAT_IS_SHOWN = """
window.seen = [];
var note = function () {
  var game = document.getElementById('game');
  window.seen.push([document.getElementById('status').dataset.status, game.dataset.revision || null]);
};
var watch = new MutationObserver(note);
watch.observe(document.getElementById('status'), {attributes: true});
watch.observe(document.getElementById('game'), {attributes: true});
note();
"""


def test_after_a_power_cut_the_phone_waits_for_the_table_and_never_calls_the_old_game_live(broker, browser, tmp_path):
    """The plug pulled: the broker and the app die together. The broker (it keeps nothing) comes
    back first; the phone reconnects to it and must say it waits for the table, showing the game
    it kept as not live, until the table is back with its state."""
    config = write_config(tmp_path, broker)
    log = tmp_path / "app.log"
    watcher = Watcher(broker.mqtt_port, [STATE, AVAILABILITY], username="spy", password="spy-password")
    app_run = AppProcess(config, log)
    try:
        watcher.wait_for(lambda w: w.on(STATE), timeout=APP_UP)
        browser.get(f"{broker.phone_url}#table=table1&prefix=companion")
        app_run.command({"type": "start", "game": "tally", "players": ["Ann", "Ben"], "options": {"target": 99}})
        wait_for(lambda: page_shows(browser, 0), timeout=PAGE_UP)
        revision = int(app_run.command({"type": "add", "points": 1}).split()[1])
        phone_catches_up(browser, revision, "before the cut")

        app_run.end(signal.SIGKILL)
        broker.kill()
        watcher.close()
        wait_for(lambda: browser.execute_script(
            "return document.getElementById('status').dataset.status") == "connecting", timeout=10)
        broker.start()
        # Reconnected to the broker, which has heard nothing from the table yet.
        try:
            wait_for(lambda: browser.execute_script(
                "return document.getElementById('status').dataset.status") == "unknown", timeout=PAGE_UP)
        except AssertionError:
            raise AssertionError(f"with only the broker back the phone shows {on_the_phone(browser)!r}") from None
        assert "Waiting for the table" in browser.execute_script("return document.getElementById('status').innerText")
        assert browser.execute_script("return document.body.classList.contains('stale')"), \
            "the game kept from before the cut is not shown as not live"
        browser.save_screenshot(str(tmp_path / "phone-waiting-for-the-table.png"))  # for docs/screens
        browser.execute_script(RECORD_WHAT_IS_SHOWN)

        watcher = Watcher(broker.mqtt_port, [STATE, AVAILABILITY], username="spy", password="spy-password")
        app_run = AppProcess(config, log)
        watcher.wait_for(lambda w: [m for m in w.on(STATE) if m.json().get("revision") == revision], timeout=APP_UP)
        phone_catches_up(browser, revision, "the table back after the cut")
        seen = browser.execute_script("return window.seen")
        live = [shown for status, shown in seen if status == "online"]
        assert live and all(shown == str(revision) for shown in live), seen
        assert seen[0][0] == "unknown", seen
    finally:
        if app_run.proc.poll() is None:
            app_run.proc.kill()
        watcher.close()
