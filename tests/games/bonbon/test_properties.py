"""Property tests: random games driven only by expected(), with the board's and limits' invariants."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import RuleError, Session
from companion.core.fields import check_fields
from companion.games.bonbon import Bonbon
from companion.games.bonbon.cards import DOWN, UP
from companion.games.bonbon.legal import FIELDS
from companion.games.bonbon.limits import collective_limit, personal_limit, table_face_up_sum
from tests.games.bonbon.support import cases, offered, targets

GAME = Bonbon()
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]


def legal_action(rng: random.Random, expected) -> dict:
    """A random action using only the types and choices expected() offers (its typed fields)."""
    specs = list(expected.legal)
    weights = [5 if spec.type == "draw" else 1 for spec in specs]
    spec = rng.choices(specs, weights)[0]
    f = spec.fields
    action: dict = {"type": spec.type}
    if spec.type == "start":
        action["tiles"] = rng.sample(offered(f["tiles"]), f["tiles"].count)
        if rng.random() < 0.5:
            action["first"] = rng.choice(offered(f["first"]))
    elif spec.type == "draw":
        top = rng.choice([3, 5, f["value"].maximum])  # small cards make longer rounds
        values = list(range(f["value"].minimum, min(top, f["value"].maximum) + 1))
        if rng.random() < 0.4:
            action["face"] = DOWN
        else:
            kind = rng.choice(offered(f["kind"]))
            action.update(face=UP, kind=kind)
            if kind == "zero":
                if "revealed" in f:
                    action["revealed"] = [rng.choice(values) for _ in range(f["revealed"].count)]
            else:
                action["value"] = rng.choice(values)
    elif spec.type == "pass":
        if f.get("tile") and rng.random() < 0.5:
            action["tile"] = rng.choice(offered(f["tile"]))
    elif spec.type == "take_tile":
        action["tile"] = rng.choice(offered(f["tile"]))
    elif spec.type == "peek":
        card = rng.choice(targets(spec))
        action.update(player=card["player"], card=card["card"])
        if card["value_needed"]:
            action["value"] = rng.randint(1, 5)
    elif spec.type == "swap":
        a = rng.choice(offered(f["cards"]))
        b = rng.choice([c for c in offered(f["cards"]) if c["player"] != a["player"]])
        action["cards"] = [a, b]
    elif spec.type == "hide":
        card = rng.choice(targets(spec))
        action.update(player=card["player"], card=card["card"])
    elif spec.type == "reveal":
        who = rng.choice(offered(f["player"]))
        action["player"] = who
        values = cases(f["values"]).get(who)
        action["values"] = [rng.randint(values.minimum, values.maximum) for _ in range(values.count)] if values else []
        variety = cases(f["variety"]).get(who)
        if variety:
            action["variety"] = rng.randint(variety.minimum, variety.maximum)
    elif spec.type == "next_round":
        if "new_tiles" in f:
            action["new_tiles"] = rng.sample(offered(f["new_tiles"]), f["new_tiles"].count)
    # What the rules accept is exactly what the typed fields describe.
    assert check_fields(f, action) is None, (action, spec.to_json())
    return action


def junk_action(rng: random.Random, names: list[str]) -> dict:
    """Any action type with plausible but unchecked fields: the rules must refuse or accept it cleanly."""
    kind = rng.choice(list(FIELDS))
    pool = {
        "tiles": rng.sample(["three", "zeros", "face_up", "ones", "sets", "variety", "cake"], 3),
        "first": rng.choice(names),
        "face": rng.choice(["up", "down", "sideways"]),
        "kind": rng.choice(["regular", "must_up", "zero", "peek", "swap", "hide", "draw_again", "pass_tile"]),
        "value": rng.randint(-1, 11),
        "revealed": [rng.randint(0, 10) for _ in range(rng.randint(0, 3))],
        "tile": rng.choice(["three", "zeros", "ones", "sets", "variety", "face_up"]),
        "player": rng.choice(names),
        "card": rng.randint(0, 4),
        "cards": [{"player": rng.choice(names), "card": rng.randint(1, 3)} for _ in range(2)],
        "values": [rng.randint(0, 10) for _ in range(rng.randint(0, 3))],
        "variety": rng.randint(-1, 5),
        "new_tiles": rng.sample(["three", "zeros", "face_up", "ones", "sets", "variety"], rng.randint(0, 2)),
        "by": rng.choice(names),
    }
    action = {"type": kind}
    for name in sorted(FIELDS[kind] | {"by"}):
        if rng.random() < 0.6:
            action[name] = pool[name]
    return action


def check_invariants(s: Session) -> None:
    state = s.state
    assert json.loads(json.dumps(state)) == state, "the state must be plain JSON"
    if state["phase"] == "setup":
        return
    v = s.view()["view"]
    limit = collective_limit(len(state["players"]))
    # The collective total (the board's token) always equals the face-up values on the table.
    assert state["collective"] == table_face_up_sum(state)
    shown = sum(c["value"] for p in v["players"] for c in p["cards"] if c["face"] == UP)
    assert v["collective"]["total"] == shown == state["collective"]
    # Nobody over a limit stays in the round.
    if state["phase"] in ("play", "reveal"):
        for p in v["players"]:
            if p["status"] != "out":
                assert p["face_up_total"] <= personal_limit(p["tokens"]), p
    if state["phase"] == "play":
        assert state["collective"] <= limit
        who = s.expected().turn
        me = next(p for p in v["players"] if p["name"] == who)
        assert me["status"] == "in" or v["step"] == "tile"
        # Nothing derived from a hidden value: face-down cards show nothing while the round runs.
        for p in v["players"]:
            assert all(c == {"face": DOWN} for c in p["cards"] if c["face"] == DOWN)
    elif state["collective"] > limit:
        assert state["end_reason"] == "collective_limit"


def play_random_game(rng: random.Random, players: int, steps: int, junk: float, undo: float) -> Session:
    names = NAMES[:players]
    s = Session(GAME, names, {"max_value": rng.choice([5, 9])})
    for _ in range(steps):
        if s.result() is not None:
            break
        roll = rng.random()
        if roll < undo:
            action = {"type": rng.choice(["undo", "redo"])}
        elif roll < undo + junk:
            action = junk_action(rng, names)
        else:
            action = legal_action(rng, s.expected())
            s.dispatch(action)  # an action expected() offers must be accepted
            check_invariants(s)
            continue
        before, revision = s.state, s.revision
        legal_types = {spec.type for spec in s.expected().legal}
        if action["type"] not in ("undo", "redo"):
            # Refusals change nothing, even in the copy the rules were handed.
            probe = copy.deepcopy(before)
            try:
                GAME.apply(probe, copy.deepcopy(action))
            except RuleError:
                assert probe == before, action
            else:
                assert action["type"] in legal_types, f"{action} accepted though expected() did not offer it"
        try:
            s.dispatch(action)
        except RuleError as refusal:
            assert s.state == before and s.revision == revision
            assert refusal.message and "Traceback" not in refusal.message
        check_invariants(s)
    return s


# Each game is driven by a seeded random generator: Hypothesis picks (and shrinks) the seed,
# the player count and the game's length; a failure prints all three to reproduce it.
seeds = st.integers(0, 2**32 - 1)


@settings(max_examples=60, deadline=None)
@given(seeds, st.integers(2, 6), st.integers(1, 250))
def test_random_legal_games_keep_the_board_and_the_limits_honest(seed, players, steps):
    play_random_game(random.Random(seed), players, steps, junk=0.0, undo=0.0)


@settings(max_examples=60, deadline=None)
@given(seeds, st.integers(2, 6), st.integers(1, 200))
def test_refused_actions_change_nothing_and_anything_accepted_was_offered(seed, players, steps):
    play_random_game(random.Random(seed), players, steps, junk=0.5, undo=0.0)


@settings(max_examples=40, deadline=None)
@given(seeds, st.integers(2, 5), st.integers(1, 200))
def test_undo_and_redo_across_rounds_match_a_fresh_replay(seed, players, steps):
    s = play_random_game(random.Random(seed), players, steps, junk=0.1, undo=0.15)
    fresh = Session(GAME, list(s.names), s.options)
    for i in range(s.timeline.cursor):
        fresh.dispatch(s.timeline.action(i))
    assert fresh.state == s.state


@settings(max_examples=25, deadline=None)
@given(seeds, st.integers(2, 6))
def test_long_random_games_end_with_a_winner_holding_three_tokens(seed, players):
    s = play_random_game(random.Random(seed), players, steps=3000, junk=0.0, undo=0.0)
    result = s.result()
    assert result is not None, "a random game of 3000 actions should have ended"
    assert result.winners and all(s.state["tokens"][w] >= 3 for w in result.winners)
    assert all(s.state["tokens"][p] < 3 for p in s.names if p not in result.winners)
