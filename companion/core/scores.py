"""Each player's score in any game's public view, found the same way for every game.

Home Assistant's sensors, the phone's state message and the history's standings all read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SCORE_FIELDS = ("score", "points", "tokens")


def player_scores(view: Mapping[str, Any] | None) -> dict[str, float]:
    """Each player's score, or {} when the view holds none that can be found.

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
