"""A touch that ends a player's round (a weighty action) is quiet and takes two touches; the common
entry, a card's value, is what the pad offers first. And a 0 after a kind never enters a zero quietly."""

from __future__ import annotations

from kivy.uix.button import Button

from companion.ui import theme
from companion.ui.boards.bonbon import parts
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
    if CONFIRM not in app.texts():  # the picture and its checks outlasted the 3 s a player has to tap again
        press(app, "Pass")
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


def test_an_armed_pass_goes_back_to_sleep(make_app):
    app = start(make_app)
    begin(app)
    press(app, FIRST_PASS)
    press(app, parts.tile_label("three", prefix="Pass and take "))  # Anna: John's pass earns nothing now
    press(app, "Pass")
    assert CONFIRM in app.texts()
    from companion.ui.kit.weighty import ARMED_SECONDS

    import time

    # Not sooner than ARMED_SECONDS; on a busy machine Kivy's clock may run its trigger a little late.
    armed_at = time.monotonic()
    app.settle(ARMED_SECONDS - 0.5)
    assert CONFIRM in app.texts(), "still armed while a player may tap again"
    assert app.settle_until(lambda: CONFIRM not in app.texts(), timeout=10)
    assert time.monotonic() - armed_at >= ARMED_SECONDS - 0.1 and "Pass" in app.texts()
    press(app, "Pass")  # a touch much later arms it again: it does not pass
    assert player(app, "John")["status"] == "in"
    value(app, 4)  # the table enters a card instead: the next player's pad starts unarmed
    assert player(app, "John")["cards"] == [{"face": "up", "kind": "face_up", "value": 4}]
    assert CONFIRM not in app.texts() and view(app)["turn"] == "Cris"


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
