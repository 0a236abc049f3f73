"""The buttons and the dial: the dial chooses a card, a button plays it."""

from companion.core import controls
from tests.games.bon.support import play, refused, started, view


def press(s, control):
    return s.press(control, "gpio")


def test_the_dial_walks_the_cards_still_possible_and_confirm_plays_the_one_shown():
    s = started(leftovers=("red-1", "pass"))
    press(s, controls.DIAL_UP)
    assert view(s)["pointer"] == "red-2"  # Red 1 lies face up: skipped
    press(s, controls.DIAL_UP)
    press(s, controls.DIAL_DOWN)
    assert view(s)["pointer"] == "red-2"
    change = press(s, controls.CONFIRM)
    assert change.action["type"] == "play" and change.action["card"] == "red-2"
    assert view(s)["played"] == ["red-2"] and view(s)["pointer"] is None


def test_the_dial_wraps_round_and_skips_played_cards():
    s = started(leftovers=("red-1", "red-2"))
    play(s, "pass", "pass")
    press(s, controls.DIAL_DOWN)
    # Backwards from nothing: the last card still possible; both Pass cards are out.
    assert view(s)["pointer"] == "blue-7"
    press(s, controls.DIAL_UP)
    assert view(s)["pointer"] == "red-3"


def test_the_dial_enters_the_left_over_cards_too():
    s = started(leftovers=())
    press(s, controls.DIAL_UP)
    press(s, controls.DIAL_PUSH)
    assert view(s)["leftovers"] == [{"face": "up", "card": "red-1", "label": "Red 1"}]


def test_the_pass_button_plays_a_pass_card_while_one_is_possible():
    s = started(leftovers=("red-1", "pass"))
    assert press(s, controls.PASS).action == {"type": "play", "card": "pass", "source": "gpio"}
    assert s.meaning(controls.PASS) is None


def test_confirm_without_a_card_on_the_dial_does_nothing_and_says_what_is_awaited():
    s = started()
    assert s.meaning(controls.CONFIRM) is None
    assert s.unused_control_message(controls.CONFIRM) == "Confirm does nothing in B.O.N right now — Trick 1: Ann leads"
    assert s.meaning(controls.ROLL) is None


def test_confirm_deals_the_next_round_after_scoring_unless_something_must_be_chosen():
    from tests.games.bon.support import ROUND_ANN3_BEN0_CY4
    s = started()
    play(s, *ROUND_ANN3_BEN0_CY4)
    assert s.meaning(controls.CONFIRM) == {"type": "next_round"}
    chooser = started(next_leader="choose")
    play(chooser, *ROUND_ANN3_BEN0_CY4)
    assert chooser.meaning(controls.CONFIRM) is None


def test_undo_takes_back_a_card_played_with_the_dial_and_leaves_the_dial_on_it():
    s = started()
    press(s, controls.DIAL_UP)
    press(s, controls.CONFIRM)
    press(s, controls.UNDO)
    assert view(s)["played"] == [] and view(s)["pointer"] == "red-1"


def test_pointing_at_a_card_out_of_play_is_refused():
    s = started(leftovers=("red-1", "pass"))
    refused(s, {"type": "point", "card": "red-1"}, "Red 1 lies face up among the left-over cards")
