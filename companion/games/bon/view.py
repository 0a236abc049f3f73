"""The public view: everything on the table face up, nothing in a hand or face down."""

from __future__ import annotations

from typing import Any

from companion.games.bon import words
from companion.games.bon.cards import HAND, LEFT_OVER, TRICKS, label
from companion.games.bon.table import available, deck, plays_this_round, turn

State = dict[str, Any]


def _plays(plays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"player": p["player"], "card": p["card"], "label": label(p["card"])} for p in plays]


def _trick(trick: dict[str, Any] | None) -> dict[str, Any] | None:
    if trick is None:
        return None
    out = {"number": trick["number"], "leader": trick["leader"], "prime": trick["prime"],
           "plays": _plays(trick["plays"])}
    if "winner" in trick:
        out.update(winner=trick["winner"], card=trick["card"], colour=trick["colour"],
                   ranks_before=list(trick["ranks_before"]), ranks_after=list(trick["ranks_after"]))
    return out


def _leftovers(state: State) -> list[dict[str, Any]]:
    if state["round"] == 0:
        return []
    if state["advanced"]:
        return [{"face": "down"} for _ in range(LEFT_OVER)]
    return [{"face": "up", "card": c, "label": label(c)} for c in state["leftovers"]]


def public_view(state: State) -> dict[str, Any]:
    d = deck(state)
    played = plays_this_round(state)
    in_play = state["phase"] in ("deal", "play")
    return {
        "phase": state["phase"],
        "round": state["round"],
        "deck": {"values": d.values, "passes": d.passes, "cards": d.size},
        "goal": d.goal,
        "target": state["target"],
        "advanced": state["advanced"],
        "ranks": list(state["ranks"]),
        "leader": state["first"],
        "turn": turn(state),
        "prime": state["trick"]["prime"] if state["trick"] else None,
        "trick": _trick(state["trick"]),
        "last_trick": _trick(state["done"][-1]) if state["done"] else None,
        "tricks_played": len(state["done"]),
        "tricks_in_round": TRICKS,
        "leftovers": _leftovers(state),
        "played": [p["card"] for p in played],
        "available": available(state) if in_play else [],
        "players": [
            {
                "name": p,
                "tricks": state["won"][p],
                "goal": d.goal,
                # How many cards are still in the hand (never which).
                "in_hand": HAND - sum(1 for x in played if x["player"] == p),
                "track": state["track"][p],
                "taken": dict(state["taken"][p]),
            }
            for p in state["players"]
        ],
        "revokes": [{**r, "text": words.revoke_line(r), "short": words.revoke_short(r)} for r in state["revokes"]],
        "scoring": _scoring(state["scoring"]),
        "history": [dict(h) for h in state["history"]],
        "winners": list(state["winners"]),
    }


def _scoring(scoring: dict[str, Any] | None) -> dict[str, Any] | None:
    if scoring is None:
        return None
    out = {**scoring, "lines": [{**ln, "text": words.score_line(ln), "short": words.score_short(ln)}
                                for ln in scoring["lines"]]}
    out["decided"] = words.DECIDED.get(scoring["decided_by"], "") if scoring["decided_by"] else ""
    return out
