"""The physical controls: the binding table in a full game, and board mode (option board_only)."""

import pytest

from companion.core import RuleError, Session, controls
from companion.games.bonbon import Bonbon
from companion.games.bonbon.bindings import BINDINGS
from tests.games.bonbon.support import PASS, legal_types, plain, play, started, up, view, zero


def test_every_control_but_undo_and_redo_has_a_documented_binding():
    assert set(BINDINGS) == set(controls.ALL) - {controls.UNDO, controls.REDO}


def test_pass_button_passes_and_the_first_passer_then_picks_a_tile_on_screen():
    s = started()
    s.press(controls.PASS, source="gpio")
    assert legal_types(s) == ["take_tile"]
    with pytest.raises(RuleError, match="Pass does nothing in Bonbon right now"):
        s.press(controls.PASS, source="gpio")
    s.dispatch({"type": "take_tile", "tile": "three"})
    s.press(controls.PASS, source="gpio")
    assert [p["status"] for p in view(s)["players"]] == ["passed", "passed", "in"]


@pytest.mark.parametrize("control", [controls.CONFIRM, controls.DIAL_PUSH])
def test_confirm_ends_an_optional_extra_turn(control):
    s = started()
    with pytest.raises(RuleError, match="does nothing"):
        s.press(control, source="gpio")
    play(s, zero())
    s.press(control, source="gpio")
    assert s.expected().turn == "Ben"


def test_confirm_starts_the_next_round_only_when_no_tile_needs_replacing():
    s = started(players=("Ann", "Ben"))
    play(s, up(5), up(6))  # 11 on a 2-player board: the round ends before anyone passed
    assert view(s)["phase"] == "scored"
    s.press(controls.CONFIRM, source="gpio")
    assert view(s)["round"] == 2 and view(s)["tiles"]["shown"] == ["three", "zeros", "ones"]
    play(s, PASS, {"type": "take_tile", "tile": "zeros"}, PASS)
    with pytest.raises(RuleError, match="Confirm does nothing"):
        s.press(controls.CONFIRM, source="gpio")


@pytest.mark.parametrize("control", [controls.DIAL_UP, controls.DIAL_DOWN, controls.ROLL])
def test_the_dial_and_roll_do_nothing_in_a_full_game(control):
    s = started()
    with pytest.raises(RuleError, match="does nothing in Bonbon"):
        s.press(control, source="gpio")


def board(players=("Ann", "Ben", "Cy")):
    return Session(Bonbon(), list(players), {"board_only": True})


def test_board_mode_the_dial_moves_the_collective_total_and_flags_the_overflow():
    s = board()
    heard = []
    s.subscribe(lambda change: heard.extend(change.events))
    for _ in range(15):
        s.press(controls.DIAL_UP, source="gpio")
    assert s.view()["view"]["collective"] == {"total": 15, "limit": 15, "left": 0, "over": False}
    assert heard == []
    s.press(controls.DIAL_UP, source="gpio")
    assert s.view()["view"]["collective"]["over"] is True
    assert plain(heard) == [{"type": "collective_overflow", "total": 16, "limit": 15}]
    assert "exceeded" in s.expected().prompt
    s.press(controls.DIAL_DOWN, source="gpio")
    assert s.view()["view"]["collective"]["total"] == 15


def test_board_mode_refuses_going_below_zero_and_resets_for_the_next_round():
    s = board(players=("Ann", "Ben"))
    with pytest.raises(RuleError, match="cannot go below 0"):
        s.press(controls.DIAL_DOWN, source="gpio")
    with pytest.raises(RuleError, match="already at 0"):
        s.press(controls.DIAL_PUSH, source="gpio")
    s.dispatch({"type": "board", "step": 4})
    assert [spec.type for spec in s.expected().legal] == ["board", "board_reset"]
    s.press(controls.CONFIRM, source="gpio")
    assert s.view()["view"] == {
        "mode": "board",
        "round": 2,
        "collective": {"total": 0, "limit": 10, "left": 10, "over": False},
    }
    s.press(controls.UNDO, source="gpio")
    assert s.view()["view"]["collective"]["total"] == 4


def test_board_mode_takes_no_card_actions_and_never_ends():
    s = board()
    with pytest.raises(RuleError, match="board only"):
        s.dispatch({"type": "draw", "face": "down"})
    with pytest.raises(RuleError, match="does nothing in Bonbon"):
        s.press(controls.PASS, source="gpio")
    with pytest.raises(RuleError, match="whole number"):
        s.dispatch({"type": "board", "step": 0})
    with pytest.raises(RuleError, match="A board action takes no value field"):
        s.dispatch({"type": "board", "step": 1, "value": 3})
    for _ in range(40):
        s.press(controls.DIAL_UP, source="gpio")
    assert s.result() is None


def test_board_mode_offers_a_cards_value_as_one_step():
    """A card worth 7 moved the board by seven steps of +1: the step now offers every card value,
    added (a card played face-up) or taken off (a card turned face-down, a slip), as far as the board allows."""
    s = Session(Bonbon(), ["Ann", "Ben", "Cy"], {"board_only": True, "max_value": 12})
    step = next(spec for spec in s.expected().legal if spec.type == "board").fields["step"]
    offered = {p.value: (p.label, p.enabled) for p in step.picks}
    assert [v for v in offered if v > 0] == list(range(1, 13))  # the deck's highest value
    assert offered[7] == ("+7", True) and offered[-1] == ("−1", False)  # nothing to take off at 0
    s.dispatch({"type": "board", "step": 7})
    assert s.view()["view"]["collective"]["total"] == 7
    step = next(spec for spec in s.expected().legal if spec.type == "board").fields["step"]
    assert {p.value for p in step.picks if p.enabled and p.value < 0} == set(range(-7, 0))
