"""The draw pile, the countertop's spaces and Lola: counts only, never which cards.

The app counts cards so it knows when Lola shows: each card drawn from the pile, each
countertop space refilled, each discard laid on a space. A space holds a stack (discards
go on top), so taking its top card empties it only when it was the last one.
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError

State = dict[str, Any]
PILE = "pile"
HIDDEN, REVEALED, DEALT = "hidden", "revealed", "dealt"


def layout(players: int, suits: int) -> dict[str, int]:
    """Setup counts: "Remove 4 cards ... underneath the Lola card", 1 card on each space, 4 to each
    player; in a 2-player game one space fewer and 3 under Lola."""
    spaces = 3 if players == 2 else 4
    under = 3 if players == 2 else 4
    deck = suits * 12 + 8
    return {"spaces": spaces, "under": under, "pile": deck - under - spaces - 4 * players}


def space_name(i: int) -> str:
    return f"space {i + 1}"


def source_label(source: Any) -> str:
    return "the pile" if source == PILE else space_name(int(source) - 1)


def _reveal_if_empty(state: State) -> None:
    if state["pile"] == 0 and state["lola"] == HIDDEN:
        state["lola"] = REVEALED
        state["revealed_by"] = state["players"][state["turn"]]


def take_one(state: State, source: Any) -> None:
    """One card into the player's hand; an emptied space is refilled at once while Lola is hidden."""
    if source == PILE:
        if state["pile"] <= 0:
            raise RuleError("The pile is empty: Lola shows. Take from the countertop")
        state["pile"] -= 1
        _reveal_if_empty(state)
        return
    i = int(source) - 1
    if not 0 <= i < len(state["spaces"]) or state["spaces"][i] <= 0:
        raise RuleError(f"{space_name(i).capitalize()} of the countertop is empty")
    state["spaces"][i] -= 1
    # "whenever a countertop space becomes empty, refill it immediately" - not once Lola shows.
    if state["spaces"][i] == 0 and state["lola"] == HIDDEN and state["pile"] > 0:
        state["pile"] -= 1
        state["spaces"][i] = 1
        _reveal_if_empty(state)


def deal_under_lola(state: State) -> None:
    """"deal the cards underneath Lola onto the countertop, 1 to each space"."""
    for i in range(min(state["under"], len(state["spaces"]))):
        state["spaces"][i] += 1
    state["under"] = 0
    state["lola"] = DEALT
