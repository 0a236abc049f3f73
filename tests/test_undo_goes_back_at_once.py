"""Undo returns to the state before the move at once, and to exactly the state a replay rebuilds.

The session keeps the states just behind the current move (companion/core/recent_states.py) so
that an Undo on the touchscreen is one step back rather than a replay of up to 50 moves from the
timeline's last snapshot. Kept states must never differ from the game the moves make: random
games of every game mix moves, runs of undos, redos, new moves after undos (a redo branch ended)
and corrections, and after each the table's state is compared with the same timeline resumed by
a new session (which replays it).
"""

from __future__ import annotations

import random

import pytest

from companion import games
from companion.core import RuleError, Session
from tests.support import typed_play

STEPS = 160


def resumed(session: Session) -> Session:
    return Session(session.game, list(session.names), session.options, timeline=session.timeline)


def correct_dropping_later(rng: random.Random, session: Session) -> bool:
    """A correction of an earlier move that keeps the move and drops every move after it."""
    line = session.moves()
    if len(line) < 2:
        return False
    move = rng.randint(1, len(line) - 1)
    try:
        session.dispatch({"type": "correct", "move": move, "action": line[move - 1], "later": []})
    except RuleError:
        return False
    return True


@pytest.mark.parametrize("game_id", [g.id for g in games.all_games()])
def test_every_undo_redo_and_correction_leaves_the_game_a_replay_would(game_id):
    game = games.get(game_id)
    kinds: set[str] = set()
    for seed in range(3):
        rng = random.Random(f"{game_id}/undo/{seed}")
        session = typed_play.table(game, rng)
        for _ in range(STEPS):
            roll = rng.random()
            if roll < 0.2 and session.can_undo:
                for _ in range(rng.choice([1, 1, 2, 3, 6])):
                    if session.can_undo:
                        session.dispatch({"type": "undo"})
                kind = "undo"
            elif roll < 0.3 and session.can_redo:
                session.dispatch({"type": "redo"})
                kind = "redo"
            elif roll < 0.33 and correct_dropping_later(rng, session):
                kind = "correct"
            elif session.result() is None and typed_play.step(rng, session) is not None:
                kind = "move"
            else:
                continue
            kinds.add(kind)
            assert session.state == resumed(session).state, (
                f"{game_id}: after {kind} at move {session.timeline.cursor} the table's game is not the "
                f"one its moves make")
    assert kinds == {"move", "undo", "redo", "correct"}, kinds


def undos_replaying(session: Session, undos: int) -> int:
    """How many moves `undos` Undos in a row make the game replay."""
    applied = []
    real_apply = session.game.apply

    def counting(state, action):
        applied.append(action)
        return real_apply(state, action)

    session.game.apply = counting
    try:
        for _ in range(undos):
            session.dispatch({"type": "undo"})
    finally:
        del session.game.apply
    return len(applied)


def test_undos_replay_nothing_whether_the_moves_were_made_now_or_before_a_restart():
    game = games.get("bon")
    rng = random.Random("bon/undo/fast")
    session = typed_play.table(game, rng)
    for _ in range(40):
        typed_play.step(rng, session)
    assert session.timeline.cursor > 30
    assert undos_replaying(session, 5) == 0, "five undos of moves made this evening replayed moves"
    # The table restarted: its game is rebuilt from the timeline once, and Undo goes back from there.
    again = resumed(session)
    assert undos_replaying(again, 5) == 0, "five undos after a restart replayed moves"
    assert again.state == resumed(again).state
