"""A choice of a varying number of options: a run of cards laid at once, wilds repeated."""

from companion.core.fields import Choice, Pick, check_fields

CARDS = Choice("Cards", picks=(Pick("a3", "3"), Pick("a4", "4"), Pick("w", "Wild")), count=1, count_max=3,
               repeats=True, noun="card")


def test_a_list_within_the_bounds_is_accepted_with_repeats():
    assert CARDS.check("cards", ["w", "w", "a3"]) is None
    assert CARDS.check("cards", ["a4"]) is None


def test_a_list_outside_the_bounds_or_with_an_unknown_option_is_refused():
    # The refusal counts what is chosen, and how many came.
    assert CARDS.check("cards", []) == "Cards: choose 1 to 3 cards, not 0"
    assert CARDS.check("cards", ["a3", "a4", "w", "w"]) == "Cards: choose 1 to 3 cards, not 4"
    assert CARDS.check("cards", "a3") == "Cards: choose 1 to 3 cards, as a list (a single value was sent)"
    assert CARDS.check("cards", ["b9"]) == "Cards: b9 is not one of the choices; choose 3, 4 or Wild"


def test_without_repeats_the_same_option_twice_is_refused():
    once = Choice("Spaces", picks=(Pick(1, "1"), Pick(2, "2")), count=1, count_max=2)
    assert once.check("spaces", [1, 1]) == "Spaces: choose different ones, each once"
    assert check_fields({"spaces": once}, {"spaces": [2, 1]}) is None


def test_the_bounds_and_repeats_reach_the_screens():
    out = CARDS.to_json()
    assert (out["count"], out["count_max"], out["repeats"]) == (1, 3, True)
    assert "count_max" not in Choice("One", picks=(Pick(1, "1"),)).to_json()


def test_the_count_asked_is_said_as_a_rule_says_it():
    one = Choice("Where from", picks=(Pick("pile", "Pile"), Pick(1, "Space 1")), count=1, count_max=1,
                 repeats=True, noun="place")
    assert one.check("sources", ["pile", 1]) == "Where from: choose 1 place, not 2"
    assert one.check("sources", "pile") == "Where from: choose 1 place, as a list (a single value was sent)"
    two = Choice("Where from", picks=one.picks, count=1, count_max=2, repeats=True, noun="place")
    assert two.check("sources", []) == "Where from: choose 1 or 2 places, not 0"
    three = Choice("Ranks", picks=tuple(Pick(c, c.title()) for c in "rgby"), count=3, noun="colour")
    assert three.check("ranks", ["r", "g"]) == "Ranks: choose exactly 3 colours, not 2"
    up_to = Choice("Cards", picks=CARDS.picks, count=0, count_max=3, repeats=True, noun="card")
    assert up_to.check("cards", ["w"] * 4) == "Cards: choose up to 3 cards, not 4"
