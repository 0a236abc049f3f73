"""The state before the first turn: containers empty, 4 cards in each hand, the countertop laid."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.baon import countertop
from companion.games.baon.cards import removed_suit, suit_table
from companion.games.baon.tokens import TOKENS

State = dict[str, Any]
HAND = 4  # "Deal 4 cards from the draw pile to each player"


def token_points(options: Mapping[str, Any]) -> dict[str, int]:
    return {t: options[f"{t}_points"] for t in TOKENS}


def setup(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    """Seat order is turn order and the first seat starts (the seat hint says who to enter first)."""
    names = list(players)
    suits = suit_table(options["suits"], options["suit_colours"], len(names), options["two_player_removed"])
    counts = countertop.layout(len(names), len(suits))
    return {
        "mode": "scoring_only" if options["scoring_only"] else "game",
        "players": names,
        "suits": [s["id"] for s in suits],
        "suit_names": {s["id"]: s["name"] for s in suits},
        "suit_colours": {s["id"]: s["colour"] for s in suits},
        # A 2-player game's suit out of the box, by name: a card of it is refused in those words.
        "removed_suit": removed_suit(options["suits"], len(names), options["two_player_removed"]),
        "token_points": token_points(options),
        "baons": {p: {} for p in names},  # player -> container suit -> {"start", "cards"}
        "favourites": {p: None for p in names},
        "generosity": {p: 0 for p in names},
        "holders": {t: None for t in TOKENS},
        "hands": {p: HAND for p in names},
        "turn": 0,
        "step": "entry" if options["scoring_only"] else "turn",
        "claimed_this_turn": False,
        "discards_due": 0,
        "pile": counts["pile"],
        "spaces": [1] * counts["spaces"],
        "under": counts["under"],
        "lola": countertop.HIDDEN,
        "revealed_by": None,
        "last_round": None,  # once Lola's cards are dealt: who still has a last turn, in order
    }
