"""What the store knows about one game, for resuming it and for the history list."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


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
    actions: int
    # Parts of the row that could not be read (a damaged disk, a hand edit): shown, never raised.
    damaged: tuple[str, ...] = ()

    @classmethod
    def from_row(cls, row: tuple) -> GameRecord:
        """A row as it can be read: a part that is not what the table wrote is named in `damaged`."""
        rid, game, players, options, started, ended, status, result, actions = row
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
        return cls(rid, game, players, options, started, ended, str(status), result, actions, tuple(damaged))

    @property
    def names(self) -> list[str]:
        return [p["name"] for p in self.players]

    @property
    def summary(self) -> str:
        """The result in one line for a listing."""
        text = self.result["summary"] if self.result else "not finished"
        if self.damaged:
            text += f" (damaged record: {', '.join(self.damaged)} unreadable)"
        return text

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
