"""What happened in a move, from the states before and after and the action: plain data, never
a card from a hand (only cards laid on the table are named)."""

from __future__ import annotations

from typing import Any

from companion.games.baon.cards import is_wild
from companion.games.baon.countertop import DEALT, HIDDEN, REVEALED
from companion.games.baon.scoring import score_sheet, winners
from companion.games.baon.tokens import counts, points

State = dict[str, Any]


def _who(before: State, action: dict[str, Any]) -> str:
    if before["mode"] == "scoring_only":
        return action.get("player", "")
    return before["players"][before["turn"]]


def _move(before: State, after: State, action: dict[str, Any]) -> list[dict[str, Any]]:
    kind, who, suits = action["type"], _who(before, action), after["suit_names"]
    if kind == "take":
        return [{"type": "took", "player": who, "sources": list(action["sources"])}]
    if kind == "discard":
        return [{"type": "discarded", "player": who, "space": action["space"]}]
    if kind == "baon":
        container = action["container"]
        laid = after["baons"][who][container]
        return [{"type": "baon", "player": who, "container": container, "suits": suits,
                 "cards": list(laid["cards"]), "low": laid["start"]}]
    if kind == "add":
        owner = action["owner"]
        cubes = after["generosity"][who] - before["generosity"][who]
        was, now = before["baons"][owner][action["container"]], after["baons"][owner][action["container"]]
        added = len(now["cards"]) - len(was["cards"])
        # Laid below when the run now starts lower, else above.
        below = now["start"] < was["start"]
        new = now["cards"][:added] if below else now["cards"][-added:]
        low = now["start"] if below else was["start"] + len(was["cards"])
        return [{"type": "added", "player": who, "owner": owner, "container": action["container"],
                 "suits": suits, "cards": new, "low": low, "cubes": cubes, "wilds": sum(map(is_wild, new))}]
    if kind == "favourite":
        return [{"type": "favourite", "player": who, "suit": action["suit"], "name": suits[action["suit"]]}]
    if kind == "claim":
        token = action["token"]
        who = action.get("player", who)
        # What the claim rests on (Why?): each player's count for the token, all on the table.
        return [{"type": "claimed", "player": who, "token": token, "from": before["holders"][token],
                 "points": points(after, token), "counts": counts(after, token),
                 "entered": after["mode"] == "scoring_only"}]
    if kind == "generosity":
        return [{"type": "generosity", "player": who, "cubes": action["cubes"]}]
    if kind == "remove":
        return [{"type": "removed", "player": who, "container": action["container"],
                 "name": suits[action["container"]]}]
    return []


def events(before: State, after: State, action: dict[str, Any]) -> list[dict[str, Any]]:
    """The move's own news, then Lola and the end of the game as they happen."""
    out = _move(before, after, action)
    if before["lola"] == HIDDEN and after["lola"] == REVEALED:
        out.append({"type": "lola", "player": after["revealed_by"]})
    if before["lola"] != DEALT and after["lola"] == DEALT:
        out.append({"type": "lola_dealt", "cards": before["under"]})
    if before["step"] != "over" and after["step"] == "over":
        sheet = score_sheet(after)
        won, decided = winners(sheet)
        best = max(row["total"] for row in sheet)
        out.append({"type": "game_over", "winners": won, "decided": decided, "points": best,
                    "sheet": [_row(row) for row in sheet], "suits": after["suit_names"]})
    return out


def _row(row: dict[str, Any]) -> dict[str, Any]:
    """One player's final count, part by part (Why?): every card counted lies in a baon on the table."""
    return {"player": row["player"], "total": row["total"], "lines": dict(row["lines"]), "food": dict(row["food"]),
            "cubes": row["cubes"], "tokens": [dict(t) for t in row["tokens"]],
            "baons": [dict(b) for b in row["baons"]]}
