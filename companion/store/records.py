"""What the store knows about one game, for resuming it and for the history list."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import takewhile
from typing import Any

# A game's moves in effect with their places, in order: read through unbroken() below.
MOVES_IN_EFFECT = ("SELECT a.idx, a.action, a.at FROM actions a JOIN games g ON g.id = a.game_id"
                   " WHERE a.game_id = ? AND a.idx < g.cursor ORDER BY a.idx")

# The moves in effect held from the first with none missing (what a story or a play can use).
KEPT = ("min(cursor, CASE WHEN NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = games.id AND a.idx = 0)"
        " THEN 0 ELSE (SELECT min(a.idx) + 1 FROM actions a WHERE a.game_id = games.id AND NOT EXISTS"
        " (SELECT 1 FROM actions b WHERE b.game_id = a.game_id AND b.idx = a.idx + 1)) END)")


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    players: list[dict[str, str]]
    options: dict[str, Any]
    started_at: str
    ended_at: str | None
    status: str  # "playing", "finished" or "abandoned"
    result: dict[str, Any] | None
    actions: int  # moves in effect when it was played; more than the store holds when some were lost
    # Parts of the row that could not be read (a damaged disk, a hand edit): shown, never raised.
    damaged: tuple[str, ...] = ()
    # Moves in effect the store still holds, where it was read (the history): fewer than
    # `actions` when damaged storage cost the game its last moves.
    kept: int | None = None

    @classmethod
    def from_row(cls, row: tuple) -> GameRecord:
        """A row as it can be read: a part that is not what the table wrote is named in `damaged`.
        A tenth column, where given, is the count of moves in effect the store holds (`kept`)."""
        rid, game, players, options, started, ended, status, result, actions = row[:9]
        kept = row[9] if len(row) > 9 and isinstance(row[9], int) else None
        damaged: list[str] = []
        players = _json(players, _is_players, [], "players", damaged)
        options = _json(options, lambda v: isinstance(v, dict), {}, "options", damaged)
        result = _json(result, _is_result, None, "result", damaged) if result else None
        for what, value, fits in (("game", game, isinstance(game, str)),
                                  ("start time", started, isinstance(started, str)),
                                  ("end time", ended, ended is None or isinstance(ended, str)),
                                  ("move count", actions, isinstance(actions, int))):
            if not fits:
                damaged.append(what)
        game = game if isinstance(game, str) else str(game)
        started = started if isinstance(started, str) else ""
        ended = ended if ended is None or isinstance(ended, str) else None
        actions = actions if isinstance(actions, int) else 0
        return cls(rid, game, players, options, started, ended, str(status), result, actions, tuple(damaged), kept)

    @property
    def names(self) -> list[str]:
        return [p["name"] for p in self.players]

    @property
    def summary(self) -> str:
        """The result in one line for a listing."""
        text = self.result["summary"] if self.result else "not finished"
        if self.damaged:
            text += f" (damaged record: {', '.join(self.damaged)} unreadable)"
        if self.lost:
            text += f" ({self.lost_words})"
        return text

    @property
    def lost(self) -> int:
        """Moves in effect the damaged storage cost this game (0 when it is whole)."""
        return 0 if self.kept is None else max(0, self.actions - self.kept)

    @property
    def lost_words(self) -> str:
        """What the table's damaged storage cost this game, as the start-up notice says it."""
        if not self.kept:
            return (f"the table's storage was damaged: {'its one move was' if self.lost == 1 else f'all its {self.lost} moves were'}"
                    " lost")
        last = "its last move" if self.lost == 1 else f"its last {self.lost} moves"
        return f"the table's storage was damaged: it lost {last}; the game is kept up to move {self.kept}"

    def to_json(self) -> dict[str, Any]:
        out = {
            "id": self.id,
            "game": self.game,
            "players": self.names,
            "options": self.options,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "status": self.status,
            "result": self.result,
            "actions": self.actions,
        }
        if self.damaged:
            out["damaged"] = list(self.damaged)
        if self.lost:
            out["moves_lost"] = self.lost
            out["moves_kept"] = self.kept
        return out


def _json(text: Any, fits: Any, empty: Any, what: str, damaged: list[str]) -> Any:
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        value = _NOT_READ
    if value is _NOT_READ or not fits(value):
        damaged.append(what)
        return empty
    return value


_NOT_READ = object()


def _is_players(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("colour", ""), str)
        for p in value
    )


def _is_result(value: Any) -> bool:
    return (isinstance(value, dict) and isinstance(value.get("summary"), str)
            and isinstance(value.get("scores", {}), dict))


def unbroken(rows: Iterable[tuple]) -> list[tuple]:
    """The moves of MOVES_IN_EFFECT that can be played, without their places: from the first, up
    to the first one missing. A game saved from a damaged database may have lost some
    (companion/store/recovery.py), and a move means nothing without the ones before it."""
    return [row[1:] for _place, row in takewhile(lambda pair: pair[0] == pair[1][0], enumerate(rows))]


def readable(rows: Iterable[tuple]) -> list[tuple[dict[str, Any], str]]:
    """The moves of MOVES_IN_EFFECT that can be played, read: from the first, up to the first one
    missing or whose text cannot be read (a move means nothing without the ones before it)."""
    out = []
    for action, at in unbroken(rows):
        try:
            move = json.loads(action)
        except (TypeError, ValueError, RecursionError):
            break
        if not isinstance(move, dict) or not isinstance(at, str):
            break
        out.append((move, at))
    return out
