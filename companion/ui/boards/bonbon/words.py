"""What the Bonbon board says and which colour it says it in, as plain functions of the public view."""

from __future__ import annotations

from typing import Any

from kivy.utils import get_color_from_hex

from companion.ui import theme
from companion.games.bonbon.words import (
    DECIDED,
    KIND_CHIPS,
    SKIPPED,
    TILE_LONG,
    TILE_SHORT,
    a_value,
    decided,
    end_reason,
    event_message,
    event_text,
)
from companion.ui.kit.cards import CardStyle
from companion.ui.styling import hex_of, readable, symbol

__all__ = ["DECIDED", "KIND_CHIPS", "SKIPPED", "TILE_LONG", "TILE_SHORT", "a_value", "decided", "end_reason", "event_message",
           "event_text", "hex_of", "readable", "symbol"]

ZERO = "zero"  # the kind with its own value button, "0", instead of a chip

# What a value button enters once a kind is chosen, on one line of the draw panel at 800x480: a second
# line pushed the kind buttons up over the tiles on display. Beside a kind, "0" is greyed: the zero is a
# kind of its own, and a 0 tapped after "Must face-up" once entered a zero without a word.
KIND_HINTS = {
    "face_up": "Face-up: tap its value. 0 is the zero.",
    "must_up": "Must face-up: tap its value (1 up)",
    "pass_tile": "Pass card: tap its value (1 up)",
    "peek": "Reveal card: tap its value (1 up)",
    "swap": "Swap card: tap its value (1 up)",
    "draw_again": "Draw-again: tap its value (1 up)",
    "hide": "Turn-down: tap its value (1 up)",
}

# A bonbon's chocolate, for the backs of face-down cards.
CARD_BACK = get_color_from_hex("#6B3A1E")
CARD_BACK_EDGE = get_color_from_hex("#C08A5A")
CARD_FACE = get_color_from_hex("#FFF4E0")
CARD_INK = get_color_from_hex("#1A1005")
CHOCOLATE = CardStyle(face=tuple(CARD_FACE), ink=tuple(CARD_INK), back=tuple(CARD_BACK), edge=tuple(CARD_BACK_EDGE))
NEAR = get_color_from_hex("#FF8C1A")  # between the warning yellow and the overflow red
OVERFLOW_BACKGROUND = get_color_from_hex("#5C1414")  # behind an exceeded limit: white and red still read on it

def collective_colour(total: int, limit: int) -> list[float]:
    """Green while the table is far from its limit, yellow, then orange as it nears, red past it."""
    if total > limit:
        return theme.DANGER
    left = limit - total
    if left <= max(2, limit // 8):
        return NEAR
    if total >= limit * 0.6:
        return theme.WARNING
    return theme.GOOD


def collective_note(total: int, limit: int) -> str:
    """The words beside the bar: how much room is left, or by how much it went over."""
    if total > limit:
        return f"OVER by {total - limit}"
    left = limit - total
    return "at the limit" if left == 0 else f"{left} left"


def personal_colour(total: int, limit: int) -> list[float]:
    """A player's face-up total: plain while safe, yellow within 2 of the limit, red past it."""
    if total > limit:
        return theme.DANGER
    if limit - total <= 2:
        return theme.WARNING
    return theme.TEXT


def status_word(player: dict[str, Any]) -> str:
    """PASSED or OUT (and which limit), empty while still drawing."""
    status = player.get("status")
    if status == "passed":
        return "PASSED"
    if status == "out":
        return "OUT: table" if player.get("out_reason") == "collective" else "OUT: limit"
    return ""


def tokens(held: int, to_win: int) -> str:
    """Bonbon tokens as filled and empty rings (markup, DejaVuSans)."""
    return symbol("●" * held + "○" * max(0, to_win - held))
