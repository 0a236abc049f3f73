"""Hidden information stays hidden: face-down cards, events and the view carry nothing secret."""

import json

from companion.games.bonbon.cards import UP
from tests.games.bonbon.support import END, PASS, cards, down, play, run_script, started, up, view, zero


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
        assert not {"value", "values", "revealed"} & set(event)


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
