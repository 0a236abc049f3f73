"""Scoring: variety bonuses, generosity x3, tokens, food cards 5/3/1, wilds 1; the winner and ties."""

from __future__ import annotations

import pytest

from companion.games.baon.scoring import card_points, variety
from tests.games.baon.support import new, play, run_script, sheet, view


@pytest.mark.parametrize("cards, suits, bonus", [
    (["a1", "b2", "c3"], 3, 0),
    (["a1", "b2", "c3", "d4"], 4, 5),
    (["a1", "b2", "c3", "d4", "e5"], 5, 10),
    (["a1", "b2", "c3", "d4", "e5", "f6"], 6, 10),
    (["a1", "w", "c3", "d4", "w"], 3, 0),  # wilds have no suit
    (["a1", "a2", "b3", "c4", "d5", "a6"], 4, 5),
])
def test_the_variety_bonus_counts_different_suits_without_wilds(cards, suits, bonus):
    assert variety(cards) == (suits, bonus)


@pytest.mark.parametrize("card, container, favourite, points", [
    ("a5", "a", "a", 5), ("a5", "a", "b", 3), ("a5", "b", "a", 3), ("a5", "b", "c", 1),
    ("a5", "b", None, 1), ("w", "a", "a", 1),
])
def test_a_food_card_scores_5_3_or_1(card, container, favourite, points):
    assert card_points(card, container, favourite) == points


def test_the_whole_game_scored_by_hand_matches_the_app():
    """Counted at the table, line by line (favourites: Ann Adobo, Ben Lumpia, Cy Pancit):
    Ann: Adobo container [wild-A3-L4-P5-Le6-S7]: 5 suits, variety 10; A3 both (5); four cards
         neither (4); the wild 1; 2 cubes = 6; Biggest Baon 10 + Most Generous 5. Total 41.
    Ben: Lumpia container [L7-L8-wild-L10]: three cards both (15), wild 1; Lechon container
         [Le1-S2-K3]: Le1 matches its container (3), two neither (2); no cubes; Most Treats 5 +
         Most Baons 10. Total 36.
    Cy:  Pancit container [P1-P2-P3-P4], all both (20); 1 cube = 3. Total 23."""
    s = run_script("whole_game")
    hand = {"Ann": (10, 6, 15, 5, 0, 4, 1), "Ben": (0, 0, 15, 15, 3, 2, 1), "Cy": (0, 3, 0, 20, 0, 0, 0)}
    order = ("variety", "generosity", "tokens", "food_both", "food_one", "food_neither", "wilds")
    for name, lines in hand.items():
        row = sheet(s, name)
        assert tuple(row["lines"][k] for k in order) == lines
        assert row["total"] == sum(lines)
    assert s.result().winners == ("Ann",) and s.result().scores == {"Ann": 41, "Ben": 36, "Cy": 23}
    assert [t["token"] for t in sheet(s, "Ann")["tokens"]] == ["biggest", "generous"]
    assert sheet(s, "Ann")["baons"] == [{"container": "a", "suits": 5, "points": 10}]


def test_token_points_are_options():
    s = new(("Ann", "Ben"), scoring_only=True, biggest_points=5, treats_points=10)
    play(s, {"type": "claim", "token": "biggest", "player": "Ann"}, {"type": "claim", "token": "treats", "player": "Ben"})
    assert s.view()["scores"] == {"Ann": 5, "Ben": 10}


def test_a_tie_on_points_and_generosity_is_a_shared_victory():
    s = new(("Ann", "Ben", "Cy"), scoring_only=True)
    play(s, {"type": "generosity", "player": "Ann", "cubes": 2}, {"type": "generosity", "player": "Ben", "cubes": 2},
         {"type": "baon", "player": "Cy", "container": "a", "cards": ["b1", "c2", "d3"]}, {"type": "score"})
    assert view(s)["winners"] == ["Ann", "Ben"] and view(s)["decided"] == "shared"
    assert s.result().summary == "Ann and Ben win with 6 points (tied on points and generosity: a shared victory)"


def test_scores_are_live_during_play():
    s = new(("Ann", "Ben"))
    play(s, {"type": "favourite", "suit": "a"}, {"type": "baon", "container": "a", "cards": ["a1", "a2", "b3"]})
    assert s.view()["scores"] == {"Ann": 11, "Ben": 0}
