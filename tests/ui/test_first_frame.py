"""A table switched on while players sit down shows its first screen before anything that can wait.

Before the first frame only the screen the table opens on is built (Home, or the game being
resumed with its own board), no other screen or board is imported, and the broker and the
physical inputs start just after it, then the other screens are built one a frame; every screen
not built yet is built the first time it is shown, and works as before. (How soon, in seconds, is bench/start.py's to say, not a test's.)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path


from companion.ui.app import SCREENS
from companion.ui.widgets import PanelButton
from tests.support.finger import tap as finger_tap
from tests.support.mosquitto import free_port
from tests.ui.driver import AppDriver

ROOT = Path(__file__).parent.parent.parent
FIXTURES = Path(__file__).parent.parent / "store" / "fixtures"
OTHER_BOARDS = ("bon", "baon", "bonc", "bondcones", "tally", "generic")
WAITS = ("companion.broadcast.mqtt", "companion.inputs.start", "companion.inputs.gpio",
         "companion.inputs.dicetray.driver", "paho", "serial", "gpiozero")


def probe(tmp_path: Path) -> tuple[dict, dict]:
    """Start the real app in a process of its own; what it had at its first frame, and once settled."""
    password = tmp_path / "mqtt-password"
    password.write_text("secret\n")
    config = tmp_path / "config.toml"
    # No broker listens on the port: the table connects in the background and never waits for it.
    config.write_text(f'[data]\ndir = "{tmp_path / "data"}"\n[gpio]\nenabled = false\n[dicetray]\n'
                      f'enabled = false\n[mqtt]\nport = {free_port()}\npassword_file = "{password}"\n')
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "COMPANION_FIRST_FRAME": "exit",
           "KIVY_HOME": str(tmp_path / "kivy")}
    done = subprocess.run([sys.executable, "-m", "tests.support.first_frame_probe", str(config)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    lines = {line.split(" ", 1)[0]: json.loads(line.split(" ", 1)[1])
             for line in done.stdout.splitlines() if line.startswith("probe-")}
    assert done.returncode == 0 and set(lines) == {"probe-shown", "probe-settled"}, done.stdout + done.stderr
    return lines["probe-shown"], lines["probe-settled"]


def imported(snapshot: dict, prefix: str) -> list[str]:
    return [m for m in snapshot["modules"] if m == prefix or m.startswith(prefix + ".")]


def test_an_empty_table_builds_only_home_before_its_first_frame(tmp_path):
    shown, settled = probe(tmp_path)
    assert (shown["screens"], shown["current"]) == (["home"], "home")
    assert imported(shown, "companion.ui.screens") == ["companion.ui.screens.base", "companion.ui.screens.home"]
    assert not imported(shown, "companion.ui.boards"), "no board before a game is shown"
    assert not [m for name in WAITS for m in imported(shown, name)], "the broker and inputs wait for the frame"
    assert shown["devices"] == []
    assert shown["phone_code"] is not None, "Home shows the phone page's code (the broker is on)"
    if shown["phone_code"]["url"]:  # a machine with a network: the code follows the first frames
        assert not shown["phone_code"]["drawn"] and settled["phone_code"]["drawn"]
    else:  # none: Home says so at once, and no code is drawn later either
        assert not settled["phone_code"]["drawn"] and settled["phone_code"]["url"] is None
    # Just after it: the broker (first on the status screen) and the inputs, then every other
    # screen and every game's board module, warmed up in the frames that follow.
    assert settled["devices"][0] == "Broker" and len(settled["devices"]) == 3, settled["devices"]
    assert imported(settled, "companion.broadcast.mqtt") and imported(settled, "companion.inputs.start")
    assert sorted(settled["screens"]) == sorted(SCREENS) and settled["current"] == "home"
    for game in ("bon", "baon", "bonbon", "bonc", "bondcones"):
        assert imported(settled, f"companion.ui.boards.{game}"), game


def test_a_resumed_game_shows_its_own_board_first_and_imports_no_other(tmp_path):
    (tmp_path / "data").mkdir()
    shutil.copyfile(FIXTURES / "bonbon.schema1.db", tmp_path / "data" / "companion.db")
    shown, settled = probe(tmp_path)
    assert (shown["screens"], shown["current"]) == (["play"], "play")
    assert shown["board"].startswith("companion.ui.boards.bonbon."), shown["board"]
    for other in OTHER_BOARDS:
        assert not imported(shown, f"companion.ui.boards.{other}"), other
    assert imported(shown, "companion.ui.screens") == ["companion.ui.screens.play"]
    assert not [m for name in WAITS for m in imported(shown, name)]
    assert sorted(settled["screens"]) == sorted(SCREENS) and settled["current"] == "play"
    assert settled["board"] == shown["board"] and settled["devices"][0] == "Broker"


def built(app: AppDriver) -> list[str]:
    return list(app.app.screens.screen_names)


def touch(app: AppDriver, widget) -> None:
    """A finger on a widget that shows no words of its own (a row of a list)."""
    app.frames(2)
    x, y = widget.to_window(*widget.center)
    finger_tap(app, x, y)  # waits, as a player does, to see what is there
    app.frames(2)


def test_every_screen_is_built_when_first_touched_and_works(make_app):
    app = make_app().start()
    assert built(app) == ["home"]
    app.tap("History")
    assert app.screen == "history" and built(app) == ["home", "history"]
    assert app.find("No finished games yet.")
    app.tap("Players' stats")
    assert app.screen == "stats"
    app.tap("Back")
    app.tap("Back")
    app.tap("Status")
    assert app.screen == "status" and app.find("Status") is app.app.screen("status").heading
    app.tap("Back")
    app.tap("[b]Bonbon[/b]\n[size=20]2–6 players[/size]")
    assert app.screen == "players"
    # The chosen game's options screen is built a moment after the players screen is drawn
    # (CompanionApp._load_game), while names are typed: not on the way to it.
    assert app.settle_until(lambda: "options" in built(app), timeout=10)
    app.tap("Back")
    app.app.choose_game("tally")  # the test game is kept off Home's menu
    for name in ("Ann", "Ben"):
        app.app.screen("players").name_input.text = name
        app.tap("Add")
    app.app.screen("players").done_typing()
    app.tap("Next: options")
    assert app.screen == "options"
    app.tap("Start game")
    assert app.screen == "play" and app.table.session.game.id == "tally"
    app.tap("[b]+3[/b]")
    assert app.table.session.view()["view"]["scores"]["Ann"] == 3
    assert "past_game" not in built(app)
    app.tap("Story")
    assert app.screen == "past_game"
    touch(app, next(w for w in app.visible(app.app.root) if isinstance(w, PanelButton)))
    assert app.screen == "correction"
    app.app.go("play")
    assert "what_now" not in built(app)
    app.tap(app.app.screen("play").prompt.text)
    assert app.screen == "what_now"
    app.tap("Rules")
    assert app.screen == "rules"
    # Why? of a move that scored: a round of B.O.N played to its scoring.
    from tests.games.bon.support import ROUND_ANN3_BEN0_CY4

    app.app.go("play")
    assert app.app.start_game("bon", ["Ann", "Ben", "Cy"], {}) and "why" not in built(app)
    session = app.table.session
    session.dispatch({"type": "start", "ranks": ["red", "yellow", "blue"], "first": "Ann"})
    for action in [{"type": "leftover", "card": "pass"}] * 2 + [{"type": "play", "card": c} for c in ROUND_ANN3_BEN0_CY4]:
        session.dispatch(action)
    app.tap("Why?")
    assert app.screen == "why"
    assert sorted(built(app)) == sorted(SCREENS), "every screen was built on the way, each once"


def test_a_chosen_game_is_made_ready_while_the_players_type_their_names(make_app):
    """Its rules, its board's modules and the play screen load just after the players screen shows,
    so that neither the options nor the first board wait for them (tried without the warm-ups)."""
    from companion.ui.app import LOAD_CHOSEN_GAME_AFTER

    app = make_app().start()
    assert "play" not in built(app)
    app.app.choose_game("bonc")
    assert app.screen == "players" and "play" not in built(app), "the players screen comes first, alone"
    assert app.settle_until(lambda: "play" in built(app), timeout=LOAD_CHOSEN_GAME_AFTER + 5)
    assert app.screen == "players", "made ready, not shown"
    assert "companion.ui.boards.bonc.board" in sys.modules and "companion.games.bonc.game" in sys.modules


def test_a_button_before_any_game_builds_no_play_screen(make_app):
    app = make_app().start()
    outcome = app.app.control("undo", "gpio")
    assert outcome.message and app.table.session is None
    assert built(app) == ["home"], "no board to ask: the play screen waits for a game"


def test_work_after_the_first_frame_waits_for_two_frames_and_goes_on_past_a_failure(make_app):
    app = make_app().start()  # three frames: the app's first two are drawn
    first_frames = app.app.first_frames
    assert first_frames.shown
    ran = []
    first_frames.later(lambda: ran.append("broker"))
    first_frames.later(lambda: 1 / 0)
    first_frames.later(lambda: ran.append("inputs"))
    assert ran == [], "never inside the call: on the app's thread, a frame later"
    app.frames(6)
    assert ran == ["broker", "inputs"]


def test_work_that_waited_keeps_out_of_the_way_of_a_players_touches(make_app):
    """A player touching the screen while the other screens are still being built gets every frame
    for the answer: the building waits until the screen has been left alone for a moment."""
    from tests.support.finger import tap

    from companion.ui.first_frame import QUIET_AFTER_TOUCH

    def frames_while_touched(since: float) -> int:
        """Frames for half the quiet time after a touch (however long a frame takes here)."""
        drawn = 0
        while time.monotonic() - since < QUIET_AFTER_TOUCH / 2:
            app.frames(1)
            drawn += 1
        return drawn

    app = make_app().start()
    first_frames = app.app.first_frames
    ran = []
    tap(app, 5, 5)  # the corner: nothing there to press
    touched = time.monotonic()
    first_frames.later(lambda: ran.append("a screen nobody asked for yet"))
    assert frames_while_touched(touched) >= 2 and ran == [], "built in the frames that answer a touch"
    assert app.settle_until(lambda: ran, timeout=QUIET_AFTER_TOUCH + 5)
    tap(app, 5, 5)
    touched = time.monotonic()
    first_frames.later(lambda: ran.append("the next one"))
    first_frames.later(lambda: ran.append("and the one after"))
    frames_while_touched(touched)
    assert ran == ["a screen nobody asked for yet"]
    assert app.settle_until(lambda: len(ran) == 3, timeout=QUIET_AFTER_TOUCH + 5)
    assert ran[1:] == ["the next one", "and the one after"], "in the order they were asked for"


def test_a_window_that_draws_nothing_starts_what_waited_at_the_latest(make_app):
    """Minimised, or a display that never shows a frame: the broker and the buttons start anyway."""
    from companion.ui.first_frame import FirstFrames

    waited = FirstFrames()
    ran = []
    waited.later(lambda: ran.append("broker"))
    assert not waited.begun
    waited._no_frames(0)  # what Kivy's clock calls AT_THE_LATEST seconds after the start
    make_app().start()
    assert ran == ["broker"] and waited.settled and waited.drawn == 0


def test_a_database_it_cannot_use_still_stops_the_table_with_its_reason(tmp_path):
    """The game database opens on a thread of its own while the window opens: a database written by
    a newer companion is refused as before, with the same words and exit status."""
    import sqlite3

    from companion.store.database import SCHEMA_VERSION

    (tmp_path / "data").mkdir()
    with sqlite3.connect(tmp_path / "data" / "companion.db") as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    config = tmp_path / "config.toml"
    config.write_text(f'[data]\ndir = "{tmp_path / "data"}"\n[gpio]\nenabled = false\n[dicetray]\nenabled = false\n'
                      '[mqtt]\nenabled = false\n')
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_HOME": str(tmp_path / "kivy")}
    done = subprocess.run([sys.executable, "-m", "companion.cli", "run", "--config", str(config)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "was written by a newer companion" in done.stderr and "Traceback" not in done.stderr


def test_a_chosen_games_options_are_ready_before_next_and_start_from_the_rulebook_at_each_visit(make_app):
    """While the names are typed, the options are built at the screen's size (their words drawn),
    so "Next: options" only shows them; a visit after one that changed an option starts again from
    the rulebook's values, as every visit did when the options were built at the touch."""
    from companion.ui.app import LOAD_CHOSEN_GAME_AFTER

    app = make_app().start()
    app.tap("[b]Bonbon[/b]\n[size=20]2–6 players[/size]")
    options = app.app.screen("options")
    assert app.settle_until(lambda: options.heading.text == "Bonbon options", timeout=LOAD_CHOSEN_GAME_AFTER + 5)
    assert app.screen == "players", "made ready, not shown"
    assert options.size == app.app.screens.size, "laid out as it will be shown"
    ready = list(options.rows.children)
    for name in ("Anna", "John"):
        app.app.screen("players").name_input.text = name
        app.tap("Add")
    app.tap("Next: options")
    assert app.screen == "options" and options.rows.children == ready, "shown as built, not built again"
    assert options.players == ["Anna", "John"]
    app.tap("−")  # a deck whose highest card is an 8
    assert options.values["max_value"] == 8
    app.tap("Back")
    app.tap("Next: options")
    assert options.values["max_value"] == 9 and options.rows.children != ready, "from the rulebook again"
    app.tap("Start game")
    assert app.table.session.options["max_value"] == 9 and app.table.session.names == ("Anna", "John")
