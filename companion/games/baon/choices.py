"""What a player may do at any time on their turn: pick a favourite food, claim a bonus token."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.baon import tokens
from companion.games.baon.words import TOKEN_NAMES
from companion.games.baon.standing import actor, favourite_taken

State = dict[str, Any]
Action = dict[str, Any]


def pick_favourite(state: State, action: Action) -> None:
    """"pick a favorite food at any time on your turn, if you do not already have one"."""
    player = action["player"] if state["mode"] == "scoring_only" else actor(state)
    suit = action["suit"]
    other = favourite_taken(state, suit)
    if other is not None and other != player:
        raise RuleError(f"{other} already has {state['suit_names'][suit]} as favourite food")
    if state["mode"] == "game" and state["favourites"][player] is not None:
        raise RuleError(f"{player} already picked a favourite food")
    state["favourites"][player] = suit


def claim(state: State, action: Action) -> None:
    """"claim 1 bonus token ... if you have a clear majority"; a tie at the top claims nothing."""
    token = action["token"]
    if state["mode"] == "scoring_only":
        state["holders"][token] = action["player"]  # scoring only: the table says who holds it
        return
    player = actor(state)
    why = claim_refusal(state, player, token)
    if why:
        raise RuleError(why)
    state["holders"][token] = player
    state["claimed_this_turn"] = True


def claim_refusal(state: State, player: str, token: str) -> str | None:
    """Why `player` may not take `token` now, or None when they may."""
    what = TOKEN_NAMES[token]
    if state["claimed_this_turn"]:
        return f"{player} already claimed a bonus token this turn: at most 1 a turn"
    if state["holders"][token] == player:
        return f"{player} already holds {what}"
    lead = tokens.leader(state, token)
    if lead is None:
        best = max(tokens.counts(state, token).values())
        return f"Nobody has a clear majority for {what} (the most is {best}, shared)"
    if lead != player:
        return f"{lead} has the majority for {what}, not {player}"
    return None
