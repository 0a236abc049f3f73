"""The typed vocabulary of action fields: options ruled out by another field, lists of one, one pick
per group, fields that depend on another, and where a value entered belongs."""

import json

from companion.core.fields import Choice, Depends, Pick, Players, Range, check_fields

FACE = Choice("Face", picks=(Pick("up", "Face up"), Pick("down", "Face down", unless={"kind": ("zero",)})))


def test_an_option_ruled_out_by_another_field_is_refused_only_beside_it():
    assert FACE.check("face", "down", {"face": "down"}) is None
    assert FACE.check("face", "down", {"face": "down", "kind": "regular"}) is None
    refusal = FACE.check("face", "down", {"face": "down", "kind": "zero"})
    assert refusal == "Face: Face down is not on offer now; choose Face up"
    assert check_fields({"face": FACE}, {"face": "down", "kind": "zero"}) == refusal
    assert FACE.to_json()["options"][1] == {"value": "down", "label": "Face down", "unless": {"kind": ["zero"]}}


def test_a_list_of_one_is_a_list():
    tiles = Choice("New tiles", picks=(Pick("sets", "+2 per set"), Pick("ones", "+1 per one")), as_list=True,
                   noun="tile")
    assert tiles.listed and tiles.check("new_tiles", ["sets"]) is None
    assert tiles.check("new_tiles", "sets") == "New tiles: choose 1 tile, as a list (a single value was sent)"
    assert tiles.check("new_tiles", ["sets", "ones"]) == "New tiles: choose 1 tile, not 2"
    values = Range("Values", minimum=1, maximum=9, as_list=True)
    assert values.check("values", [4]) is None
    assert values.check("values", 4) == "Values: enter 1 value, as a list (a single value was sent)"
    assert Range("Values", maximum=9, count=3).check("values", [1]) == "Values: enter exactly 3 values, not 1"
    assert Range("Value", minimum=1, maximum=9).check("value", 4) is None  # one value, not a list
    assert values.to_json()["as_list"] is True and "as_list" not in Range("V", maximum=3).to_json()


def test_one_per_group_refuses_two_picks_of_the_same_group():
    cards = Choice("Cards to swap", count=2, one_per_group=True, picks=tuple(
        Pick({"player": p, "card": c}, f"{p}'s card {c}", group=p) for p in ("Ann", "Ben") for c in (1, 2)))
    ann1, ann2, ben1 = {"player": "Ann", "card": 1}, {"player": "Ann", "card": 2}, {"player": "Ben", "card": 1}
    assert cards.check("cards", [ann1, ben1]) is None
    assert cards.check("cards", [ann1, ann2]) == "Cards to swap: choose from different groups, not two of Ann"
    assert cards.to_json()["one_per_group"] is True


def test_a_field_that_depends_on_another_takes_what_the_chosen_value_offers():
    fields = {
        "player": Players.of("Whose card", ["Ann", "Ben", "Cy"], enabled=["Ann", "Ben"]),
        "card": Depends("Card", on="player", cases=(
            ("Ann", Choice("Card", picks=(Pick(1, "Card 1"), Pick(2, "Card 2", enabled=False)))),
            ("Ben", Choice("Card", picks=(Pick(1, "Card 1"),))),
        )),
        "value": Depends("Value", on="player", cases=(("Ann", Range("Value", minimum=1, maximum=9, when={"card": (1,)})),)),
    }
    assert check_fields(fields, {"player": "Ann", "card": 1, "value": 3}) is None
    assert check_fields(fields, {"player": "Ann", "card": 1}) == "Say value"
    assert check_fields(fields, {"player": "Ann", "card": 2, "value": 3}) == "Card: Card 2 is not on offer now; choose Card 1"
    assert check_fields(fields, {"player": "Ben", "card": 1}) is None  # no value asked of Ben's card
    assert check_fields(fields, {"player": "Cy", "card": 1}) == "Whose card: Cy is not on offer now; choose Ann or Ben"
    shape = json.loads(json.dumps(fields["card"].to_json()))
    assert shape["kind"] == "depends" and shape["on"] == "player"
    assert [c["value"] for c in shape["cases"]] == ["Ann", "Ben"]
    assert shape["cases"][0]["field"]["options"][1] == {"value": 2, "label": "Card 2", "enabled": False}


def test_a_ranges_slots_say_where_each_value_belongs():
    revealed = Range("Revealed", minimum=1, maximum=9, count=2, slots=("players.0.cards.2", "players.0.cards.3"))
    assert revealed.to_json()["slots"] == ["players.0.cards.2", "players.0.cards.3"]
    assert revealed.check("revealed", [3, 4]) is None


def test_a_refusal_says_many_numbered_options_as_a_span_of_their_named_groups():
    suits = {"r": "red", "b": "blue", "g": "green"}
    cards = Choice("Card", picks=tuple(Pick(f"{s}{v}", str(v), group=s) for s in suits for v in range(1, 16))
                   + (Pick("w", "Wild", group="wild"),), group_names=suits)
    assert cards.check("card", "x9") == "Card: x9 is not one of the choices; choose 1 to 15 of red, blue or green, or Wild"
    plain = Choice("Card", picks=tuple(Pick(v, str(v)) for v in range(60)))
    assert plain.check("card", [1]) == "Card: choose 0 to 59"
    few = Players.of("Who starts", ["Ann", "Ben", "Cy"], enabled=["Ann", "Ben"])
    assert few.check("first", "Zoe") == "Who starts: Zoe is not playing in this game; choose Ann or Ben"
    assert few.check("first", {"a": 1}) == "Who starts: choose Ann or Ben"


def test_a_range_refusal_names_its_bounds_and_shows_only_a_value_that_reads_as_words():
    points = Range("Points", minimum=1, maximum=9)
    assert points.check("points", 12) == "Points is a whole number from 1 to 9, not 12"
    assert points.check("points", [3]) == "Points is a whole number from 1 to 9"
    assert points.check("points", None) == "Points is a whole number from 1 to 9"
    assert Range("Value", minimum=1, maximum=1).check("value", 4) == "Value can only be 1 here"


def test_a_summary_of_numbers_never_spans_a_gap():
    """A greyed card left out of what is on offer is never said to be on offer: "1 to 6 or 8 to 12"."""
    from companion.core.fields import summary

    said = summary([str(n) for n in range(1, 13) if n != 7], groups=["Adobo", "Lumpia"])
    assert said == "1 to 6 or 8 to 12 of Adobo or Lumpia"
    assert summary([str(n) for n in range(1, 13)]) == "1 to 12"
    assert summary([str(n) for n in range(0, 40, 2)]) == "one of the 20 on offer"
