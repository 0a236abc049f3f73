"""The news says what a reveal, swap or turn-down card did and what each player turned over at the
round's end, so a phone at the table sees why the cards changed; never a value still face-down."""

from __future__ import annotations

from tests.games.bonbon.support import END, PASS, down, play, started, up, zero


def heard(s) -> list[str]:
    said: list[str] = []
    s.subscribe(lambda change: said.extend(e["text"] for e in change.events))
    return said


def test_a_reveal_card_says_whose_card_it_turned_over_and_its_value():
    s = started()
    said = heard(s)
    play(s, down(), down(), down(), up(2, kind="peek"), {"type": "peek", "player": "Ben", "card": 1, "value": 6})
    assert said[-1] == "Ann turned over Ben's card 1: a 6"


def test_a_swap_card_names_both_cards_by_their_places_and_no_value():
    s = started()
    said = heard(s)
    play(s, up(3), up(5), down(), up(1, kind="swap"),
         {"type": "swap", "cards": [{"player": "Ann", "card": 1}, {"player": "Cy", "card": 1}]})
    assert said[-1] == "Ann swapped their own card 1 and Cy's card 1"


def test_a_turn_down_card_names_the_card_but_not_its_value():
    s = started()
    said = heard(s)
    play(s, up(7), up(2, kind="hide"), {"type": "hide", "player": "Ann", "card": 1})
    assert said[-1] == "Ben turned Ann's card 1 face-down"
    assert "7" not in said[-1]


def test_the_cards_a_player_turns_over_at_the_round_end_are_news():
    s = started(players=("Ann", "Ben"))
    said = heard(s)
    play(s, up(3), down(), down(), zero(5), END, {"type": "pass", "tile": "ones"}, up(1), PASS)
    before = list(said)
    s.dispatch({"type": "reveal", "player": "Ann", "values": [6]})
    assert "Ann turned over their face-down cards: 6" in said[len(before):]
    assert not any("6" in line for line in before)
