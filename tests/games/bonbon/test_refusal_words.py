"""Refusals of a zero's and a reveal's values, each read as the rule: how many cards are turned
over, counted in words, and what to enter (the touchscreen asks one value a card; scripts, phones
and a second screen may send any number)."""

from __future__ import annotations

from tests.games.bonbon.support import PASS, down, play, started, up, zero
from tests.support.refusal_words import refusal_words as words


def test_a_zero_with_no_face_down_card_behind_it_says_there_is_none_to_turn_over():
    s = started(players=("Cy", "Ann"))
    assert words(s, zero(3)) == "Cy has no face-down card to turn over: enter no values"


def test_a_zero_counts_the_cards_it_turns_over_and_the_values_to_enter():
    s = started(players=("Ann", "Ben"))
    play(s, down(), PASS, {"type": "take_tile", "tile": "three"}, up(2), down(), down())
    assert words(s, zero(3)) == "The zero turns over 2 face-down cards of Ann: enter 2 values, left to right"
    assert words(s, {"type": "draw", "face": "up", "kind": "zero", "revealed": 3}) == (
        "The zero turns over 2 face-down cards of Ann: enter 2 values, left to right, as a list")


def test_a_zero_over_a_card_whose_value_is_known_asks_for_no_value():
    s = started(players=("Ann", "Ben"))
    play(s, up(4), up(2, kind="hide"), {"type": "hide", "player": "Ann", "card": 1})  # Ben turns Ann's 4 down
    assert words(s, zero(4)) == (
        "The zero turns over 1 face-down card of Ann, and its value is known: enter no values")


def test_the_reveal_at_the_round_end_counts_the_cards_in_words():
    s = started(players=("Ann", "Ben"))
    play(s, up(3), down(), down(), zero(5), {"type": "end_turn"}, {"type": "pass", "tile": "ones"}, up(1), PASS)
    assert words(s, {"type": "reveal", "player": "Ann", "values": [6, 7]}) == (
        "Ann has 1 face-down card to reveal: enter 1 value")
    assert words(s, {"type": "reveal", "player": "Ann", "values": 6}) == (
        "Ann has 1 face-down card to reveal: enter 1 value, as a list")
