"""Each player's score in a session's view, as the game itself counts it (Game.scores).

Home Assistant's sensors, the phone's state message and the history's standings all read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def player_scores(view: Mapping[str, Any] | None) -> dict[str, float]:
    """Each player's score in seat order; a finished game's final scores; {} when it keeps none."""
    if not view:
        return {}
    names = [p["name"] for p in view.get("players", []) if isinstance(p, Mapping) and "name" in p]
    result = view.get("result")
    for found in ((result or {}).get("scores") if isinstance(result, Mapping) else None, view.get("scores")):
        if isinstance(found, Mapping) and found and all(_is_number(v) for v in found.values()):
            return {p: found[p] for p in names if p in found}
    return {}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
