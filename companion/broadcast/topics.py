"""Topic names and payloads for the table's broadcast: pure functions, no network.

docs/mqtt.md describes every topic and payload; tests hold the two together.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

ONLINE = "online"
OFFLINE = "offline"

# A state's version is game_number * GAME_SPAN + revision: it only grows, across games too.
# The last number of each span means "no game at the table after game N".
GAME_SPAN = 1 << 24
_IDLE = GAME_SPAN - 1
# JavaScript numbers are exact up to 2**53: that leaves room for 2**29 games.
MAX_GAME_NUMBER = (1 << 29) - 1


@dataclass(frozen=True)
class Topics:
    """Every topic of one table: `<prefix>/<table>/...`."""

    prefix: str
    table: str

    @property
    def base(self) -> str:
        return f"{self.prefix}/{self.table}"

    @property
    def state(self) -> str:
        return f"{self.base}/state"

    @property
    def events(self) -> str:
        return f"{self.base}/events"

    @property
    def availability(self) -> str:
        return f"{self.base}/availability"

    @property
    def everything(self) -> str:
        return f"{self.base}/#"


def version(game_number: int | None, revision: int | None) -> int:
    """A number that grows with every change, and from one game to the next.

    `game_number` is the game's record number in the store (it only grows);
    `revision` is None when no game is open at the table.
    """
    n = max(0, min(game_number or 0, MAX_GAME_NUMBER))
    if revision is None:
        return n * GAME_SPAN + _IDLE
    return n * GAME_SPAN + min(max(revision, 0), _IDLE - 1)


SCORE_FIELDS = ("score", "points", "tokens")


def player_scores(view: Mapping[str, Any] | None) -> dict[str, float]:
    """Each player's score, found the same way for every game (Home Assistant shows these).

    A game's own view may hold `scores` ({name: number}); or players' records with a
    `score`, `points` or `tokens` number, either keyed by name (e.g. `sides`) or as a
    list of records with a `name`; a finished game's result holds the final scores.
    """
    if not view:
        return {}
    names = [p["name"] for p in view.get("players", []) if isinstance(p, Mapping) and "name" in p]
    own = view.get("view")
    candidates: list[Any] = []
    result = view.get("result")
    if isinstance(result, Mapping):
        candidates.append(result.get("scores"))
    if isinstance(own, Mapping):
        candidates.append(own.get("scores"))
        for value in own.values():
            if isinstance(value, Mapping) and value and set(value) <= set(names):
                candidates.append({p: _score_of(rec) for p, rec in value.items()})
            elif isinstance(value, list) and value and all(isinstance(r, Mapping) for r in value):
                if all(r.get("name") in names for r in value):
                    candidates.append({r["name"]: _score_of(r) for r in value})
    for found in candidates:
        if isinstance(found, Mapping) and found and all(_is_number(v) for v in found.values()):
            if set(found) <= set(names):
                return {p: found[p] for p in names if p in found}
    return {}


def _score_of(record: Any) -> Any:
    if not isinstance(record, Mapping):
        return None
    return next((record[f] for f in SCORE_FIELDS if f in record), None)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def state_payload(
    view: Mapping[str, Any] | None,
    *,
    game_number: int | None,
    table_id: str,
    table_name: str,
) -> dict[str, Any]:
    """The retained state: the public view as it is, plus the table, a version and the scores.

    With no game open, the view's fields are absent and `game` is null.
    """
    envelope = {
        "version": version(game_number, view["revision"] if view else None),
        "table": {"id": table_id, "name": table_name},
        "scores": player_scores(view),
    }
    if view is None:
        return {**envelope, "game": None}
    return {**view, **envelope}


def event_payload(
    event: Mapping[str, Any],
    *,
    view: Mapping[str, Any],
    game_number: int | None,
    at: str,
) -> dict[str, Any]:
    """One event, told once: which game and change it came from, and when."""
    return {
        "version": version(game_number, view["revision"]),
        "game": view["game"],
        "revision": view["revision"],
        "at": at,
        "event": dict(event),
    }


def encode(payload: Mapping[str, Any]) -> bytes:
    """Compact UTF-8 JSON, as every payload is sent."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
