"""What happened between two states, as plain data for the news (words live in words.py)."""

from __future__ import annotations

from typing import Any

from companion.games.bon.cards import PASS, colour_of
from companion.games.bon.table import plays_this_round

State = dict[str, Any]


def _sets_prime(state: State, play: dict[str, Any]) -> str | None:
    """The colour this card made Prime, when it was the first coloured card of its trick."""
    trick = next((t for t in [*state["done"], state["trick"]] if t and t["number"] == play["trick"]), None)
    if trick is None or play["card"] == PASS:
        return None
    for p in trick["plays"]:
        if p["card"] != PASS:
            return colour_of(p["card"]) if p["player"] == play["player"] else None
    return None


def events(before: State, after: State) -> list[dict[str, Any]]:
    """In the order the table saw it: the card, a provable failure to follow, the trick, the round."""
    if after["round"] != before["round"]:
        return [{"type": "round_started", "round": after["round"], "leader": after["first"],
                 "ranks": list(after["ranks"])}]
    out: list[dict[str, Any]] = []
    for card in after["leftovers"][len(before["leftovers"]):]:
        out.append({"type": "left_over", "card": card})
    for play in plays_this_round(after)[len(plays_this_round(before)):]:
        out.append({"type": "played", "player": play["player"], "card": play["card"], "trick": play["trick"],
                    "prime": _sets_prime(after, play)})
    for revoke in after["revokes"][len(before["revokes"]):]:
        out.append({"type": "revoke", **revoke})
    for trick in after["done"][len(before["done"]):]:
        out.append({"type": "trick_won", "trick": trick["number"], "player": trick["winner"],
                    "card": trick["card"], "colour": trick["colour"], "ranks": list(trick["ranks_after"])})
    if before["scoring"] is None and after["scoring"] is not None:
        scoring = after["scoring"]
        out.append({"type": "round_scored", "round": scoring["round"], "goal": scoring["goal"],
                    "target": after["target"],
                    "lines": [{k: ln[k] for k in ("player", "tricks", "case", "points", "cancelled", "track")}
                              for ln in scoring["lines"]]})
    if before["phase"] != "over" and after["phase"] == "over":
        out.append(_game_won(after))
    return out


def _game_won(after: State) -> dict[str, Any]:
    """The end, with what decided it (Why?): every marker on the Champion line and, for a tie,
    the cards of the two strongest colours each of them took in the last round (all played face up)."""
    scoring = after["scoring"]
    reached = [p for p in after["players"] if after["track"][p] >= after["target"]]
    return {"type": "game_won", "winners": list(after["winners"]), "decided_by": scoring["decided_by"],
            "round": scoring["round"], "target": after["target"], "reached": reached,
            "prime": scoring["prime"], "second": scoring["second"],
            "taken": {p: {c: after["taken"][p][c] for c in (scoring["prime"], scoring["second"])} for p in reached}}
