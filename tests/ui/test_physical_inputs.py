"""End to end in the running app: a mock GPIO pin and the dice tray on a pseudo-terminal change
the game through the same path as a touch, and a roll nobody expects is shown as ignored."""

import time

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.inputs.dicetray.sim import start_sim_tray
from companion.inputs.start import start_inputs


@pytest.fixture
def table_with_inputs(make_app):
    Device.pin_factory = MockFactory()
    tray = start_sim_tray()
    app = make_app(config_text=f'[dicetray]\nport = "{tray.device}"\n').start()
    inputs = start_inputs(
        app.config,
        lambda: app.table.session,
        on_control=lambda name: app.app.post_control(name, "gpio"),
        on_roll=lambda face, info: app.app.post_roll(face, info),
    )
    app.app.attach_inputs(inputs.router, inputs.statuses)
    yield app, tray, inputs
    inputs.close()
    tray.close()
    Device.pin_factory.reset()
    Device.pin_factory = None


def wait_for(app, condition, seconds=5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.frames(1)
        if condition():
            return
        time.sleep(0.01)
    raise AssertionError("the app never got there")


def press(pin_number: int) -> None:
    pin = Device.pin_factory.pin(pin_number)
    pin.drive_low()
    time.sleep(0.03)  # longer than the debounce: a real press
    pin.drive_high()


def test_tray_rolls_and_gpio_buttons_play_bondcones_like_touches(table_with_inputs):
    app, tray, inputs = table_with_inputs
    wait_for(app, lambda: inputs.tray.connected)
    app.app.start_game("bondcones", ["Mia", "Leo"], {})
    app.frames()
    session = app.table.session

    tray.press_roll()  # the tray's own button: Mia's opening roll
    wait_for(app, lambda: session.timeline.cursor == 1)
    assert session.timeline.action(0)["source"] == "tray"
    assert session.timeline.action(0)["type"] == "roll"

    press(23)  # the table's Roll button: the connected tray rolls for Leo
    wait_for(app, lambda: session.timeline.cursor >= 2)
    assert session.timeline.action(1)["source"] == "tray"

    # A tap on the GPIO Undo button is the same undo as a touch.
    press(27)
    wait_for(app, lambda: session.timeline.cursor == 1)
    assert session.can_redo
    app.screenshot("bondcones-gpio-and-tray")


def test_a_roll_when_none_is_expected_is_shown_as_ignored(table_with_inputs):
    app, tray, inputs = table_with_inputs
    wait_for(app, lambda: inputs.tray.connected)
    app.app.start_game("tally", ["Ann", "Ben"], {})
    app.frames()
    before = app.table.session.revision
    tray.press_roll()
    wait_for(app, lambda: "Roll ignored" in app.app.toast.text)
    assert app.table.session.revision == before


def test_a_button_with_no_meaning_now_says_so_on_screen(table_with_inputs):
    app, _tray, _inputs = table_with_inputs
    app.app.start_game("tally", ["Ann", "Ben"], {})
    app.frames()
    press(26)  # the dial's push button: Tally has no use for it
    wait_for(app, lambda: "Dial push does nothing in Tally" in app.app.toast.text)


def test_the_status_screen_shows_gpio_and_the_tray(table_with_inputs):
    app, _tray, inputs = table_with_inputs
    wait_for(app, lambda: inputs.tray.connected)
    levels = {s.name: s.level for s in app.app.device_statuses()}
    assert levels == {"GPIO": "ok", "Dice tray": "ok"}
    app.tap("Status")
    texts = app.texts()
    # Each device's row reads NAME, LEVEL, detail on the screen.
    for name in ("GPIO", "Dice tray"):
        assert texts[texts.index(name) + 1] == "OK"


def test_the_status_screen_blinks_this_tables_tray(table_with_inputs):
    """With trays at several tables, the one whose lights blink is this table's."""
    app, tray, inputs = table_with_inputs
    app.tap("Status")
    wait_for(app, lambda: inputs.tray.connected)
    app.settle(1.2)  # the status screen looks again each second
    app.tap("Blink the dice tray")
    wait_for(app, lambda: tray.display.identifying)
    assert "blinks" in app.app.toast.text
    app.screenshot("status-blink-tray")
    tray.unplug()
    wait_for(app, lambda: not inputs.tray.connected)
    # The status screen looks again each second: the offer goes at its next look.
    assert app.settle_until(lambda: "Blink the dice tray" not in app.texts(), timeout=10), \
        "not offered while no tray answers"


def test_a_resumed_game_arms_the_tray_as_soon_as_the_inputs_start(make_app):
    """The inputs start after the first frame, when the resumed game is already open: the tray
    learns at once that a roll is expected (its ready light), not at the next move."""
    first = make_app().start()
    first.app.start_game("bondcones", ["Ann", "Ben"], {})
    first.frames(2)
    assert first.table.session.expected().allows("roll")
    first.close()
    tray = start_sim_tray()
    app = make_app(config_text=f'[dicetray]\nport = "{tray.device}"\n').start()
    try:
        assert app.table.session is not None and app.table.session.game.id == "bondcones", "resumed"
        inputs = start_inputs(app.config, lambda: app.table.session, on_control=lambda name: None,
                              on_roll=lambda face, info: app.app.post_roll(face, info))
        try:
            app.app.attach_inputs(inputs.router, inputs.statuses)
            wait_for(app, lambda: tray.tray is not None and tray.tray.armed)
        finally:
            inputs.close()
    finally:
        tray.close()


def test_what_now_follows_a_button_pressed_while_it_is_open(table_with_inputs):
    """A player reads What now? while another rolls on the table's button, then presses Undo: the
    screen shows the game's step each time, never the answer for a step that is gone. (Why? is
    shown again the same way: companion/ui/app.py `_refresh_play`.)"""
    from companion.core.guide import guide

    app, tray, inputs = table_with_inputs
    wait_for(app, lambda: inputs.tray.connected)
    app.app.start_game("bondcones", ["Mia", "Leo"], {})
    app.frames()
    session = app.table.session
    tray.press_roll()  # Mia's opening roll
    wait_for(app, lambda: session.timeline.cursor == 1)
    app.app.go("what_now")
    for pin, moved_to in ((23, 2), (27, 1)):  # the Roll button (Leo's opening roll), then Undo
        app.frames(2)
        now = guide(session.game, session.state, session.names).prompt
        assert now in app.texts()
        press(pin)
        wait_for(app, lambda: session.timeline.cursor == moved_to)
        after = guide(session.game, session.state, session.names).prompt
        assert after != now
        wait_for(app, lambda: after in app.texts())
        assert now not in app.texts(), "the answer for the step that is gone is not shown"
        assert app.screen == "what_now", "it stays open: the player is reading it"
