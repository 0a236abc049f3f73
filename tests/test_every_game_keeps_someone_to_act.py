"""No accepted move leaves a game unfinished with nobody to act, in every registered game.

Random games of every game the registry knows (a new game is covered without a line here), with
random tables and options (1 life, no wild cards of a kind: the corners where BONC! once stopped),
played only from the legal actions' typed fields. After each accepted move the table can still
read the game (its view, whose turn, the legal actions) and, unless it is over, someone may act.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import games
from companion.core import Session
from tests.support import typed_play

MOVES = 150  # a bound per game, so each game's test stays at a few seconds


def someone_may_act(view: dict, names: tuple[str, ...]) -> list[str]:
    """Who may take some legal action now (everyone, when the game names nobody in particular)."""
    expected = view["expected"]
    may: set[str] = set()
    for spec in expected["legal"]:
        if spec.get("by") is not None:
            may.update(spec["by"])
        elif expected["turn"] is not None:
            may.add(expected["turn"])
        else:
            may.update(names)
    return sorted(may)


def check_someone_to_act(session: Session, moves: list[dict]) -> None:
    view = session.view()  # raises if the game cannot be read after the move
    if view["result"] is not None:
        return
    turn = view["expected"]["turn"]
    assert turn is None or turn in session.names, f"the turn of {turn!r}, who is not playing, after {moves}"
    assert view["expected"]["legal"], f"unfinished with no legal action after {moves}"
    assert someone_may_act(view, session.names), f"unfinished with nobody who may act after {moves}"


@pytest.mark.parametrize("game_id", games.known())
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_no_accepted_move_leaves_a_game_with_nobody_to_act(game_id, seed):
    rng = random.Random(seed)
    session = typed_play.table(games.get(game_id), rng)
    moves: list[dict] = []
    check_someone_to_act(session, moves)
    for _ in range(MOVES):
        if session.result() is not None:
            break
        action = typed_play.step(rng, session)
        if action is None:
            break  # nothing the random player tried was accepted: a rule it cannot guess (Baon's runs)
        moves.append(action)
        check_someone_to_act(session, moves)
