"""A choice of a varying number of options: a run of cards laid at once, wilds repeated."""

from companion.core.fields import Choice, Pick, check_fields

CARDS = Choice("Cards", picks=(Pick("a3", "3"), Pick("a4", "4"), Pick("w", "Wild")), count=1, count_max=3,
               repeats=True)


def test_a_list_within_the_bounds_is_accepted_with_repeats():
    assert CARDS.check("cards", ["w", "w", "a3"]) is None
    assert CARDS.check("cards", ["a4"]) is None


def test_a_list_outside_the_bounds_or_with_an_unknown_option_is_refused():
    assert CARDS.check("cards", []) == "Cards: choose 1 to 3"
    assert CARDS.check("cards", ["a3", "a4", "w", "w"]) == "Cards: choose 1 to 3"
    assert CARDS.check("cards", "a3") == "Cards: choose 1 to 3"
    assert CARDS.check("cards", ["b9"]) == "Cards: b9 is not one of the choices; choose 3, 4 or Wild"


def test_without_repeats_the_same_option_twice_is_refused():
    once = Choice("Spaces", picks=(Pick(1, "1"), Pick(2, "2")), count=1, count_max=2)
    assert once.check("spaces", [1, 1]) == "Spaces: choose different ones, each once"
    assert check_fields({"spaces": once}, {"spaces": [2, 1]}) is None


def test_the_bounds_and_repeats_reach_the_screens():
    out = CARDS.to_json()
    assert (out["count"], out["count_max"], out["repeats"]) == (1, 3, True)
    assert "count_max" not in Choice("One", picks=(Pick(1, "1"),)).to_json()
