"""The six bonus tiles of the rulings, each scored through a played round."""

import pytest

from companion.core import RuleError
from companion.games.bonbon.tiles import TILES
from tests.games.bonbon.support import END, PASS, down, line, started, up, view, zero


def round_with_tile(tile, ann_actions, ann_values=(), variety=None):
    """Ann plays her cards (Ben answers each turn with a face-down card), passes first taking `tile`."""
    others = [t for t in TILES if t != tile][:2]
    s = started(players=("Ann", "Ben"), tiles=(tile, *others))
    for action in ann_actions:
        s.dispatch(action)
        if s.expected().turn == "Ben":
            s.dispatch(down())
    s.dispatch({"type": "pass", "tile": tile})
    s.dispatch(PASS)
    ben_cards = sum(1 for c in next(p for p in view(s)["players"] if p["name"] == "Ben")["cards"])
    s.dispatch({"type": "reveal", "player": "Ben", "values": [2] * ben_cards})
    if view(s)["phase"] == "reveal":
        reveal = {"type": "reveal", "player": "Ann", "values": list(ann_values)}
        if variety is not None:
            reveal["variety"] = variety
        s.dispatch(reveal)
    return s


def test_three_gives_3_points():
    s = round_with_tile("three", [up(2)])
    assert (line(s, "Ann")["tile_points"], line(s, "Ann")["total"]) == (3, 5)


def test_zeros_gives_a_point_per_zero_played():
    s = round_with_tile("zeros", [zero(), END, up(2), zero(), END])
    assert line(s, "Ann")["tile_points"] == 2


def test_face_up_counts_face_up_cards_but_not_zeros_nor_face_down_cards():
    # Ann: 2, then a face-down 5 that her zero turns over, the zero, and a last face-down card.
    s = round_with_tile("face_up", [up(2), down(), zero(5), END, down()], ann_values=[3])
    ann = line(s, "Ann")
    assert ann["tile_points"] == 2 and ann["card_values"] == 2 + 5 + 0 + 3


def test_ones_counts_every_card_showing_1_including_face_down_ones_revealed_at_scoring():
    s = round_with_tile("ones", [up(1), down(), up(1, kind="must_up"), up(4)], ann_values=[1])
    assert line(s, "Ann")["tile_points"] == 3


def test_sets_gives_2_points_per_set_of_at_least_two_face_down_cards():
    s = round_with_tile("sets", [down(), down(), up(2), down(), down(), down(), up(1), down()], ann_values=[1, 1, 1, 1, 1, 1])
    ann = line(s, "Ann")
    assert ann["face_down_sets"] == [2, 3, 1]
    assert ann["tile_points"] == 4 and ann["sets_points"] == 1 + 2 + 0


def test_variety_count_is_entered_at_scoring_within_the_non_zero_cards():
    s = started(players=("Ann", "Ben"), tiles=("variety", "three", "ones"))
    for action in (zero(), END, up(2), down()):
        s.dispatch(action)
        if s.expected().turn == "Ben":
            s.dispatch(down())
    s.dispatch({"type": "pass", "tile": "variety"})
    s.dispatch(PASS)
    waiting = {w["player"]: w for w in view(s)["reveal"]}
    assert waiting["Ann"] == {"player": "Ann", "values": 1, "cards": [3], "variety": True, "variety_max": 2}
    before = s.state
    for bad, message in (({}, "holds the variety tile"), ({"variety": 3}, "0 to 2"), ({"variety": -1}, "0 to 2")):
        with pytest.raises(RuleError, match=message):
            s.dispatch({"type": "reveal", "player": "Ann", "values": [4], **bad})
        assert s.state == before
    s.dispatch({"type": "reveal", "player": "Ann", "values": [4], "variety": 2})
    s.dispatch({"type": "reveal", "player": "Ben", "values": [3, 3, 3]})
    assert line(s, "Ann")["tile_points"] == 2 and line(s, "Ann")["tile"] == "variety"


def test_variety_holder_with_no_face_down_card_still_enters_the_count():
    s = round_with_tile("variety", [up(2), up(3)], variety=1)
    assert line(s, "Ann")["tile_points"] == 1


def hidden_zero_round(variety):
    """Ann: a 3, a zero Ben turns face-down, a face-down 4; she passes first with the variety tile."""
    s = started(players=("Ann", "Ben"), tiles=("variety", "three", "ones"))
    for action in (up(3), down(), zero(), END, up(1, kind="hide"), {"type": "hide", "player": "Ann", "card": 2},
                   down(), down(), {"type": "pass", "tile": "variety"}, PASS):
        s.dispatch(action)
    assert next(w for w in view(s)["reveal"] if w["player"] == "Ann")["variety_max"] == 3
    s.dispatch({"type": "reveal", "player": "Ann", "values": [4], "variety": variety})
    return s


def test_variety_after_a_hidden_zero_is_turned_over_scores_the_count_entered():
    s = hidden_zero_round(variety=2)
    assert [c.get("value") for c in next(p for p in view(s)["players"] if p["name"] == "Ann")["cards"]] == [3, 0, 4]
    assert view(s)["warnings"] == []
    s.dispatch({"type": "reveal", "player": "Ben", "values": [2, 2]})
    ann = line(s, "Ann")
    assert (ann["tile_points"], ann["card_values"], ann["cards_played"]) == (2, 7, 2)


def test_a_variety_count_above_the_non_zero_cards_is_flagged_once_the_zero_is_turned_over():
    # Offered up to 3 while the zero was face-down, so 3 is accepted; once Ann's cards lie face-up
    # the table is told to check it, and undo can put it right.
    s = hidden_zero_round(variety=3)
    message = "Ann counted 3 different illustrations, but only 2 of Ann's cards are not zeros"
    assert view(s)["warnings"] == [message]
    s.dispatch({"type": "reveal", "player": "Ben", "values": [2, 2]})
    assert line(s, "Ann")["tile_points"] == 3 and view(s)["warnings"] == [message]
    s.dispatch({"type": "undo"})
    s.dispatch({"type": "undo"})
    s.dispatch({"type": "reveal", "player": "Ann", "values": [4], "variety": 2})
    assert view(s)["warnings"] == []


def test_the_reveal_prompt_asks_only_for_cards_that_are_there():
    """A player who played face-up only and holds the variety tile has no card to turn over: the prompt
    says what she does enter (the count), not that her face-down cards are to be revealed."""
    others = [t for t in TILES if t != "variety"][:2]
    s = started(players=("Ann", "Ben"), tiles=("variety", *others))
    s.dispatch(up(2))  # Ann
    s.dispatch(down())  # Ben
    s.dispatch({"type": "pass", "tile": "variety"})
    s.dispatch(PASS)
    assert s.expected().prompt == ("Round 1 over: reveal the face-down cards of Ben; "
                                   "Ann counts illustrations for the variety tile")
    s.dispatch({"type": "reveal", "player": "Ben", "values": [4]})
    assert s.expected().prompt == "Round 1 over: Ann counts illustrations for the variety tile"
