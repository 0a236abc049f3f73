"""Who is acting and what lies where: small questions every rule module asks."""

from __future__ import annotations

from typing import Any

from companion.games.baon.cards import WILDS, is_wild

State = dict[str, Any]


def actor(state: State) -> str | None:
    if state["mode"] == "scoring_only" or state["step"] == "over":
        return None
    return state["players"][state["turn"]]


def laid(state: State) -> dict[str, tuple[str, str]]:
    """Every food card lying in a baon (not wilds): card -> (owner, container)."""
    return {c: (p, container) for p in state["players"] for container, b in state["baons"][p].items()
            for c in b["cards"] if not is_wild(c)}


def wilds_left(state: State) -> int:
    used = sum(1 for p in state["players"] for b in state["baons"][p].values() for c in b["cards"] if is_wild(c))
    return WILDS - used


def favourite_taken(state: State, suit: str) -> str | None:
    return next((p for p, f in state["favourites"].items() if f == suit), None)


def last_round(state: State) -> bool:
    return state["last_round"] is not None
