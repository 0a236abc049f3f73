"""The running app on a real full disk: every way in (a touch, the dice tray, the GPIO Roll and
Undo buttons, Start game) says "Not recorded: the disk is full. The game is as it was." and
carries on; the status screen says moves are not being saved until one is; freeing space is
all it takes to play on. A read-only database is said on the touchscreen at start."""

import time

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.inputs.dicetray.sim import start_sim_tray
from companion.inputs.start import start_inputs
from tests.support.immutable import immutable
from tests.support.small_disk import small_disk
from tests.ui.test_physical_inputs import press, wait_for

FULL = "Not recorded: the disk is full. The game is as it was."


@pytest.fixture
def full_disk_table(make_app, tmp_path):
    """The app with its data folder on a small disk, GPIO buttons, and (when asked) a dice tray."""
    made = []

    def make(with_tray: bool):
        disk = disk_context.__enter__()
        Device.pin_factory = MockFactory()
        tray = start_sim_tray() if with_tray else None
        app = make_app(config_text=f'[dicetray]\nport = "{tray.device}"\n' if tray else
                       "[dicetray]\nenabled = false\n").start()
        inputs = start_inputs(
            app.config,
            lambda: app.table.session,
            on_control=lambda name: app.app.post_control(name, "gpio"),
            on_roll=lambda face, info: app.app.post_roll(face, info),
        )
        app.app.attach_inputs(inputs.router, inputs.statuses)
        made.append((app, inputs, tray))
        return app, disk, tray, inputs

    disk_context = small_disk(tmp_path / "data", size_kb=4096)
    yield make
    for app, inputs, tray in made:
        inputs.close()
        if tray is not None:
            tray.close()
        app.close()  # the database closed before its disk goes
        app.started = False
    if Device.pin_factory is not None:  # None when the disk could not be made and the test skipped
        Device.pin_factory.reset()
        Device.pin_factory = None
    disk_context.__exit__(None, None, None)


def refused_and_unchanged(app, action) -> None:
    """Run `action` on a full disk: the message is on screen and the game did not move."""
    session = app.table.session
    before = (session.state, session.revision, session.timeline.cursor)
    app.app.toast.hide()
    time.sleep(0.1)  # a person's gap between presses: longer than the last release's debounce
    action()
    try:
        wait_for(app, lambda: app.app.toast.text == FULL and app.app.toast.opacity > 0)
    except AssertionError:
        raise AssertionError(f"the screen shows {app.app.toast.text!r}") from None
    assert (session.state, session.revision, session.timeline.cursor) == before


def database_row(app) -> str | None:
    return next((s.detail for s in app.app.screen("status").statuses() if s.name == "Database"), None)


def test_gpio_roll_gpio_undo_touch_and_start_game_on_a_full_disk(full_disk_table):
    app, disk, _tray, _inputs = full_disk_table(with_tray=False)
    app.app.start_game("bondcones", ["Mia", "Leo"], {})
    app.frames()
    session = app.table.session
    press(23)  # the Roll button rolls electronically: Mia's opening roll, kept
    wait_for(app, lambda: session.timeline.cursor == 1)
    disk.fill()

    refused_and_unchanged(app, lambda: press(23))  # GPIO roll
    refused_and_unchanged(app, lambda: press(27))  # GPIO undo
    refused_and_unchanged(app, lambda: app.app.act({"type": "undo"}))  # a touch
    refused_and_unchanged(app, lambda: app.app.start_game("tally", ["Ann", "Ben"], {}))
    assert app.table.session is session and app.screen == "play"

    app.app.go("status")
    app.settle(0.3)
    assert "Moves are not being saved: the disk is full" in database_row(app)
    assert any("Moves are not being saved" in t for t in app.texts())
    app.screenshot("status-disk-full")

    disk.free()  # nothing restarted: the next press is kept
    app.app.go("play")
    time.sleep(0.1)
    press(27)
    wait_for(app, lambda: session.timeline.cursor == 0)
    assert database_row(app) is None, "the row goes once a write succeeds"


def test_a_dice_tray_roll_on_a_full_disk(full_disk_table):
    app, disk, tray, inputs = full_disk_table(with_tray=True)
    wait_for(app, lambda: inputs.tray.connected)
    app.app.start_game("bondcones", ["Mia", "Leo"], {})
    app.frames()
    disk.fill()
    refused_and_unchanged(app, tray.press_roll)
    disk.free()
    tray.press_roll()
    wait_for(app, lambda: app.table.session.timeline.cursor == 1)
    assert app.table.session.timeline.action(0)["source"] == "tray"


def test_a_read_only_database_is_said_on_the_touchscreen_at_start(make_app, tmp_path):
    first = make_app().start()
    first.app.start_game("tally", ["Ann", "Ben"], {})
    first.close()
    db = tmp_path / "data" / "companion.db"
    # Root may write any file, but not one marked immutable (SQLite then opens it read-only).
    immutable(db, True)
    try:
        again = make_app().start()
        app_text = again.app.toast.text
        assert again.app.toast.opacity > 0
        assert "Moves are not being saved: the game database is read-only" in app_text
        again.screenshot("read-only-database-notice")
        again.app.act({"type": "add", "points": 1})
        assert again.app.toast.text == "Not recorded: the game database is read-only. The game is as it was."
        assert again.table.session.timeline.cursor == 0
    finally:
        immutable(db, False)
    again.app.act({"type": "add", "points": 1})
    assert again.table.session.timeline.cursor == 1 and again.store.failure is None


def test_a_full_disk_at_start_and_the_table_picks_up_once_there_is_room(make_app, tmp_path, monkeypatch):
    """A Pi restarted with its card full: the app starts, says so, and reopens the game by itself."""
    monkeypatch.setattr("companion.ui.app.STORE_RETRY_SECONDS", 0.2)
    with small_disk(tmp_path / "data") as disk:
        first = make_app().start()
        first.app.start_game("tally", ["Ann", "Ben"], {})
        first.app.act({"type": "add", "points": 2})
        first.close()
        first.started = False
        disk.fill()
        again = make_app().start()
        try:
            assert again.screen == "home"
            assert again.app.toast.opacity > 0
            assert again.app.toast.text.startswith("Moves are not being saved: the disk is full.")
            again.screenshot("full-disk-at-start")
            disk.free()
            assert again.settle_until(lambda: again.screen == "play", timeout=10), "the game came back"
            assert again.table.session.state["scores"]["Ann"] == 2
            assert "opens again" in again.app.toast.text
        finally:
            again.close()
            again.started = False
