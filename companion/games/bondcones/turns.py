"""A turn's roll and its end: the opening roll-off, the turn roll and what it settles at once, Done.

Handlers change the state only; legal.require_legal has already refused anything not legal now.
"""

from __future__ import annotations

from typing import Any

from companion.games.bondcones import battle, dice, ledger
from companion.games.bondcones.standing import current, end_turn

State = dict[str, Any]


def roll(state: State, action: dict[str, Any]) -> None:
    """A roll of the Dice Cone: for the opening, in a BondO Battle, or to begin a turn."""
    face = action["face"]
    if state["phase"] == "opening":
        _opening_roll(state, face)
    elif state["step"] == "battle":
        battle.roll(state, face)
    else:
        _turn_roll(state, face)


def _opening_roll(state: State, face: str) -> None:
    # "The game starts by the player that rolls the highest value with the Dice Cone."
    opening = state["opening"]
    i = state["turn"]
    opening["rolls"][i] = face
    if i == 0:
        state["turn"] = 1
        return
    first, second = opening["rolls"]
    winner = dice.settle(first, second)
    if winner is None:
        # RULINGS: equal faces roll again.
        opening["ties"].append([first, second])
        opening["rolls"] = [None, None]
        opening["rounds"] += 1
        state["turn"] = 0
        return
    starter = state["players"][winner]
    state.update(phase="play", step="roll", turn=winner, turn_number=1, starter=starter)


def _turn_roll(state: State, face: str) -> None:
    player = current(state)
    windows = state["windows"]
    closed = False
    if player in windows:
        # "within three turns": each turn begun with a roll instead of a battle uses one.
        windows[player] -= 1
        if windows[player] <= 0:
            del windows[player]
            closed = True
    carriers = state["bondos"][player]
    demand = dice.demand(face, carriers, state["aside"])
    state["last_battle"] = None  # this roll is now what the table looks at
    state["last_roll"] = {"player": player, "face": face, "demand": demand, "turn_number": state["turn_number"],
                          "window_closed": closed}
    if demand["kind"] == "move":
        state["step"] = "move"
        return
    if demand["kind"] == "peek":
        # "you must lift one of your own cones, look at its value and put it back"
        state["peeks"].append({"player": player, "of": player, "reason": "roll"})
    elif demand["kind"] == "bondo_aside":
        state["aside"] -= 1
        ledger.place_new(carriers)
    # A peek or a BondO move needs nothing entered: the Dice Cone passes at once.
    end_turn(state)


def done(state: State, action: dict[str, Any]) -> None:
    """The move ended without a capture."""
    end_turn(state)
