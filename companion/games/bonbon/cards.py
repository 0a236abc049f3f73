"""Bonbon's cards as plain data: what a player enters when a card is played, and the row it joins.

A card is {"face": "up" | "down", "kind": str | None, "value": int | None}. A face-down
card is entered without its value or kind (nobody types a secret into a shared screen):
both stay None until the card is revealed at the table.
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import said

UP = "up"
DOWN = "down"

# A face-up card entered by its value alone: regular or must-play-face-up, the table did not say.
# Once played face-up the two are the same card to every rule (docs/rules/bonbon.md), so the
# value is the whole entry and the record claims no kind it was not told.
FACE_UP = "face_up"
REGULAR = "regular"
MUST_UP = "must_up"
ZERO = "zero"
PASS_TILE = "pass_tile"
PEEK = "peek"
SWAP = "swap"
DRAW_AGAIN = "draw_again"
HIDE = "hide"

EFFECTS = (PASS_TILE, PEEK, SWAP, DRAW_AGAIN, HIDE)
KINDS = (FACE_UP, REGULAR, MUST_UP, ZERO, *EFFECTS)
# "Zeros: They must be played face up." / "Must play face-up: These cards must always be played face-up"
FACE_UP_ONLY = (MUST_UP, ZERO)

KIND_LABELS = {
    FACE_UP: "face-up card",
    REGULAR: "regular card",
    MUST_UP: "must-play-face-up card",
    ZERO: "zero",
    PASS_TILE: "pass-and-take-a-tile card",
    PEEK: "reveal card",
    SWAP: "swap card",
    DRAW_AGAIN: "draw-one-more card",
    HIDE: "turn-face-down card",
}

Card = dict[str, Any]
Row = list[Card]


def played_face_up(kind: str, value: int) -> Card:
    """A card as it lies after being played face-up: everyone at the table has seen it."""
    return {"face": UP, "kind": kind, "value": value}


def played_face_down() -> Card:
    """A card as it lies after being played face-down: the app knows only that it is there."""
    return {"face": DOWN, "kind": None, "value": None}


def is_whole(value: Any) -> bool:
    """True for a whole number that is not a true/false (JSON has both)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_value(value: Any, max_value: int, what: str = "A card") -> int:
    """A non-zero card's printed value, or a refusal saying which values exist."""
    # RULINGS: values 0 to max_value; "a 0 is always the zero card", so any other card shows 1 or more.
    if value is None:
        raise RuleError(f"{what} needs its value ({'1 here' if max_value == 1 else f'1 to {max_value}'})")
    if not is_whole(value) or not 1 <= value <= max_value:
        extra = " (a 0 is the zero card)" if value == 0 else ""
        if max_value == 1:
            raise RuleError(f"{what} can only show 1 here{extra}")
        shown = said(value)
        raise RuleError(f"{what} shows a value from 1 to {max_value}" + (f", not {shown}" if shown else "") + extra)
    return value


def face_up_total(row: Row) -> int:
    """The value of a player's face-up cards: what the personal limit watches."""
    return sum(c["value"] for c in row if c["face"] == UP)


def last_face_up_index(row: Row) -> int:
    """Index of the last face-up card in the row, or -1 when every card is face-down."""
    for i in range(len(row) - 1, -1, -1):
        if row[i]["face"] == UP:
            return i
    return -1


def trailing_face_down(row: Row) -> list[int]:
    """Indices of the face-down cards played after the player's last face-up card."""
    return list(range(last_face_up_index(row) + 1, len(row)))


def unknown(row: Row, indices: list[int] | None = None) -> list[int]:
    """Indices of face-down cards whose value the table has not revealed yet (left to right)."""
    indices = range(len(row)) if indices is None else indices
    return [i for i in indices if row[i]["face"] == DOWN and row[i]["value"] is None]


def face_down_runs(row: Row) -> list[int]:
    """Lengths of the sets of consecutive face-down cards, left to right."""
    runs: list[int] = []
    length = 0
    for card in row:
        if card["face"] == DOWN:
            length += 1
        elif length:
            runs.append(length)
            length = 0
    if length:
        runs.append(length)
    return runs


def cards_not_zero(row: Row) -> int:
    """Cards played, not counting zeros: the first tie-break and the face-up/variety tiles' basis."""
    return sum(1 for c in row if c["value"] != 0)
