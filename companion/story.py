"""A past game told again: what happened, move by move, replayed from its stored actions.

The game log keeps actions, not news, so the news is made again by playing the actions through
the game's rules, the same way a resume does. Only public things come out of it: each game's
events never carry a hidden value, and the final view is the public view.

A corrected move is told as it stands after the correction, with a line saying what was
corrected and when (companion/core/correction.py); moves a correction dropped are not told.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion import games
from companion.core.correction import CORRECT
from companion.core.errors import RuleError, SetupError
from companion.core.game import Action
from companion.core.session import Session
from companion.store.records import GameRecord

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Moment:
    """One accepted action that caused news: when, and what the table was told."""

    move: int  # 1 for the game's first action
    at: str  # UTC, ISO 8601, as the log stamped the action
    events: tuple[dict[str, Any], ...]
    # The move in a line (its news, else who did what), for a story that lists every move.
    words: str = ""


@dataclass(frozen=True)
class Story:
    moments: tuple[Moment, ...] = ()
    # The public view after the last action; None when moves were lost, since where the game
    # was left is then not known.
    view: dict[str, Any] | None = None
    # Why the story stops short, when it does (a game this table no longer knows, a log that
    # the rules refuse, moves lost with a damaged database); empty when every action played.
    problem: str = ""
    moves: int = 0  # actions in the log


def tell(record: GameRecord, played: Sequence[tuple[Action, str]], every_move: bool = False) -> Story:
    """The news of every action in `played`, in order, and where the game was left.

    `every_move`: a moment for every move, news or not, each with its words (the moves the
    table may touch to correct one); else only the moves that made news.

    A game saved from a damaged database may hold fewer moves than it counts (`record.actions`):
    its story is told up to the first move lost, and says so.
    """
    told = _told(record, played, every_move)
    lost = _lost(record, played)
    if not lost:
        return told
    return Story(told.moments, None, told.problem or lost, moves=record.actions)


def _told(record: GameRecord, played: Sequence[tuple[Action, str]], every_move: bool) -> Story:
    try:
        session = Session(games.get(record.game), record.players, record.options)
    except SetupError as exc:
        return Story(problem=f"This game cannot be told again here: {exc}.", moves=len(played))
    notes: dict[int, list[dict[str, Any]]] = {}
    if any(action.get("type") == CORRECT for action, _ in played):
        played, notes = _corrected(session, played)
        session = Session(games.get(record.game), record.players, record.options)
    moments: list[Moment] = []
    for number, (action, at) in enumerate(played, start=1):
        before = session.state if every_move else None
        try:
            change = session.dispatch(action)
        except RuleError as exc:
            # Rules changed since it was played: tell what still plays, and say where it stops.
            return Story(tuple(moments), session.view(), f"Move {number} no longer plays by these rules: {exc}.",
                         moves=len(played))
        except Exception as exc:  # noqa: BLE001 - an old log a rule trips over must not close the app
            log.exception("telling game %s again stopped at move %s", record.id, number)
            return Story(tuple(moments), session.view(),
                         f"Move {number} could not be played again ({type(exc).__name__}).", moves=len(played))
        events = (*change.events, *notes.get(number, ()))
        if every_move:
            words = session.move_words(before, session.state, action)
            moments.append(Moment(number, at, events, words))
        elif events:
            moments.append(Moment(number, at, events))
    return Story(tuple(moments), session.view(), moves=len(played))


def _lost(record: GameRecord, played: Sequence[tuple[Action, str]]) -> str:
    """Why the story stops before the end of a game whose later moves were lost, or ""."""
    if record.actions <= len(played):
        return ""
    first = len(played) + 1
    if not played:
        return (f"Move 1 was lost when the game database was damaged, so none of the game's "
                f"{record.actions} moves can be told.")
    return (f"Move {first} was lost when the game database was damaged, so the story stops after "
            f"move {first - 1} of {record.actions}.")


def _corrected(session: Session, played: Sequence[tuple[Action, str]]
               ) -> tuple[list[tuple[Action, str]], dict[int, list[dict[str, Any]]]]:
    """The moves in effect after the log's corrections, each with a time, and each correction's
    line under the move it corrected. A corrected or kept later move keeps the time of the move
    at its place; one beyond the old line takes the correction's time."""
    line: list[tuple[Action, str]] = []
    notes: dict[int, list[dict[str, Any]]] = {}
    for action, at in played:
        try:
            change = session.dispatch(action)
        except RuleError:
            break  # told by the second pass, at the move where it stops
        if action.get("type") != CORRECT:
            line.append((action, at))
            continue
        move = action["move"]
        times = [t for _, t in line[move - 1:]]
        tail = [action["action"], *action["later"]]
        line[move - 1:] = [(a, times[i] if i < len(times) else at) for i, a in enumerate(tail)]
        for kept in notes:
            notes[kept] = [n for n in notes[kept] if kept <= move]  # a replaced move's note goes with it
        notes.setdefault(move, []).append({**change.events[0], "at": at})
    return line, notes
