"""Hidden information stays hidden: face-down cards, events and the view carry nothing secret."""

import copy
import json

from companion.games.bonbon.cards import UP
from tests.games.bonbon.support import GAME, END, PASS, cards, down, play, player, run_script, started, up, view, zero


def test_face_down_cards_show_nothing_during_play_even_their_kind():
    s = started()
    play(s, {"type": "draw", "face": "down", "kind": "peek"}, down(), up(3))
    assert cards(s, "Ann") == [{"face": "down"}] and cards(s, "Ben") == [{"face": "down"}]
    assert "peek" not in json.dumps(s.state)


def test_a_card_turned_face_down_loses_its_value_on_screen():
    s = started()
    play(s, up(7), up(2, kind="hide"), {"type": "hide", "player": "Ann", "card": 1})
    text = json.dumps(view(s))
    assert cards(s, "Ann") == [{"face": "down"}]
    assert '"value": 7' not in text


def test_face_down_values_appear_only_once_revealed_for_scoring():
    s = started(players=("Ann", "Ben"))
    play(s, down(), down(), PASS, {"type": "take_tile", "tile": "three"}, PASS)
    assert cards(s, "Ben") == [{"face": "down"}] and cards(s, "Ann") == [{"face": "down"}]
    s.dispatch({"type": "reveal", "player": "Ann", "values": [5]})
    assert cards(s, "Ann") == [{"face": "down", "value": 5}]
    assert cards(s, "Ben") == [{"face": "down"}]  # Ben's card is not turned over yet
    s.dispatch({"type": "reveal", "player": "Ben", "values": [8]})
    assert cards(s, "Ben") == [{"face": "down", "value": 8}]


def test_an_eliminated_players_face_down_cards_are_never_shown():
    s = run_script("collective_limit_anna_john_cris.jsonl")
    assert [c for c in cards(s, "Anna") if c["face"] != UP] == [{"face": "down"}, {"face": "down"}]


def test_events_never_carry_a_card_value():
    s = started(players=("Ann", "Ben"))
    heard = []
    s.subscribe(lambda change: heard.extend(change.events))
    play(s, up(3), down(), down(), zero(5), END, {"type": "pass", "tile": "ones"}, up(1), PASS)
    s.dispatch({"type": "reveal", "player": "Ann", "values": [6]})
    kinds = [e["type"] for e in heard]
    assert kinds.count("passed") == 2 and "tile_taken" in kinds and "round_over" in kinds and "round_won" in kinds
    for event in heard:
        if event["type"] == "drew" and event["face"] == UP:
            continue  # a card played face-up: its value lies on the table for all to see
        if event["type"] == "turned_over":
            assert event["values"] == [6]  # turned over at the round's end, for all to see
            continue
        assert not {"value", "values", "revealed", "kind"} & set(event), event


def test_every_card_played_is_news_and_a_face_down_one_is_only_face_down():
    """The phones' Latest told passes and tiles but never the cards played, the commonest move."""
    s = started(players=("Ann", "Ben"))
    heard = []
    s.subscribe(lambda change: heard.extend(change.events))
    play(s, up(8), {"type": "draw", "face": "down", "kind": "peek"}, up(2, kind="must_up"), zero(4))
    drawn = [e for e in heard if e["type"] == "drew"]
    assert [{k: v for k, v in e.items() if k != "text"} for e in drawn] == [
        {"type": "drew", "player": "Ann", "face": "up", "kind": "regular", "value": 8},
        {"type": "drew", "player": "Ben", "face": "down"},  # not even its kind
        {"type": "drew", "player": "Ann", "face": "up", "kind": "must_up", "value": 2},
        {"type": "drew", "player": "Ben", "face": "up", "kind": "zero", "value": 0},
    ]
    assert [e["text"] for e in drawn] == [
        "Ann played an 8 face-up", "Ben played a card face-down",
        "Ann played a must-face-up 2 face-up", "Ben played a zero face-up",
    ]


def test_the_view_is_plain_json_and_the_state_survives_a_json_round_trip():
    s = run_script("scoring_lucy_nick_sophie.jsonl")
    assert json.loads(json.dumps(s.view())) == s.view()
    assert json.loads(json.dumps(s.state)) == s.state


