"""Why? for BondCones: a capture or removal with the counting frame it made, and the win, each
from the event alone (companion/core/guide.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.guide import Why

CAPTURING, BATTLE, WINNING = "capturing", "bondo-battle", "winning"


def _rings(n: int) -> str:
    return "the Double BondO's two rings" if n == 2 else "a BondO ring"


def why(event: Mapping[str, Any]) -> Why | None:
    kind = event.get("type")
    if kind in ("capture", "cone_removed"):
        who, victim, value = event["player"], event["victim"], event["value"]
        to_go = max(0, event["target"] - event["points"])
        frame = f"counting frame now {event['points']} of {event['target']}" + (f", {to_go} to go" if to_go else "")
        if kind == "cone_removed":
            lines = [f"{who} +{value}: {victim} lost a battle against a Double BondO, so {who} removed one of "
                     f"{victim}'s cones, worth {value}", f"{who}'s {frame}"]
            return Why(tuple(lines), BATTLE)
        lines = [f"{who} +{value}: captured one of {victim}'s cones, worth {value}", f"{who}'s {frame}"]
        if event.get("bondos"):
            them = "they go" if event["bondos"] == 2 else "it goes"
            lines.append(f"The cone carried {_rings(event['bondos'])}: {them} to {who}'s capturing cone")
        return Why(tuple(lines), CAPTURING)
    if kind == "game_won":
        return Why((f"{event['player']}'s counting frame reached {event['points']} with {event['captures']} cones "
                    f"taken: {event['target']} points win at once",), WINNING)
    return None
