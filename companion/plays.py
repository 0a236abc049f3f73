"""A finished game as a play, the way play-logging apps and spreadsheets count it: when, how
long, where, and each player's score, rank, win and whether they started."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion import games
from companion.core.correction import line_of_play
from companion.core.errors import RuleError, SetupError
from companion.core.game import Action
from companion.core.session import Session
from companion.store.records import GameRecord

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Seat:
    name: str
    score: float | None  # None: the game keeps no score
    rank: int
    winner: bool
    start_player: bool


@dataclass(frozen=True)
class Play:
    id: int
    game: str  # the game's id
    title: str
    started_at: str  # UTC, ISO 8601
    ended_at: str
    summary: str
    seats: tuple[Seat, ...]

    @property
    def minutes(self) -> int:
        start, end = datetime.fromisoformat(self.started_at), datetime.fromisoformat(self.ended_at)
        return max(0, round((end - start).total_seconds() / 60))

    @property
    def has_points(self) -> bool:
        return any(s.score is not None for s in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "title": self.title, "started_at": self.started_at,
            "ended_at": self.ended_at, "duration_min": self.minutes, "summary": self.summary,
            "players": [{"name": s.name, "score": s.score, "rank": s.rank, "winner": s.winner,
                         "start_player": s.start_player} for s in self.seats],
        }


def play(record: GameRecord, entries: Sequence[Action]) -> Play:
    """A finished game's record (and its log, for who started) as a play."""
    result = record.result or {}
    scores = result.get("scores") or {}
    winners = set(result.get("winners") or ())
    names = [p["name"] for p in record.players]
    starter = start_player(record, entries)
    seats = tuple(Seat(n, scores.get(n), rank(n, names, scores, winners), n in winners, n == starter)
                  for n in names)
    return Play(record.id, record.game, _title(record.game), record.started_at, record.ended_at or record.started_at,
                result.get("summary", ""), seats)


def rank(name: str, names: Sequence[str], scores: dict[str, Any], winners: set[str]) -> int:
    """1 for a winner; else one more than the players ahead (more points, or a winner).

    A game decided by something other than points (a tie-break) still ranks its winners first.
    """
    if name in winners:
        return 1
    mine = scores.get(name)
    ahead = sum(1 for other in names if other != name and (
        other in winners or (mine is not None and scores.get(other) is not None and scores[other] > mine)))
    return ahead + 1


def start_player(record: GameRecord, entries: Sequence[Action]) -> str | None:
    """Whose turn the game's first move was: the first turn the rules name, playing the log
    from the start until one is named (a game that first asks who starts names it after that)."""
    try:
        session = Session(games.get(record.game), record.players, record.options)
        for action in [None, *line_of_play(entries)]:
            if action is not None:
                session.dispatch(action)
            turn = session.expected().turn
            if turn is not None:
                return turn
    except (RuleError, SetupError) as exc:
        log.warning("game %s: who started is not known (%s)", record.id, exc)
    return None


def _title(game_id: str) -> str:
    try:
        return games.get(game_id).title
    except SetupError:
        return game_id