def test_view_shape_during_play():
    s = started()
    play(s, up(3))
    v = view(s)
    assert set(v) >= {"mode", "round", "phase", "step", "turn", "collective", "players", "tiles", "scoring", "warnings"}
    ann = v["players"][0]
    assert ann == {
        "name": "Ann",
        "tokens": 0,
        "limit": 10,
        "status": "in",
        "out_reason": None,
        "face_up_total": 3,
        "cards": [{"face": "up", "kind": "regular", "value": 3}],
        "face_down_sets": [],
        "discarded": 0,
        "tile": None,
        "first_passer": False,
    }
    assert v["collective"] == {"total": 3, "limit": 15, "left": 12, "over": False}
    assert v["tiles"] == {"shown": ["three", "zeros", "ones"], "taken": [], "available": ["three", "zeros", "ones"]}


# -- a card turned face-down: nothing public depends on what it is until it is revealed --------


def hidden_cards(state):
    """(player, index) of the face-down cards whose value the app knows: turned face-down by an effect."""
    return [(name, i) for name, row in state["rows"].items() for i, card in enumerate(row)
            if card["face"] == "down" and card["value"] is not None]


def public_side(state):
    return GAME.public_view(state), GAME.expected(state).to_json()


def assert_nothing_depends_on_hidden_cards(s):
    """The view and the legal actions are the same whatever the hidden cards are (zeros included)."""
    state = s.state
    hidden = hidden_cards(state)
    assert hidden, "the scene must hide a known card, or this proves nothing"
    for other in ({"kind": "zero", "value": 0}, {"kind": "regular", "value": 5}, {"kind": "must_up", "value": 9}):
        alt = copy.deepcopy(state)
        for name, i in hidden:
            alt["rows"][name][i].update(other)
        assert public_side(alt) == public_side(state), f"the public side tells {other} apart"


def zero_hidden_then_variety(s):
    """Ann: a 3, a zero that Ben turns face-down, a face-down card; she passes first with the variety tile."""
    play(s, up(3), down(), zero(), END, up(1, kind="hide"), {"type": "hide", "player": "Ann", "card": 2},
         down(), down(), {"type": "pass", "tile": "variety"}, PASS)


def test_a_zero_turned_face_down_does_not_lower_the_variety_count_offered_before_the_reveal():
    s = started(players=("Ann", "Ben"), tiles=("variety", "three", "ones"))
    zero_hidden_then_variety(s)
    assert view(s)["phase"] == "reveal"
    ann = next(w for w in view(s)["reveal"] if w["player"] == "Ann")
    # The 3, the face-down zero and the face-down card: as far as the table sees, three cards
    # may each show an illustration. Counting the zero out would show which card it is.
    assert ann == {"player": "Ann", "values": 1, "cards": [3], "variety": True, "variety_max": 3}
    assert cards(s, "Ann")[1] == {"face": "down"}
    assert_nothing_depends_on_hidden_cards(s)


def test_deck_warnings_wait_for_the_owner_to_turn_a_hidden_card_over():
    s = started(deck_values="1:9 2:9 3:9 7:1")
    play(s, up(7), up(1, kind="hide"), {"type": "hide", "player": "Ann", "card": 1},  # Ann's 7 face-down
         up(7), down(), PASS, {"type": "take_tile", "tile": "three"}, PASS, PASS)
    assert view(s)["phase"] == "reveal" and [w["player"] for w in view(s)["reveal"]] == ["Ann"]
    # Only Cy's 7 lies face-up: a warning about two 7s would tell the table Ann's card.
    assert view(s)["warnings"] == []
    assert_nothing_depends_on_hidden_cards(s)
    s.dispatch({"type": "reveal", "player": "Ann", "values": [2]})
    assert cards(s, "Ann")[0] == {"face": "down", "value": 7}
    assert view(s)["warnings"] == ["2 cards showing 7 on the table, but the deck has 1"]


def test_an_eliminated_players_hidden_card_never_counts_in_the_warnings():
    s = started(players=("Ann", "Ben", "Cy", "Dee"), deck_values="1:9 5:9 6:9 7:1")
    play(s, up(7), up(1, kind="hide"), {"type": "hide", "player": "Ann", "card": 1},  # Ann's 7 face-down
         up(7), PASS, {"type": "take_tile", "tile": "three"},  # Cy's 7 face-up; Dee passes first
         up(6), PASS, PASS, up(5))  # Ann goes to 11: out, and she never reveals
    assert player(s, "Ann")["out_reason"] == "personal" and view(s)["phase"] == "scored"
    assert cards(s, "Ann")[0] == {"face": "down"}
    assert view(s)["warnings"] == []
    assert_nothing_depends_on_hidden_cards(s)
