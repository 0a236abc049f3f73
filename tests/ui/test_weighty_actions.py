"""A touch that ends a player's round (a weighty action) is quiet and takes two touches; the common
entry, a card's value, is what the pad offers first. And a 0 after a kind never enters a zero quietly."""

from __future__ import annotations

import time

from kivy.clock import Clock
from kivy.tests.common import UnitTestTouch
from kivy.uix.button import Button

from companion.ui import theme
from companion.ui.boards.bonbon import parts
from companion.ui.kit.weighty import ARMED_SECONDS
from tests.support.finger import TEST_CLOCK
from tests.ui.test_bonbon_board import (
    CONFIRM, FIRST_PASS, begin, board, player, press, start, value, view,
)


def brightness(rgba) -> float:
    r, g, b = rgba[:3]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_pass_is_not_the_brightest_button_and_one_touch_does_not_pass(make_app):
    """The first pass earns a tile: its one touch asks which, and the tile sends the pass with it
    (one move); a second passer's Pass, which ends a round with nothing after it, takes two."""
    app = start(make_app)
    begin(app)
    pad = [w for w in board(app).entry.walk() if isinstance(w, Button) and w.opacity > 0]
    pass_button = next(b for b in pad if b.text.startswith("[b]Pass[/b]"))
    assert list(pass_button.background_color) != list(theme.ACCENT), "Pass is no longer the amber main button"
    assert all(brightness(pass_button.background_color) <= brightness(b.background_color) for b in pad), \
        "no button on the pad is quieter than Pass"
    before = app.table.session.revision
    press(app, FIRST_PASS)
    assert app.table.session.revision == before and player(app, "Anna")["status"] == "in"
    assert "Anna may pass now and take a bonus tile:" in app.texts()  # the tile is the confirmation
    app.screenshot("bonbon-first-pass-tile")
    press(app, "Cancel: not passing")
    assert app.table.session.revision == before and FIRST_PASS in app.texts()
    press(app, FIRST_PASS)
    press(app, parts.tile_label("three", prefix="Pass and take "))
    assert app.table.session.revision == before + 1, "the pass and its tile: one move"
    assert player(app, "Anna")["status"] == "passed" and player(app, "Anna")["tile"] == "three"
    press(app, "Pass")  # John: no tile left to earn, so the pass is the kit's two-touch button
    assert player(app, "John")["status"] == "in" and CONFIRM in app.texts()
    app.screenshot("bonbon-pass-armed")
    press(app, CONFIRM)
    assert player(app, "John")["status"] == "passed"


def test_undo_takes_back_the_first_pass_and_its_tile_together(make_app):
    app = start(make_app)
    begin(app)
    before = app.table.session.view()
    press(app, FIRST_PASS)
    press(app, parts.tile_label("three", prefix="Pass and take "))
    app.tap("Undo")
    after = app.table.session.view()
    assert after["view"] == before["view"] and after["expected"] == before["expected"], "one Undo, both gone"


def john_armed(make_app) -> AppDriver:
    """Anna has passed first with a tile; John's Pass (nothing to earn) armed by his first touch."""
    app = start(make_app)
    begin(app)
    press(app, FIRST_PASS)
    press(app, parts.tile_label("three", prefix="Pass and take "))  # Anna: John's pass earns nothing now
    press(app, "Pass")
    assert CONFIRM in app.texts()
    return app


def test_an_armed_pass_goes_back_to_sleep(make_app):
    app = john_armed(make_app)
    # The 3 s are counted on the clock touches are stamped with (here the test's): real time alone,
    # however slowly a loaded machine draws, does not put it to sleep.
    TEST_CLOCK.advance(ARMED_SECONDS - 0.5)
    app.settle(ARMED_SECONDS + 0.5)  # Kivy's timer has run: 2.5 s of the player's 3 are gone
    assert CONFIRM in app.texts(), "still armed while a player may tap again"
    TEST_CLOCK.advance(0.6)
    assert app.settle_until(lambda: CONFIRM not in app.texts(), timeout=10)
    assert "Pass" in app.texts()
    press(app, "Pass")  # a touch much later arms it again: it does not pass
    assert player(app, "John")["status"] == "in"
    value(app, 4)  # the table enters a card instead: the next player's pad starts unarmed
    assert player(app, "John")["cards"] == [{"face": "up", "kind": "face_up", "value": 4}]
    assert CONFIRM not in app.texts() and view(app)["turn"] == "Cris"


