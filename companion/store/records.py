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

    @classmethod
    def from_row(cls, row: tuple) -> GameRecord:
        rid, game, players, options, started, ended, status, result, actions = row
        return cls(
            rid,
            game,
            json.loads(players),
            json.loads(options),
            started,
            ended,
            status,
            json.loads(result) if result else None,
            actions,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "players": [p["name"] for p in self.players],
            "options": self.options,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "status": self.status,
            "result": self.result,
            "actions": self.actions,
        }
