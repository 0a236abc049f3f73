"""The BondO Battle: declared by a player who lost a BondO, decided by one roll each.

The handlers change the state only: legal.require_legal refuses a battle not open to declare."""

from __future__ import annotations

from typing import Any

from companion.games.bondcones import dice, ledger
from companion.games.bondcones.standing import current, end_turn, other, roller  # noqa: F401 - battle.roller

State = dict[str, Any]


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


def declare(state: State, action: dict[str, Any]) -> None:
    """The player to roll declares a battle instead, using up their window."""
    player = current(state)
    defender = other(state, player)
    del state["windows"][player]
    state["last_battle"] = None
    state["battle"] = new(player, defender, state["bondos"][defender])
    state["step"] = "battle"


def roll(state: State, face: str) -> None:
    """One battle roll; the second decides the battle (or, on equal faces, starts a new round)."""
    fight = state["battle"]
    outcome = record(fight, face)
    if outcome is None or outcome == "again":
        return
    challenger, defender = fight["challenger"], fight["defender"]
    state["battle"] = None
    # The battle decided since the last turn roll, with the deciding pair: the table saw
    # both faces, and the screens show them with the outcome until the next roll.
    state["last_battle"] = {
        "challenger": challenger,
        "defender": defender,
        "against_double": fight["against_double"],
        "rolls": list(fight["rolls"]),
        "rounds": fight["rounds"],
        "winner": challenger if outcome == "challenger" else defender,
    }
    if outcome == "challenger":
        if win(state["bondos"], fight):
            state["aside"] += 1
        # "as a consequence of loosing, you have not only lost your turn": only a lost
        # battle costs the turn, so the winner now rolls (docs/rules/bondcones.md).
        state["step"] = "roll"
        return
    # "Every time you loose a BondO Battle, you have three new rounds"
    state["windows"][challenger] = ledger.WINDOW_TURNS
    if fight["against_double"]:
        # "the opponent is allowed to remove any cone in your position and take the points
        # to the counting frame": the defender enters the removed cone's value next.
        state["step"] = "remove"
        return
    # "your opponent is allowed to lift any one of your cones to secretly unveil it's value"
    state["peeks"].append({"player": defender, "of": challenger, "reason": "battle"})
    end_turn(state)
