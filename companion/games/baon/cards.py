"""Suits and food cards as the app writes them: "a5" is suit a's 5, "w" a wild card (a treat).

Suits are letters a to f in the order of the `suits` option, so a table that renames its
suits keeps every saved game readable; names and colours are only words on a screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.errors import SetupError

WILD = "w"
LETTERS = "abcdef"
LOW, HIGH = 1, 12
WILDS = 8  # "8 wild cards in the food deck"

DEFAULT_SUITS = "Adobo, Lumpia, Pancit, Lechon, Sinigang, Kare-kare"
DEFAULT_COLOURS = "brown, yellow, orange, red, green, purple"

# Colour names a table may give its suits, as drawn on the screens (readable on the dark theme).
COLOURS: dict[str, str] = {
    "red": "#E5484D", "orange": "#F76B15", "yellow": "#FFD60A", "gold": "#E2B73C",
    "green": "#3DBF62", "teal": "#12A594", "blue": "#3E8EF7", "purple": "#A36BE0",
    "pink": "#E8589B", "brown": "#A0714F", "grey": "#9BA1A6", "white": "#F2F2F2",
}


def split_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def suit_table(names: str, colours: str, players: int, removed: int) -> list[dict[str, Any]]:
    """The suits in play: id, name, colour; a 2-player game leaves one out ("Remove 1 suit")."""
    name_list, colour_list = split_list(names), [c.lower() for c in split_list(colours)]
    if len(name_list) != len(LETTERS) or len({n.casefold() for n in name_list}) != len(LETTERS):
        raise SetupError(f"option 'suits' needs 6 different names separated by commas, not {names!r}")
    if len(colour_list) != len(LETTERS):
        raise SetupError(f"option 'suit_colours' needs 6 colours separated by commas, not {colours!r}")
    unknown = [c for c in colour_list if c not in COLOURS]
    if unknown:
        raise SetupError(f"option 'suit_colours' knows {', '.join(COLOURS)}, not {unknown[0]!r}")
    suits = [{"id": letter, "name": name, "colour": colour, "hex": COLOURS[colour]}
             for letter, name, colour in zip(LETTERS, name_list, colour_list)]
    if players == 2:
        suits.pop(removed - 1)
    return suits


def removed_suit(names: str, players: int, removed: int) -> dict[str, str] | None:
    """The suit a 2-player game takes out ("Remove 1 suit"), as its id and name; None with more players."""
    if players != 2:
        return None
    return {"id": LETTERS[removed - 1], "name": split_list(names)[removed - 1]}


def card(suit: str, value: int) -> str:
    return f"{suit}{value}"


def is_wild(c: str) -> bool:
    return c == WILD


def suit_of(c: str) -> str | None:
    return None if is_wild(c) else c[0]


def value_of(c: str) -> int | None:
    return None if is_wild(c) else int(c[1:])


def deck(suits: list[str]) -> list[str]:
    """Every card of the food deck in play, suit by suit, then the wild."""
    return [card(s, v) for s in suits for v in range(LOW, HIGH + 1)] + [WILD]


def name(c: str, suit_names: Mapping[str, str]) -> str:
    """"Adobo 5" or "wild"."""
    return "wild" if is_wild(c) else f"{suit_names.get(c[0], c[0])} {c[1:]}"
