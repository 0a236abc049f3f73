"""Property tests: random games played only through the legal actions' typed fields.

Whatever is played: lives stay within 0 and the maximum, the players out are exactly those at
0, the turn belongs to a player still in with a card, and a refused action changes nothing.
"""

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import RuleError, Session
from companion.core.fields import Choice
from companion.games.bonc import Bonc
from companion.games.bonc import cards as c

GAME = Bonc()
MAX_ACTIONS = 3000  # random games end within a few hundred cards; the bound only stops a runaway


def fill(rng: random.Random, spec) -> dict:
    """A random action of this legal type: each field asked now gets one of its enabled values."""
    action = {"type": spec.type}
    for name, field in spec.fields.items():
        if not field.applies(action):
            continue
        if field.optional and rng.random() < 0.3:
            continue
        assert isinstance(field, Choice)
        action[name] = rng.choice(field.values)
    if spec.by is not None:
        action["by"] = rng.choice(spec.by)
    return action


def pick(rng: random.Random, session: Session) -> dict:
    legal = list(session.expected().legal)
    blocks = [s for s in legal if s.type == "block"]
    spec = blocks[0] if blocks and rng.random() < 0.3 else rng.choice(legal)
    return fill(rng, spec)


def nonsense(rng: random.Random, session: Session) -> dict:
    """An action a confused table might send: any card, any player, any type."""
    names = list(session.names) + ["Zoe"]
    kind = rng.choice(["play", "block", "deal", "no_block"])
    action = {"type": kind}
    if kind == "play":
        action["card"] = rng.choice([*c.ALL, 9, -1, "joker", None, True])
        for extra in ("target", "gift"):
            if rng.random() < 0.4:
                action[extra] = rng.choice(names)
    if rng.random() < 0.7:
        action["by"] = rng.choice(names)
    return action


def check_invariants(session: Session) -> None:
    state, view = session.state, session.view()
    assert json.loads(json.dumps(state)) == state
    table = view["view"]
    top = table["max_lives"]
    for p in table["players"]:
        assert 0 <= p["lives"] <= top, p
        assert p["out"] == (p["lives"] == 0), "out is exactly at 0 lives"
        assert p["cards"] >= 0 and p["shield"] in (0, 1, 2)
    assert view["scores"] == {p["name"]: p["lives"] for p in table["players"]}
    assert table["draw_pile"] >= 0 and all(n >= 0 for n in table["left"].values())
    standing = [p["name"] for p in table["players"] if not p["out"]]
    turn = view["expected"]["turn"]
    if table["phase"] == "play":
        assert turn is not None, "a card is awaited: someone still in holds one, and it is their turn"
    if turn is not None:
        me = next(p for p in table["players"] if p["name"] == turn)
        assert not me["out"] and me["cards"] > 0
    if table["phase"] == "over":
        assert standing == [table["winner"]] and view["result"]["winners"] == standing
        assert view["expected"]["legal"] == []
    else:
        assert view["result"] is None and view["expected"]["legal"], "the table always has something to do"
    if table["phase"] == "last_stand":
        assert len(standing) == 1 and table["blockers"]


# The cost of a game grows with its lives (a 5-life game takes about three times a 3-life one): 40
# games at 1, 3 or 5 lives keep these tests to a few seconds, and 1-life games reach the eliminations,
# the last stand and the end in many ways. No deadline: a loaded machine must not fail a game.
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 7), lives=st.sampled_from([1, 3, 5]))
def test_random_legal_games_keep_every_count_in_bounds_and_end_with_one_winner(seed, players, lives):
    rng = random.Random(seed)
    session = Session(GAME, [f"P{i}" for i in range(players)], {"lives": lives})
    for _ in range(MAX_ACTIONS):
        if session.result() is not None:
            break
        state, revision = session.state, session.revision
        try:
            session.dispatch(nonsense(rng, session))
        except RuleError as refusal:
            assert refusal.message and session.state == state and session.revision == revision
            session.dispatch(pick(rng, session))
        # Accepted, the nonsense was a legal move after all: it stands as this turn's move (taking
        # it back replays the game from its start, which costs more than the rest of the step).
        check_invariants(session)
        if rng.random() < 0.05:
            after = session.state
            session.dispatch({"type": "undo"})
            session.dispatch({"type": "redo"})
            assert session.state == after
    check_invariants(session)
    assert session.result() is not None, "lives only go down over the deals: every game ends"


# Each step takes every offered action back, and taking back replays the game from its start: ten
# games of up to 150 steps try some thousands of offered actions.
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_legal_action_offered_is_accepted(seed):
    rng = random.Random(seed)
    session = Session(GAME, ["Ann", "Ben", "Cat", "Dan"], {})
    for _ in range(150):
        if session.result() is not None:
            break
        for spec in session.expected().legal:
            action = fill(rng, spec)
            before = copy.deepcopy(session.state)
            session.dispatch(action)  # raises if what was offered is refused
            session.dispatch({"type": "undo"})
            assert session.state == before
        session.dispatch(pick(rng, session))


# Five players at one or two lives with none of the unnamed wild cards: the deck barely covers the
# deal, BLOCKs empty the draw pile, a BLOCK then draws nothing and one survivor ends up holding cards
# the others no longer have. About one game in ten gets there, so forty games find it.
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), lives=st.sampled_from([1, 2]), wilds=st.integers(0, 1))
def test_the_only_player_still_holding_cards_plays_again_until_the_re_deal(seed, lives, wilds):
    rng = random.Random(seed)
    options = {"lives": lives, "sneak_cards": wilds, "borrowed_time_cards": 0, "bulletproof_cards": wilds}
    session = Session(GAME, ["Ann", "Ben", "Cy", "Dee", "Eve"], options)
    for _ in range(MAX_ACTIONS):
        if session.result() is not None:
            break
        session.dispatch(pick(rng, session))
        check_invariants(session)
        after = session.state
        if after["phase"] == "play":
            holding = [p for p in after["players"] if after["lives"][p] > 0 and after["hands"][p] > 0]
            if holding == [after["last_by"]]:
                assert session.expected().turn == after["last_by"], "nobody else holds a card: they play again"
    assert session.result() is not None
