"""Players' stats across the games played at this table: played, won, best and average score
where a game counts points, and when each last played. A name is one player whatever the game
(compared without case, as the players screen remembers names); the newest spelling is shown."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.plays import Play


@dataclass
class Tally:
    """One player's count, overall or in one game."""

    played: int = 0
    won: int = 0
    scores: list[float] = field(default_factory=list)
    last_played: str = ""  # UTC, ISO 8601: when the last such game ended

    def add(self, play: Play, score: float | None, won: bool) -> None:
        self.played += 1
        self.won += won
        if score is not None:
            self.scores.append(score)
        self.last_played = max(self.last_played, play.ended_at)

    @property
    def best(self) -> float | None:
        # The highest score: every game here counts more points as better (docs/stats.md).
        return max(self.scores) if self.scores else None

    @property
    def average(self) -> float | None:
        return round(sum(self.scores) / len(self.scores), 1) if self.scores else None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"played": self.played, "won": self.won, "last_played": self.last_played}
        if self.scores:
            out |= {"best": self.best, "average": self.average}
        return out


@dataclass
class PlayerStats:
    name: str
    overall: Tally = field(default_factory=Tally)
    games: dict[str, Tally] = field(default_factory=dict)  # by game title

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, **self.overall.to_json(),
                "games": {title: t.to_json() for title, t in sorted(self.games.items())}}


def player_stats(plays: Iterable[Play]) -> list[PlayerStats]:
    """Every player who finished a game here; most games won first, then most played, then by name.

    Overall best and average are left out: points of different games do not add up."""
    found: dict[str, PlayerStats] = {}
    for play in sorted(plays, key=lambda p: p.ended_at):
        for seat in play.seats:
            stats = found.setdefault(seat.name.casefold(), PlayerStats(seat.name))
            stats.name = seat.name  # the newest spelling
            stats.overall.add(play, None, seat.winner)
            stats.games.setdefault(play.title, Tally()).add(play, seat.score, seat.winner)
    return sorted(found.values(), key=lambda s: (-s.overall.won, -s.overall.played, s.name.casefold()))
