"""Options: the deck composition warns about impossible entries and never blocks play."""

import pytest

from companion.core import Session, SetupError
from companion.games.bonbon import Bonbon
from tests.games.bonbon.support import END, down, play, started, up, view, zero


def test_options_and_defaults():
    assert {o.name: o.default for o in Bonbon.options} == {"max_value": 9, "deck_values": "", "board_only": False,
                                                                 "learning": False}


@pytest.mark.parametrize(
    "text, message",
    [
        ("1-8", "must look like"),
        ("1:8 1:3", "twice"),
        ("10:2", "outside 1 to max_value"),
        ("1:40 2:40", "more cards than"),
    ],
)
def test_a_bad_deck_composition_is_refused_at_setup(text, message):
    with pytest.raises(SetupError, match=message):
        Session(Bonbon(), ["Ann", "Ben"], {"deck_values": text})


def test_more_effect_cards_than_the_deck_holds_warn_but_play_goes_on():
    s = started(players=("Ann", "Ben", "Cy", "Dee"))
    play(s, up(1, kind="draw_again"), END, up(1, kind="draw_again"), END, up(1, kind="draw_again"), END)
    assert view(s)["warnings"] == ["3 draw-one-more cards on the table, but the deck has 2"]
    play(s, up(1))
    assert view(s)["collective"]["total"] == 4


def test_deck_values_warn_about_a_value_seen_too_often():
    s = started(deck_values="1:8 2:8 3:8 4:3 5:2 6:2 7:2 8:2 9:1")
    play(s, up(9), up(9))
    assert view(s)["warnings"] == ["2 cards showing 9 on the table, but the deck has 1"]


def test_without_deck_values_only_the_rulebooks_kind_counts_are_checked():
    s = started()
    play(s, up(4), up(4), up(4), down(), down(), zero(), END)
    assert view(s)["warnings"] == []
