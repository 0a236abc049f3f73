"""A past game told again: what happened, move by move, replayed from its stored actions.

The game log keeps actions, not news, so the news is made again by playing the actions through
the game's rules, the same way a resume does. Only public things come out of it: each game's
events never carry a hidden value, and the final view is the public view.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion import games
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


@dataclass(frozen=True)
class Story:
    moments: tuple[Moment, ...] = ()
    view: dict[str, Any] | None = None  # the public view after the last action
    # Why the story stops short, when it does (a game this table no longer knows, a log that
    # the rules refuse); empty when every action played.
    problem: str = ""
    moves: int = 0  # actions in the log


def tell(record: GameRecord, played: Sequence[tuple[Action, str]]) -> Story:
    """The news of every action in `played`, in order, and where the game was left."""
    try:
        session = Session(games.get(record.game), record.players, record.options)
    except SetupError as exc:
        return Story(problem=f"This game cannot be told again here: {exc}.", moves=len(played))
    moments: list[Moment] = []
    for number, (action, at) in enumerate(played, start=1):
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
        if change.events:
            moments.append(Moment(number, at, tuple(change.events)))
    return Story(tuple(moments), session.view(), moves=len(played))
