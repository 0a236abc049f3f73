"""Who is who at this moment: the player whose turn it is, the opponent, who must act, the scores."""

from __future__ import annotations

from typing import Any

from companion.games.bondcones import frames

State = dict[str, Any]


def other(state: State, player: str) -> str:
    """The opponent: BondCones is always two players."""
    a, b = state["players"]
    return b if player == a else a


def current(state: State) -> str:
    """Whose turn it is (in the opening: who rolls next)."""
    return state["players"][state["turn"]]


def actor(state: State) -> str | None:
    """Who must act now: usually the player whose turn it is, but a battle and a removal differ."""
    if state["phase"] == "over":
        return None
    if state["phase"] == "play" and state["step"] == "battle":
        return roller(state["battle"])
    if state["phase"] == "play" and state["step"] == "remove":
        return other(state, current(state))
    return current(state)


def roller(battle: dict[str, Any]) -> str:
    """Whose roll a BondO Battle waits for: the challenger rolls first, then the defender."""
    return battle["challenger"] if battle["rolls"][0] is None else battle["defender"]


def points(state: State, player: str) -> int:
    """The player's counting frame: points captured (and removed) from the opponent."""
    return frames.points([c for c in state["captures"] if c["by"] == player])


def end_turn(state: State) -> None:
    """'You always pass the Dice Cone after one roll.'"""
    state["turn"] = 1 - state["turn"]
    state["step"] = "roll"
    state["turn_number"] += 1
