"""Refusals a new player met, each read as the rule (the touchscreen never offers these moves;
scripts, phones and a second screen may send them)."""

from __future__ import annotations

from pathlib import Path

from companion.replay import replay
from tests.games.bonc.support import play, table
from tests.support.refusal_words import refusal_words as words

SCRIPTS = Path(__file__).parent / "scripts"


def test_the_one_blitz_card_of_a_three_player_game_is_named_as_the_only_one():
    s = table(["Ann", "Ben", "Cy"])
    play(s, "blitz")
    assert words(s, {"type": "play", "card": "blitz"}) == "The only BLITZ card of this deal is already on the discard pile"


def test_a_player_who_is_out_is_told_they_are_out():
    s = table(["Ann", "Ben", "Cy", "Dee"], lives=1)
    play(s, 3, 4, 7, 7)  # Dee's 7 matches Cy's: Cy is out
    assert words(s, {"type": "play", "card": 5, "by": "Cy"}) == "Cy is out (no lives left): it is Ann's turn"


def test_borrowed_time_aimed_at_a_player_while_everyone_else_is_bulletproof_says_it_heals_instead():
    lines = (SCRIPTS / "borrowed_time_with_everyone_else_bulletproof.jsonl").read_text().splitlines()
    s = replay(lines[:-1])  # Dan's turn; Ann, Ben and Cat are Bulletproof
    message = words(s, {"type": "play", "card": "borrowed_time", "target": "Ann"})
    assert message == ("Everyone else is Bulletproof: BORROWED TIME takes no life now and heals like a BAND-AID, "
                       "so choose nobody to take a life from")


def test_a_target_for_a_card_that_takes_no_chosen_life_names_the_card():
    s = table()
    assert words(s, {"type": "play", "card": 5, "target": "Ben"}) == (
        "Only BORROWED TIME takes a life from a chosen player: a 5 takes none")


def test_a_number_card_whose_copies_are_all_played_is_named_by_its_value():
    s = table()
    play(s, 1)
    assert words(s, {"type": "play", "card": 1}) == "The only 1 of this deal is already on the discard pile"


def test_a_life_given_with_a_card_that_heals_nobody_names_the_card():
    s = table()
    assert words(s, {"type": "play", "card": 5, "gift": "Ben"}) == (
        "Only a BAND-AID gives a life to a chosen player: a 5 gives none")
