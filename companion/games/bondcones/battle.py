"""The BondO Battle: declared by a player who lost a BondO, decided by one roll each."""

from __future__ import annotations

from typing import Any

from companion.games.bondcones import dice, ledger


def new(challenger: str, defender: str, defender_carriers: list[int]) -> dict[str, Any]:
    """A battle waiting for its rolls; the challenger rolls first, then the defender."""
    return {
        "challenger": challenger,
        "defender": defender,
        # "The consequences of loosing a BondO Battle declared on a Double BondO ... are more damaging."
        "against_double": 2 in defender_carriers,
        "rolls": [None, None],
        "rounds": 1,
        "ties": [],  # the equal pairs rolled so far, in order: the table saw them
    }


def roller(battle: dict[str, Any]) -> str:
    """Whose roll the battle waits for."""
    return battle["challenger"] if battle["rolls"][0] is None else battle["defender"]


def record(battle: dict[str, Any], face: str) -> str | None:
    """Add a roll; returns None while waiting, "again" on equal faces, else the winner's role."""
    slot = 0 if battle["rolls"][0] is None else 1
    battle["rolls"][slot] = face
    if slot == 0:
        return None
    winner = dice.settle(battle["rolls"][0], battle["rolls"][1])
    if winner is None:
        # "If the values are even, you re-shuffle the Dice Cones."
        # (setdefault: a battle saved before ties were kept has none yet.)
        battle.setdefault("ties", []).append(list(battle["rolls"]))
        battle["rolls"] = [None, None]
        battle["rounds"] += 1
        return "again"
    return "challenger" if winner == 0 else "defender"


def win(bondos: dict[str, list[int]], battle: dict[str, Any]) -> bool:
    """The challenger takes one BondO back; True when the other was set aside (a Double BondO split)."""
    split = ledger.take_in_battle(bondos[battle["defender"]])
    # "Then place it on a cone that will benefit the most from the increased flexibility."
    ledger.place_new(bondos[battle["challenger"]])
    return split
