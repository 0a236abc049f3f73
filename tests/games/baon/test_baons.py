"""Play a Baon and Add to Baon: runs of consecutive values, wilds standing for 1 to 12."""

from __future__ import annotations

from tests.games.baon.support import END, TAKE2, legal_types, new, play, player, refused


def _baon(s, name, i=0):
    return player(s, name)["baons"][i]


def test_cards_without_a_wild_may_be_entered_in_any_order():
    s = new()
    play(s, {"type": "baon", "container": "a", "cards": ["a5", "b3", "c4"]})
    assert [c["card"] for c in _baon(s, "Ann")["cards"]] == ["b3", "c4", "a5"]


def test_a_wild_takes_the_value_of_where_it_is_laid():
    s = new()
    play(s, {"type": "baon", "container": "a", "cards": ["a5", "w", "a7"]}, END,
         {"type": "baon", "container": "a", "cards": ["b5", "b6", "w"]}, END)
    assert [c["value"] for c in _baon(s, "Ann")["cards"]] == [5, 6, 7]
    assert (_baon(s, "Ben")["low"], _baon(s, "Ben")["high"]) == (5, 7)


def test_a_wild_at_twelve_is_the_top_and_no_card_goes_above():
    s = new()
    play(s, {"type": "baon", "container": "a", "cards": ["a10", "a11", "w"]})
    refused(s, {"type": "add", "owner": "Ann", "container": "a", "cards": ["w"], "end": "high"},
            "A wild cannot go above 12 in the baon of 10 to 12")
    refused(s, {"type": "baon", "container": "b", "cards": ["b11", "b12", "w"]}, "Ann holds 1 card: a baon needs 3")


def test_adding_extends_either_end_and_both_cards_at_once():
    s = new(("Ann", "Ben"))
    play(s, {"type": "baon", "container": "a", "cards": ["a4", "a5", "a6"]}, END,
         {"type": "add", "owner": "Ann", "container": "a", "cards": ["b2", "c3"]},
         {"type": "add", "owner": "Ann", "container": "a", "cards": ["d7"]})
    assert (_baon(s, "Ann")["low"], _baon(s, "Ann")["high"]) == (2, 7)


def test_a_card_that_does_not_touch_an_end_is_refused():
    s = new()
    play(s, {"type": "baon", "container": "a", "cards": ["a4", "a5", "a6"]})
    refused(s, {"type": "add", "owner": "Ann", "container": "a", "cards": ["b8"]},
            "Lumpia 8 does not extend the run of 4 to 6: add cards next to either end")
    refused(s, {"type": "add", "owner": "Ann", "container": "a", "cards": ["b5"]},
            "Lumpia 5 does not extend the run of 4 to 6")


def test_a_wild_added_alone_must_say_which_end_and_keeps_its_value():
    s = new()
    play(s, {"type": "baon", "container": "a", "cards": ["a4", "a5", "a6"]})
    refused(s, {"type": "add", "owner": "Ann", "container": "a", "cards": ["w"]},
            "Say where the wild cards go: below 4 or above 6")
    play(s, {"type": "add", "owner": "Ann", "container": "a", "cards": ["w"], "end": "low"}, END)
    # The wild stays a 3: Ben's 3 does not push it down to 2; his 2 goes below it.
    refused(s, {"type": "add", "owner": "Ann", "container": "a", "cards": ["b3"]}, "Lumpia 3 does not extend")
    play(s, {"type": "add", "owner": "Ann", "container": "a", "cards": ["b2"]})
    assert [c["value"] for c in _baon(s, "Ann")["cards"]] == [2, 3, 4, 5, 6]
    assert _baon(s, "Ann")["cards"][1] == {"card": "w", "value": 3, "suit": None, "wild": True}


def test_a_wild_at_the_low_end_of_one_cannot_have_a_wild_below():
    s = new()
    play(s, {"type": "baon", "container": "a", "cards": ["w", "a2", "a3"]})
    assert _baon(s, "Ann")["low"] == 1
    play(s, {"type": "add", "owner": "Ann", "container": "a", "cards": ["w"]})  # only above fits: no end asked
    assert _baon(s, "Ann")["high"] == 4


def test_a_container_holds_one_baon_and_cards_come_from_the_hand():
    s = new(("Ann", "Ben"))
    play(s, {"type": "take", "sources": ["pile", "pile"]}, END)
    refused(s, {"type": "baon", "container": "b", "cards": ["b1", "b2", "b3", "b4", "b5"]}, "Ben holds 4 cards, not 5")
    play(s, {"type": "baon", "container": "a", "cards": ["b1", "b2", "b3"]}, END)  # Ben's own Adobo container
    play(s, {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3"]})
    refused(s, {"type": "baon", "container": "a", "cards": ["c5", "c6", "c7"]}, "Ann's Adobo container already holds a baon")
    refused(s, {"type": "baon", "container": "b", "cards": ["w", "w", "b4", "b5"]}, "Ann holds 3 cards, not 4")


def test_all_eight_wilds_and_no_more():
    s = new(("Ann", "Ben"), scoring_only=True)
    for container, top in zip("abcd", ("a3", "b3", "c3", "d3")):
        play(s, {"type": "baon", "player": "Ann", "container": container, "cards": ["w", "w", top]})
    refused(s, {"type": "baon", "player": "Ben", "container": "a", "cards": ["w", "b5", "b6"]},
            "Only 0 of the 8 wild cards are not in a baon yet")


def test_a_player_with_too_few_cards_or_who_took_food_is_told_why():
    s = new(("Ann", "Ben"))
    play(s, {"type": "take", "sources": ["pile"]})
    refused(s, {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3"]},
            "Ann took food this turn: Take Food or Play Food, not both")
    play(s, END, {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3"]})
    refused(s, {"type": "take", "sources": ["pile"]}, "Ben played food this turn: Take Food or Play Food, not both")
    refused(s, {"type": "baon", "container": "b", "cards": ["b1", "b2", "b3"]}, "Ben holds 1 card: a baon needs 3")


def test_a_baon_running_1_to_12_takes_nothing_more_so_add_is_not_offered():
    """Values run 1 to 12: once the only baon on the table holds them all, Add to a baon is gone
    from the offers and an add is refused saying why."""
    s = new(("Ann", "Ben"))
    three = {"type": "take", "sources": ["pile"] * 3}
    play(s, {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3", "a4"]}, END, END,
         three, END, END,
         {"type": "add", "owner": "Ann", "container": "a", "cards": ["a5", "a6", "a7"]}, END, END,
         three, END, END,
         {"type": "add", "owner": "Ann", "container": "a", "cards": ["a8", "a9", "a10"]}, END, END,
         TAKE2, END, END)
    assert "add" in legal_types(s)
    play(s, {"type": "add", "owner": "Ann", "container": "a", "cards": ["a11", "w"]}, END, END)
    assert player(s, "Ann")["hand"] == 0 and "add" not in legal_types(s)
    play(s, TAKE2, END, END)
    assert player(s, "Ann")["hand"] == 2
    assert "add" not in legal_types(s)
    refused(s, {"type": "add", "owner": "Ann", "container": "a", "cards": ["b12"]},
            "Ann's Adobo baon runs from 1 to 12: no card is left that could go next to it")
