"""Topic names and payloads (pure): versions that only grow, scores found for every game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.broadcast.topics import ENVELOPE_FIELDS, GAME_SPAN, Topics, encode, player_scores, state_payload, version
from companion.core import Session
from companion.games import get, known
from tests.support.tally import Tally

DOCS = Path(__file__).resolve().parent.parent.parent / "docs" / "mqtt.md"


def test_every_topic_lives_under_the_prefix_and_the_table_id():
    t = Topics("cafe", "window_seat")
    assert (t.state, t.events, t.availability) == (
        "cafe/window_seat/state",
        "cafe/window_seat/events",
        "cafe/window_seat/availability",
    )
    assert t.everything == "cafe/window_seat/#"
    assert t.rules("baon") == "cafe/window_seat/rules/baon"


@given(
    st.integers(0, 10**6), st.integers(0, GAME_SPAN - 2) | st.none(),
    st.integers(0, 10**6), st.integers(0, GAME_SPAN - 2) | st.none(),
)
def test_the_version_orders_changes_by_game_then_revision_and_no_game_after_its_last(g1, r1, g2, r2):
    def key(g, r):
        return (g, GAME_SPAN if r is None else r)

    if key(g1, r1) < key(g2, r2):
        assert version(g1, r1) < version(g2, r2)
    assert version(g1, r1) < 2**53  # exact in JavaScript


def test_the_state_is_the_public_view_plus_version_table_and_scores():
    s = Session(Tally(), ["Ann", "Ben"])
    s.dispatch({"type": "add", "points": 3})
    view = s.view()
    payload = state_payload(view, game_number=7, table_id="t1", table_name="Kitchen")
    assert {k: payload[k] for k in view} == view
    assert set(payload) - set(view) == {"version", "table"}
    assert payload["version"] == 7 * GAME_SPAN + 1 and payload["scores"] == {"Ann": 3, "Ben": 0}


def test_the_envelope_fields_are_all_a_state_adds_around_the_view():
    # A reader rebuilding the view from the log (the virtual table's plug-pull check) drops
    # ENVELOPE_FIELDS; a field added here and not named there reads as a view that differs.
    s = Session(Tally(), ["Ann", "Ben"])
    s.dispatch({"type": "add", "points": 3})
    view = s.view()
    payload = state_payload(view, game_number=7, table_id="t1", table_name="Kitchen",
                            changed_at="2026-11-29T04:00:00Z", news="Ann +3", epoch=1_790_000_000)
    def bare(d):
        return {k: v for k, v in d.items() if k not in ENVELOPE_FIELDS}

    assert bare(payload) == bare(view) and bare(view)
    assert set(payload) - set(view) <= set(ENVELOPE_FIELDS)


def test_with_no_game_the_state_says_so():
    payload = state_payload(None, game_number=7, table_id="t1", table_name="Kitchen")
    assert payload["game"] is None and payload["version"] > version(7, 10**6)


@pytest.mark.parametrize("game_id", known())
def test_every_game_states_its_scores_and_the_state_message_carries_them(game_id):
    game = get(game_id)
    players = [f"P{i}" for i in range(1, game.min_players + 1)]
    view = Session(game, players).view()
    assert view["score_label"] == game.score_label and game.score_label
    found = player_scores(view)
    # A game keeps a score for every player, or none at all (Bonbon's limit board).
    assert set(found) in (set(), set(players)), found
    assert all(isinstance(v, (int, float)) for v in found.values())


def test_a_view_without_scores_gives_none_and_never_fails():
    assert player_scores(None) == {}
    assert player_scores({"players": [{"name": "Ann"}], "view": {"scores": {"Ann": "lots"}}}) == {}
    assert player_scores({"players": [{"name": "Ann"}], "view": []}) == {}


def test_payloads_are_compact_utf8_json():
    assert encode({"name": "Zoë"}) == '{"name":"Zoë"}'.encode()


def test_docs_mqtt_md_shows_every_topic_and_payload_field():
    text = DOCS.read_text()
    for topic in ("<prefix>/<table>/state", "<prefix>/<table>/events", "<prefix>/<table>/availability",
                  "<ha_prefix>/sensor/<node>/score_<player>/config", "<ha_prefix>/status",
                  "<prefix>/<table>/plays/<id>", "<prefix>/<table>/rules/<game>", "<prefix>/<table>/link", "<prefix>/<table>/held/plays/<id>", "<prefix>/<table>/held/state",
                  "<prefix>/<table>/held/link"):
        assert f"`{topic}`" in text, topic
    view = Session(Tally(), ["Ann", "Ben"]).view()
    added = set(state_payload(view, game_number=1, table_id="t", table_name="T", changed_at="now", epoch=1)) - set(view)
    for field in added:  # the public view's own fields are in docs/actions.md
        assert f"| `{field}` |" in text, field
    for field in ("version", "revision", "game", "at", "event"):
        assert f"`{field}`" in text, field
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        json.loads(block)  # every example is valid JSON
