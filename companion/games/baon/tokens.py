"""The four bonus tokens: each category's count per player, who has a clear majority now,
and who may claim on their own turn ("at most 1 bonus token per turn")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.games.baon.cards import is_wild

State = dict[str, Any]

BIGGEST, BAONS, TREATS, GENEROUS = "biggest", "baons", "treats", "generous"
TOKENS = (BIGGEST, BAONS, TREATS, GENEROUS)


def _baons(state: State, player: str) -> list[Mapping[str, Any]]:
    return list(state["baons"][player].values())


COUNTS: dict[str, Callable[[State, str], int]] = {
    # "more food cards in a single baon than any other player"
    BIGGEST: lambda s, p: max((len(b["cards"]) for b in _baons(s, p)), default=0),
    # "more baons (containers with food cards)"
    BAONS: lambda s, p: len(_baons(s, p)),
    # "more treats (wild cards) within their baons"
    TREATS: lambda s, p: sum(1 for b in _baons(s, p) for c in b["cards"] if is_wild(c)),
    # "more generosity cubes"
    GENEROUS: lambda s, p: s["generosity"][p],
}


def counts(state: State, token: str) -> dict[str, int]:
    return {p: COUNTS[token](state, p) for p in state["players"]}


def leader(state: State, token: str) -> str | None:
    """The player with more than every other player, or None on a tie at the top."""
    found = counts(state, token)
    best = max(found.values())
    top = [p for p, n in found.items() if n == best]
    return top[0] if len(top) == 1 else None


def claimable(state: State, player: str) -> list[str]:
    """The tokens `player` may take now: a clear majority, not already theirs, none taken this turn."""
    if state["claimed_this_turn"]:
        return []
    return [t for t in TOKENS if leader(state, t) == player and state["holders"][t] != player]


def points(state: State, token: str) -> int:
    return state["token_points"][token]


def held(state: State, player: str) -> list[str]:
    return [t for t in TOKENS if state["holders"][t] == player]