def test_a_confirm_made_in_time_counts_though_a_slow_frame_reads_it_late(make_app):
    """A busy Pi: John taps "Tap again to confirm" with 0.1 s left, during a frame that takes
    longer than that. Kivy runs the frame's timers before the touches that came meanwhile; the
    button still said "Tap again to confirm" when he touched it, so he passes."""
    app = john_armed(make_app)
    confirm = app.find(CONFIRM, root=board(app).entry)
    assert app.settle_until(lambda: confirm.state == "normal")  # Kivy shows a touched button down 35 ms
    app.frames(2)  # John sees "Tap again to confirm", no longer pressed
    spot = confirm.to_window(*confirm.center)
    TEST_CLOCK.advance(ARMED_SECONDS - 0.1)
    finger = UnitTestTouch(*spot)  # down with 0.1 s left, on the clock touches are stamped with
    TEST_CLOCK.advance(0.2)  # and read after the 3 s are up

    def read_the_touch(_dt: float) -> None:  # in the frame after, after the button's timer
        finger.touch_down()
        finger.touch_up()

    def slow_frame(_dt: float) -> None:
        time.sleep(ARMED_SECONDS + 0.2)  # the frame itself: the button's timer is due by its end
        Clock.schedule_once(read_the_touch, 0)  # the next frame, after the timer armed before it

    Clock.schedule_once(slow_frame, 0)
    app.frames(4)
    assert player(app, "John")["status"] == "passed", "the confirm he made while it was shown counts"
    assert CONFIRM not in app.texts()


def test_a_finger_on_confirm_when_the_time_is_up_passes_as_it_lifts(make_app):
    """John's finger goes down on "Tap again to confirm" with 0.05 s left and lifts 0.1 s later,
    after the 3 s: a tap takes several frames, and the button waits for the lift of a finger that
    went down while it was armed."""
    app = john_armed(make_app)
    confirm = app.find(CONFIRM, root=board(app).entry)
    assert app.settle_until(lambda: confirm.state == "normal")
    app.frames(2)
    TEST_CLOCK.advance(ARMED_SECONDS - 0.05)
    finger = UnitTestTouch(*confirm.to_window(*confirm.center))
    finger.touch_down()
    TEST_CLOCK.advance(0.1)
    app.settle(ARMED_SECONDS + 0.5)  # Kivy's timer has run, the 3 s are up, the finger still down
    assert confirm.state == "down" and CONFIRM in app.texts(), "not asleep under a finger"
    finger.touch_up()
    app.frames(2)
    assert player(app, "John")["status"] == "passed"


def test_a_zero_after_must_face_up_is_refused_not_entered_as_a_zero(make_app):
    """The trial: "Must face-up" then 0 quietly recorded a zero card."""
    app = start(make_app)
    begin(app)
    press(app, "Must face-up")
    zero = app.find("[b]0[/b]", root=board(app).entry)
    assert zero.disabled, "0 is greyed beside a kind: the zero is a kind of its own"
    assert "Must face-up: tap its value (1 up)" in app.texts()
    before = app.table.session.revision
    value(app, 0)
    assert app.table.session.revision == before and player(app, "Anna")["cards"] == []
    app.screenshot("bonbon-must-face-up-no-zero")
    value(app, 3)
    assert player(app, "Anna")["cards"] == [{"face": "up", "kind": "must_up", "value": 3}]
    # Back on a plain face-up card, 0 is the zero again.
    value(app, 0)
    assert player(app, "John")["cards"] == [{"face": "up", "kind": "zero", "value": 0}]
