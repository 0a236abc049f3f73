"""Who is still in the round, whose move it is, and who holds which bonus tile."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.bonbon.words import not_a_player

State = dict[str, Any]

PERSONAL = "personal"
COLLECTIVE = "collective"


def eliminated(state: State) -> list[str]:
    """Players out of this round, in the order they went out."""
    return [e["player"] for e in state["eliminated"]]


def is_eliminated(state: State, name: str) -> bool:
    """Out of this round: over a limit, or active when the board overflowed."""
    return name in eliminated(state)


def is_in(state: State, name: str) -> bool:
    """Still drawing this round: has neither passed nor been eliminated."""
    return name not in state["passed"] and not is_eliminated(state, name)


def eliminate(state: State, name: str, reason: str) -> None:
    """Put a player out of the round once; the reason says which limit they went past."""
    if not is_eliminated(state, name):
        state["eliminated"].append({"player": name, "reason": reason})


def active(state: State) -> str:
    """The player whose turn it is."""
    return state["players"][state["active"]]


def actor(state: State) -> str | None:
    """Who must act now: the passer choosing a tile, else the active player; None outside play."""
    if state["phase"] != "play":
        return None
    if state["step"] == "tile":
        return state["pending"]["player"]
    return active(state)


def first_passer(state: State) -> str | None:
    """The first player to pass this round, who takes a bonus tile."""
    return state["passed"][0] if state["passed"] else None


def tile_of(state: State, name: str) -> str | None:
    """The bonus tile this player took this round, if any."""
    for taken in state["tiles_taken"]:
        if taken["player"] == name:
            return taken["tile"]
    return None


def available_tiles(state: State) -> list[str]:
    """Tiles still on display this round."""
    taken = {t["tile"] for t in state["tiles_taken"]}
    return [t for t in state["tiles_shown"] if t not in taken]


def targetable(state: State, name: str, purpose: str) -> None:
    """Refuse an effect aimed at a player who is out of the drawing."""
    if name not in state["players"]:
        raise RuleError(not_a_player(state, name))
    # "Players who have passed cannot be targeted by any of these cards' effects."
    if name in state["passed"]:
        raise RuleError(f"{name} has already passed this round and cannot be targeted by {purpose}")
    if is_eliminated(state, name):
        raise RuleError(f"{name} is out of this round and cannot be targeted by {purpose}")


def check_by(state: State, action: dict[str, Any]) -> None:
    """If an action names who sends it, it must be the player whose move it is."""
    by = action.get("by")
    if by is None:
        return
    if by not in state["players"]:
        raise RuleError(not_a_player(state, by))
    who = actor(state)
    if who is None or by == who:
        return
    if by in state["passed"]:
        raise RuleError(f"{by} has already passed this round")
    if is_eliminated(state, by):
        raise RuleError(f"{by} is out of this round")
    raise RuleError(f"It is {who}'s turn, not {by}'s")
