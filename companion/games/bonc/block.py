"""BLOCK out of turn: a player hit by the last card cancels what it did to them.

"Play this to BLOCK any attack at any time! ... Then draw a new card to replace it in your
hand. NOTE: Playing the BLOCK card is NOT considered a turn."
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.bonc import cards as c
from companion.games.bonc.deals import blockers, draw_pile, settle
from companion.games.bonc.words import names

State = dict[str, Any]


def block_by(state: State, player: str) -> None:
    """Give back what the open attack took from `player`; a BORROWED TIME gives back its stolen life."""
    attack = state["attack"]
    hit = next(h for h in attack["hits"] if h["player"] == player)
    hit["blocked"] = True
    state["lives"][player] += hit["lost"]
    if attack["card"] == c.BORROWED_TIME and attack["gained"]:
        state["lives"][attack["by"]] -= attack["gained"]
        attack["gained"] = 0
    state["played"][c.key(c.BLOCK)] += 1
    state["hands"][player] -= 1
    # The replacement comes off the draw pile; with the pile used up there is none to draw.
    hit["drew"] = draw_pile(state) > 0
    if hit["drew"]:
        state["hands"][player] += 1
        state["drawn"] += 1
    settle(state)


def block(state: State, action: dict[str, Any]) -> None:
    """A BLOCK by the player named in `by` (or the only one who may block, when `by` is left out)."""
    may = blockers(state)
    who = action.get("by")
    if who is None:
        if len(may) != 1:
            raise RuleError("Say who blocks: " + names(may, "or"))
        who = may[0]
    if who not in may:
        raise RuleError(not_blocking(state, who))
    block_by(state, who)


def not_blocking(state: State, player: str) -> str:
    """Why `player` has nothing to block right now, in words for the table."""
    attack = state["attack"]
    hit = next((h for h in (attack or {}).get("hits", []) if h["player"] == player), None)
    if hit is None:
        if attack and player in attack["missed"]:
            return f"{player} is Bulletproof: the last card took nothing from them to block"
        return f"The last card took no life from {player}: there is nothing for them to BLOCK"
    if hit["blocked"]:
        return f"{player} has already blocked the last card"
    if state["hands"][player] <= 0:
        return f"{player} has no card left, so no BLOCK to play"
    return "All the BLOCK cards of this deal are already on the discard pile"
