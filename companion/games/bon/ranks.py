"""Who takes a trick, and how the colour rank stack moves: the heart of B.O.N.

The stack is a list of the three colours, top (strongest) first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.bon.cards import PASS, colour_of, value_of


def prime_of(plays: Sequence[dict[str, Any]]) -> str | None:
    """The Prime colour: the lead's colour, or after a Pass lead the first coloured card played."""
    return next((colour_of(p["card"]) for p in plays if p["card"] != PASS), None)


def winning_play(plays: Sequence[dict[str, Any]], ranks: Sequence[str]) -> dict[str, Any]:
    """The play that takes the trick.

    "If all the played cards match the Prime Color, then the highest numerical-valued card wins ...
    [otherwise] the highest numerically valued card from the highest ranked color will always win."
    Both read the same once Pass cards ("always the weakest card") are set aside: the highest card
    of the strongest colour present. A deck has fewer Pass cards than players, so a trick always
    holds a coloured card.
    """
    coloured = [p for p in plays if p["card"] != PASS]
    if not coloured:
        raise ValueError("a trick of Pass cards only cannot happen: the deck has fewer Pass cards than players")
    strongest = min({colour_of(p["card"]) for p in coloured}, key=list(ranks).index)
    return max((p for p in coloured if colour_of(p["card"]) == strongest), key=lambda p: value_of(p["card"]))


def after_win(ranks: Sequence[str], colour: str) -> list[str]:
    """"Any time a color wins a Trick, that color's Color Rank Token is moved to the bottom of the stack.\""""
    return [c for c in ranks if c != colour] + [colour]
