"""The kit's dial cursor: where the table's dial rests on a board's pad, kept by the board."""

from companion.core import controls
from companion.ui.kit.dial import NOTHING_HIGHLIGHTED, STEPPED, DialCursor

PAD = ("a", "b", "c", "d", "e")


def test_steps_skip_greyed_values_and_wrap_round():
    cursor = DialCursor()
    cursor.offer(PAD, {"b", "c", "e"})
    assert cursor.highlighted is None
    assert [cursor.step(1) for _ in range(4)] == ["b", "c", "e", "b"]
    assert cursor.step(-1) == "e"


def test_backwards_from_nowhere_is_the_last_possible_value():
    cursor = DialCursor()
    cursor.offer(PAD, {"a", "c"})
    assert cursor.step(-1) == "c"


def test_a_value_greyed_under_the_dial_is_no_longer_highlighted_but_the_next_step_starts_there():
    cursor = DialCursor()
    cursor.offer(PAD, set(PAD))
    cursor.step(1), cursor.step(1)
    cursor.offer(PAD, set(PAD) - {"b"})  # "b" was chosen: it is out of play now
    assert cursor.highlighted is None
    assert cursor.step(1) == "c"
    cursor.offer(PAD, set(PAD) - {"c"})
    assert cursor.step(-1) == "b"  # wherever it is possible again


def test_another_pad_starts_afresh():
    cursor = DialCursor()
    cursor.offer(PAD, set(PAD))
    cursor.step(1)
    cursor.offer(("x", "y"), {"x", "y"})
    assert cursor.highlighted is None and cursor.step(1) == "x"


def test_what_the_controls_mean():
    cursor = DialCursor()
    cursor.offer(PAD, {"d"})
    assert cursor.answer(controls.CONFIRM) is NOTHING_HIGHLIGHTED
    assert cursor.answer(controls.DIAL_UP) is STEPPED and cursor.highlighted == "d"
    assert cursor.answer(controls.DIAL_PUSH) == "d" and cursor.answer(controls.CONFIRM) == "d"
    assert cursor.answer(controls.PASS) is None and cursor.answer(controls.UNDO) is None
    cursor.offer(PAD, set())
    assert cursor.answer(controls.DIAL_DOWN) is NOTHING_HIGHLIGHTED
