"""The three colours as the cards print them, and readable ink on each."""

from __future__ import annotations

from kivy.utils import get_color_from_hex

from companion.ui import theme

FILL = {
    "red": get_color_from_hex("#D63A2F"),
    "yellow": get_color_from_hex("#F2C230"),
    "blue": get_color_from_hex("#2F7FD6"),
    "pass": theme.PANEL_LIGHT,
}
# Dark ink on yellow: white on it would not read from across the table.
INK = {"red": theme.TEXT, "yellow": theme.ACCENT_TEXT, "blue": theme.TEXT, "pass": theme.TEXT}
NAME = {"red": "Red", "yellow": "Yellow", "blue": "Blue", "pass": "Pass"}


def of_card(card: str) -> str:
    """The colour key of a card name ("red-8" -> "red", "pass" -> "pass")."""
    return card.split("-", 1)[0]
