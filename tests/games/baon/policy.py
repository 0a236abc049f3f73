"""How the test tables choose their plays: each player fills their own containers with their
own suit's cards, in runs that grow at either end, so every play is legal and none repeats a card."""

from __future__ import annotations

from typing import Any

# Each player's containers in the order they fill them (own suit first: those cards score 3).
CONTAINERS = {"Ann": "ad", "Ben": "be", "Cy": "cf"}


def laid(view: dict[str, Any]) -> set[str]:
    return {c["card"] for p in view["players"] for b in p["baons"] for c in b["cards"]}


def plan(view: dict[str, Any], n: int) -> tuple[str, str, list[str]] | None:
    """What the player whose turn it is plays with n cards: ("add", container, cards) on an own
    baon that has room for its own suit's cards, else ("baon", container, cards)."""
    me = next(p for p in view["players"] if p["name"] == view["turn"])
    out = laid(view)
    for b in me["baons"]:
        s = b["container"]
        above = [f"{s}{v}" for v in range(b["high"] + 1, min(12, b["high"] + n) + 1)]
        above = above[:next((i for i, c in enumerate(above) if c in out), len(above))]
        if above:
            return "add", s, above
        below = [f"{s}{v}" for v in range(max(1, b["low"] - n), b["low"])]
        while below and any(c in out for c in below):
            below.pop(0)
        if below:
            return "add", s, below
    mine = {b["container"] for b in me["baons"]}
    for s in CONTAINERS[view["turn"]]:
        if s in mine or n < 3:
            continue
        for low in range(1, 14 - n):
            run = [f"{s}{v}" for v in range(low, low + n)]
            if not out.intersection(run):
                return "baon", s, run
    return None
