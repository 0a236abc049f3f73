"""Who is still in, whose turn it is, and who sits before and after a player.

Seat order is turn order (RULINGS.md). A player at 0 lives is out and skipped; so is a player
with no card left until the re-deal (they have nothing to play).
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]


def alive(state: State) -> list[str]:
    """The players still in (more than 0 lives), in seat order."""
    return [p for p in state["players"] if state["lives"][p] > 0]


def is_out(state: State, player: str) -> bool:
    return state["lives"][player] <= 0


def after(state: State, player: str | None, *, holding: bool = False) -> str | None:
    """The first player still in after `player` in seat order (not `player` itself); None if none.

    `holding`: only players who still hold a card (the next to play). With `player` None, the
    search starts at the first seat.
    """
    names = state["players"]
    start = -1 if player is None else names.index(player)
    for step in range(1, len(names) + 1):
        other = names[(start + step) % len(names)]
        if other == player:
            continue
        if state["lives"][other] > 0 and (not holding or state["hands"][other] > 0):
            return other
    return None


def turn(state: State) -> str | None:
    """Whose turn it is: the next player still in with a card, after the last to play on a turn
    (the last to play themselves when nobody else holds a card).

    Worked out each time rather than kept, so a BLOCK that brings a player back from 0 puts
    them back in the order at once.
    """
    if state["phase"] != "play":
        return None
    last = state["last_by"]
    following = after(state, last, holding=True)
    if following is None and last is not None and state["lives"][last] > 0 and state["hands"][last] > 0:
        # Everyone else still in is out of cards, so it is not yet the re-deal ("When all current
        # players run out of cards"): the only player holding cards plays again.
        return last
    return following
