"""Bonbon's own pieces of an entry panel: a bonus tile on a button, and the callbacks panels share.

Everything else a panel is made of comes from the shared kit (companion.ui.kit).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.kit.layout import button
from companion.ui.widgets import BigButton

Act = Callable[[dict[str, Any]], Any]
# Frame cards on the board, (player, position from 1 on the left): the card a prompt asks about.
Focus = Callable[[list[tuple[str, int]]], Any]
# A short message to the table (a touch on the board that chooses nothing says why).
Say = Callable[[str], Any]


def tile_label(tile: str, prefix: str = "") -> str:
    """A tile on a button: what it gives, in two sizes."""
    return tile_text(words.TILE_SHORT[tile], words.TILE_LONG[tile], prefix)


def tile_text(short: str, long: str, prefix: str = "") -> str:
    # What it gives in words as large as any a player reads from their seat: the button is made tall
    # enough for them (see tile_height), never the words smaller.
    return f"[b]{prefix}{short}[/b]\n[size={int(theme.FONT_SMALL)}]{long}[/size]"


def option_label(option: Mapping[str, Any], prefix: str = "") -> str:
    """A tile offered by a legal action: its option's label (what it scores) over its detail."""
    return tile_text(option["label"], option.get("detail", ""), prefix)


def tile_button(option: Mapping[str, Any], on: Callable[[], Any], prefix: str = "") -> BigButton:
    return button(option_label(option, prefix), on, font_size=theme.FONT_SMALL)
