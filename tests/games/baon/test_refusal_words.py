"""Refusals a new player met, each read as the rule and naming what to do instead (the touchscreen
never offers these; scripts, phones and a second screen may send them)."""

from __future__ import annotations

from companion.replay import replay
from tests.games.baon.support import END, SCRIPTS, new, play, refused
from tests.support.refusal_words import refusal_words as words

LOLA = (SCRIPTS / "lola_end.jsonl").read_text().splitlines()


def test_a_card_of_the_suit_out_of_a_two_player_game_says_the_suit_is_out():
    s = new(("Ann", "Ben"))
    message = words(s, {"type": "baon", "container": "a", "cards": ["f1", "f2", "f3"]})
    assert message == ("Kare-kare is not in a two-player game: its cards are out of the box. "
                       "Play cards of Adobo, Lumpia, Pancit, Lechon or Sinigang, or a wild")


def test_a_container_or_favourite_food_of_the_suit_out_of_a_two_player_game_says_the_suit_is_out():
    s = new(("Ann", "Ben"))
    assert words(s, {"type": "baon", "container": "f", "cards": ["a1", "a2", "a3"]}) == (
        "Kare-kare is not in a two-player game: there is no Kare-kare container. "
        "Choose Adobo, Lumpia, Pancit, Lechon or Sinigang")
    assert words(s, {"type": "favourite", "suit": "f"}) == (
        "Kare-kare is not in a two-player game: pick a favourite food of Adobo, Lumpia, Pancit, Lechon or Sinigang")
    # Entering a game played without the app: the same rule, in the same words.
    tally = new(("Ann", "Ben"), scoring_only=True)
    assert words(tally, {"type": "baon", "player": "Ben", "container": "f", "cards": ["a1", "a2", "a3"]}) == (
        "Kare-kare is not in a two-player game: there is no Kare-kare container. "
        "Choose Adobo, Lumpia, Pancit, Lechon or Sinigang")
    assert words(tally, {"type": "favourite", "player": "Ben", "suit": "f"}).startswith(
        "Kare-kare is not in a two-player game: pick a favourite food of")


def test_taking_no_card_says_how_many_may_be_taken():
    s = new()
    assert words(s, {"type": "take", "sources": []}) == "Take 1 or 2 cards, or 3 from the pile with an empty hand"


def test_taking_again_after_the_last_rounds_one_card_says_only_one_is_drawn():
    s = replay(LOLA[:len(LOLA) - 9])
    play(s, {"type": "take", "sources": ["pile", 1]}, {"type": "discard", "space": 3}, {"type": "discard", "space": 3},
         END, {"type": "take", "sources": [2]})
    assert words(s, {"type": "take", "sources": []}) == (
        "In the last round each player draws only 1 card: Ann may now play food or end the turn")
    message = words(s, {"type": "take", "sources": [1]})
    assert message == "In the last round each player draws only 1 card: Ann may now play food or end the turn"
    assert "played food" not in message


def test_adding_to_a_container_without_a_baon_says_there_is_none():
    s = new()
    refused(s, {"type": "add", "owner": "Ben", "container": "a", "cards": ["a1"]},
            "Ben has no baon in the Adobo container: add only to a baon on the table")
    play(s, {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3"]})
    play(s, END)  # Ben's turn: Ann has a baon now, so adding is on offer, but not to Ann's empty Lumpia
    refused(s, {"type": "add", "owner": "Ann", "container": "b", "cards": ["b4"]},
            "Ann has no baon in the Lumpia container: add only to a baon on the table")


def test_a_run_with_a_gap_says_which_value_is_missing():
    s = new()
    assert words(s, {"type": "baon", "container": "a", "cards": ["a1", "a2", "a4"]}) == (
        "1, 2 and 4 are not consecutive: drop a card or add the missing 3")


def test_a_run_given_as_one_card_and_not_a_list_says_how_many_cards():
    s = new()
    assert words(s, {"type": "take", "sources": "pile"}) == (
        "Where from, in order: choose 1 or 2 places, as a list (a single value was sent)")
    assert words(s, {"type": "baon", "container": "a", "cards": "a1"}) == (  # Ann holds 4
        "Cards, low to high: choose 3 or 4 cards, as a list (a single value was sent)")


def test_one_place_sent_alone_in_the_last_round_says_one_place_is_taken_as_a_list():
    s = replay(LOLA[:len(LOLA) - 9])
    play(s, {"type": "take", "sources": ["pile", 1]}, {"type": "discard", "space": 3}, {"type": "discard", "space": 3},
         END)
    assert words(s, {"type": "take", "sources": "pile"}) == (
        "Where from, in order: choose 1 place, as a list (a single value was sent)")


def test_a_card_that_does_not_exist_is_answered_with_the_cards_that_do():
    s = new()
    assert words(s, {"type": "baon", "container": "a", "cards": ["x9"]}) == (
        "Cards, low to high: x9 is not one of the choices; choose 1 to 12 of Adobo, Lumpia, Pancit, Lechon, "
        "Sinigang or Kare-kare, or Wild")


def test_taking_no_card_at_the_last_rounds_draw_says_one_card_is_drawn():
    s = replay(LOLA[:len(LOLA) - 9])
    play(s, {"type": "take", "sources": ["pile", 1]}, {"type": "discard", "space": 3}, {"type": "discard", "space": 3},
         END)
    assert words(s, {"type": "take", "sources": []}) == "In the last round Ann draws 1 card, then plays"
