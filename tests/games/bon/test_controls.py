"""The buttons and the dial: the dial looks for a card on the touchscreen (never a move), Confirm
plays it; Pass and a deal after the scoring come from the rules' own bindings."""

import pytest

from companion.core import controls
from tests.games.bon.support import ROUND_ANN3_BEN0_CY4, play, refused, started, view
from tests.games.bon.test_board import board, card, set_up, start
from tests.ui.conftest import make_app, window  # noqa: F401 (fixtures)


def press(s, control):
    return s.press(control, "gpio")


# -- the rules ------------------------------------------------------------------------------

def test_the_dial_is_not_a_move_of_the_game():
    s = started()
    assert s.meaning(controls.DIAL_UP) is None and s.meaning(controls.DIAL_DOWN) is None
    assert s.meaning(controls.CONFIRM) is None  # Confirm on a card is the board's: it knows the card
    assert "pointer" not in view(s)
    refused(s, {"type": "point", "card": "red-2"}, "B.O.N has no action called point")


def test_the_pass_button_plays_a_pass_card_while_one_is_possible():
    s = started(leftovers=("red-1", "pass"))
    assert press(s, controls.PASS).action == {"type": "play", "card": "pass", "source": "gpio"}
    assert s.meaning(controls.PASS) is None


def test_a_control_that_means_nothing_says_what_is_awaited():
    s = started()
    assert s.meaning(controls.ROLL) is None
    assert s.unused_control_message(controls.ROLL) == "Roll does nothing in B.O.N right now — Trick 1: Ann leads"


def test_confirm_deals_the_next_round_after_scoring_unless_something_must_be_chosen():
    s = started()
    play(s, *ROUND_ANN3_BEN0_CY4)
    assert s.meaning(controls.CONFIRM) == {"type": "next_round"}
    chooser = started(next_leader="choose")
    play(chooser, *ROUND_ANN3_BEN0_CY4)
    assert chooser.meaning(controls.CONFIRM) is None


# -- at the table: the dial on the touchscreen ------------------------------------------------

def dial(app, control: str):
    outcome = app.app.control(control, "gpio")
    app.frames(3)
    return outcome


def highlighted(app) -> list[str]:
    return [c for c, b in board(app).pad.buttons.items() if b.text.startswith("[u]")]


def test_turning_the_dial_records_nothing_and_undo_takes_back_the_card_not_a_step(make_app):
    app = start(make_app, size=(800, 480), players=("Ann", "Ben", "Cy", "Dee", "Eve"))
    set_up(app, leftovers=("red-1", "pass"))
    session = app.table.session
    moves, revision = session.timeline.cursor, session.revision
    for _ in range(3):
        dial(app, controls.DIAL_UP)
    dial(app, controls.DIAL_DOWN)
    assert highlighted(app) == ["red-3"]  # Red 1 lies face up: skipped
    assert (session.timeline.cursor, session.revision) == (moves, revision)  # nothing recorded, nothing sent
    app.screenshot("bon-five-players-dial-800x480")
    outcome = dial(app, controls.CONFIRM)
    assert outcome.applied and outcome.action["type"] == "play" and outcome.action["card"] == "red-3"
    assert view(session)["played"] == ["red-3"] and highlighted(app) == []
    assert session.timeline.cursor == moves + 1  # one move: the card
    # The next player's first step starts beside the card just played.
    dial(app, controls.DIAL_UP)
    assert highlighted(app) == ["red-4"]
    change = app.app.undo("gpio")
    assert change.events[0]["text"] == "Took back: Ann: Red 3 (Prime: Red)"
    assert view(session)["played"] == []


def test_confirm_with_nothing_highlighted_says_to_turn_the_dial(make_app):
    app = start(make_app)
    set_up(app)
    outcome = dial(app, controls.CONFIRM)
    assert not outcome.applied
    assert outcome.message == "Turn the dial to a card first: Confirm then plays the card it shows"
    assert view(app.table.session)["played"] == []


def test_the_dial_enters_the_left_over_cards_too(make_app):
    app = start(make_app)
    set_up(app, leftovers=())
    dial(app, controls.DIAL_DOWN)  # backwards from nothing: the last card, a Pass
    dial(app, controls.DIAL_PUSH)
    assert view(app.table.session)["leftovers"] == [{"face": "up", "card": "pass", "label": "Pass"}]


def test_a_touch_takes_over_from_the_dial(make_app):
    app = start(make_app)
    set_up(app)
    dial(app, controls.DIAL_UP)
    assert highlighted(app) == ["red-1"]
    card(app, "yellow-4")  # Ann touches her card instead
    assert highlighted(app) == []
    dial(app, controls.DIAL_UP)
    assert highlighted(app) == ["yellow-5"]


@pytest.mark.parametrize("via", ["dial", "undo"])
def test_the_dial_starts_afresh_after_a_rounds_scoring(make_app, via):
    app = start(make_app)
    set_up(app)
    for name in ROUND_ANN3_BEN0_CY4[:-1]:
        card(app, name)
    dial(app, controls.DIAL_UP)
    assert highlighted(app) == ["blue-5"]  # the last card in anyone's hand
    dial(app, controls.CONFIRM)
    assert view(app.table.session)["phase"] == "scored"
    if via == "undo":
        app.app.undo("gpio")  # across the scoring: Blue 5 is possible again, but the dial let go of it
        app.frames(3)
        assert view(app.table.session)["phase"] == "play" and highlighted(app) == []
        return
    outcome = dial(app, controls.CONFIRM)  # after the scoring, Confirm deals the next round
    assert outcome.applied and view(app.table.session)["round"] == 2
    assert highlighted(app) == []  # not Blue 5, which the dial last rested on
