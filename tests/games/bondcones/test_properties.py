"""Property tests: random legal games driven only by Game.expected(), and expected() matching apply."""

import copy
import itertools
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import RuleError, Session
from companion.games.bondcones import BondCones
from companion.games.bondcones.frames import COUNTS, TOTAL_CONES, TOTAL_POINTS

GAME = BondCones()
PLAYERS = ["Mia", "Leo"]
MAX_ACTIONS = 4000
DEFAULTS = {"with": "ordinary", "cone": "ordinary"}  # what a capture means without those fields


def pick(rng, expected):
    """A random legal action: only the types and field choices expected() offers."""
    legal = list(expected.legal)
    types = [spec.type for spec in legal]
    if "capture" in types and rng.random() < 0.6:
        spec = legal[types.index("capture")]
    elif "battle" in types and rng.random() < 0.5:
        spec = legal[types.index("battle")]
    else:
        spec = rng.choice([s for s in legal if s.type not in ("capture", "battle")] or legal)
    action = {"type": spec.type}
    for name, field in spec.fields.items():
        if field.optional and rng.random() < 0.5:
            continue  # left out: a capture's kinds then mean an ordinary cone
        action[name] = rng.choice(field.values)  # only the choices not greyed out
    if rng.random() < 0.3:
        action["by"] = expected.turn
    return action


def check_invariants(session):
    state, view = session.state, session.view()["view"]
    assert json.loads(json.dumps(state)) == state
    sides = view["sides"]
    bondos = sum(side["bondos"] for side in sides.values()) + view["aside"]
    assert bondos == 2, "there are two BondOs in the game, always"
    assert len(view["windows"]) <= 1
    for name, side in sides.items():
        other = next(p for p in PLAYERS if p != name)
        assert 0 <= side["points"] <= TOTAL_POINTS
        lost = [c["value"] for c in view["captures"] if c["from"] == name]
        assert side["cones_left"] + len(lost) == TOTAL_CONES
        for value, n in COUNTS.items():
            assert side["remaining"][str(value)] == n - lost.count(value) >= 0
        assert side["points"] == sum(c["value"] for c in view["captures"] if c["by"] == name)
        assert side["capturable"] == [v for v in sorted(COUNTS) if side["remaining"][str(v)]]
        assert side["bondo_cones"] in ([], [1], [1, 1], [2])
        if view["phase"] != "over":
            assert sides[other]["points"] < view["target"]
    for peek in view["peeks"]:
        assert set(peek) == {"player", "of", "reason"}, "a peek never records a value"
    expected = session.expected()
    assert expected.turn == view["to_act"]
    assert (expected.turn is None) == (view["phase"] == "over")


def play_random_game(seed, undo_rate=0.0):
    rng = random.Random(seed)
    session = Session(GAME, PLAYERS)
    before = session.view()
    for _ in range(MAX_ACTIONS):
        if session.result() is not None:
            break
        action = pick(rng, session.expected())
        session.dispatch(action)
        check_invariants(session)
        if rng.random() < undo_rate:
            after = session.view()
            session.dispatch({"type": "undo"})
            assert session.view()["view"] == before["view"]
            session.dispatch({"type": "redo"})
            assert session.view()["view"] == after["view"]
        before = session.view()
    return session


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_legal_games_end_with_a_winner_at_28_and_nobody_above_41(seed):
    session = play_random_game(seed, undo_rate=0.05)
    result = session.result()
    assert result is not None, "a random legal game did not end"
    (winner,) = result.winners
    loser = next(p for p in PLAYERS if p != winner)
    assert 28 <= result.scores[winner] <= TOTAL_POINTS
    assert result.scores[loser] < 28
    assert session.view()["expected"]["legal"] == []


FACES = ["1", "2", "3", "4", "peek", "bondo", 3, "six"]
VALUES = [0, 1, 2, 3, 4, 8]
KINDS = [None, "ordinary", "bondo", "double"]


def candidates():
    """Every kind of action a screen, button or script could send, legal or not."""
    for by in (None, *PLAYERS):
        extra = {} if by is None else {"by": by}
        for face in FACES:
            yield {"type": "roll", "face": face, **extra}
        yield {"type": "done", **extra}
        yield {"type": "battle", **extra}
        for value in VALUES:
            yield {"type": "remove", "value": value, **extra}
    for value, with_, cone in itertools.product(VALUES, KINDS, KINDS):
        action = {"type": "capture", "value": value}
        if with_:
            action["with"] = with_
        if cone:
            action["cone"] = cone
        yield action


def offered(expected, action):
    """Whether expected() lists this action: its type, each chosen field, and the actor."""
    if expected.turn is None or action.get("by", expected.turn) != expected.turn:
        return False
    for spec in expected.legal:
        if spec.type != action["type"]:
            continue
        for name, field in spec.fields.items():
            given = action.get(name, DEFAULTS.get(name))
            if name == "face" and isinstance(given, int):
                given = str(given)
            if given not in field.values:
                return False
        return True
    return False


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_expected_lists_exactly_what_the_rules_accept_and_refusals_change_nothing(seed):
    """Screens offer only legal moves: every offered action is accepted, every other one refused."""
    rng = random.Random(seed)
    session = Session(GAME, PLAYERS)
    for step in range(MAX_ACTIONS):
        if session.result() is not None:
            break
        if step % 8 == 0:
            state, expected = session.state, session.expected()
            for action in candidates():
                copy_before = copy.deepcopy(state)
                try:
                    GAME.apply(copy_before, copy.deepcopy(action))
                    accepted = True
                except RuleError:
                    accepted = False
                    assert copy_before == state, f"refused {action} but changed the state"
                assert accepted == offered(expected, action), f"{action} at {expected.prompt!r}"
        session.dispatch(pick(rng, session.expected()))
    assert session.result() is not None


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.sampled_from(list(candidates())), min_size=1, max_size=30))
def test_out_of_turn_and_impossible_actions_through_the_session_change_nothing(seed, attempts):
    rng = random.Random(seed)
    session = Session(GAME, PLAYERS)
    for attempt in attempts:
        for _ in range(rng.randrange(0, 40)):
            if session.result() is not None:
                break
            session.dispatch(pick(rng, session.expected()))
        state, revision, view = session.state, session.revision, session.view()
        if offered(session.expected(), attempt) and session.result() is None:
            session.dispatch(attempt)
            assert session.revision == revision + 1
        else:
            try:
                session.dispatch(attempt)
            except RuleError:
                pass
            else:
                raise AssertionError(f"{attempt} was accepted though not offered")
            assert session.state == state and session.revision == revision and session.view() == view
