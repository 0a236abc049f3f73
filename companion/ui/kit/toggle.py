"""Chips that stay down: one of a group (a card's kind, who starts), or each on its own (tiles)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.ui import theme
from companion.ui.widgets import Chip


def toggle(text: str, on: bool, changed: Callable[[bool], Any], group: str | None = None, **kwargs: Any) -> Chip:
    """A chip that stays down; with a group, one of the group at a time."""
    kwargs.setdefault("font_size", theme.FONT_SMALL)
    chip = Chip(text=text, markup=True, group=group, allow_no_selection=group is None, halign="center",
                valign="middle", state="down" if on else "normal", **kwargs)
    chip.bind(size=lambda c, *_: setattr(c, "text_size", (c.width - theme.GAP, None)))
    chip.bind(state=lambda c, state: changed(state == "down"))
    return chip


def name_chip(name: str, on: bool, chosen: Callable[[str], Any], group: str, **kwargs: Any) -> Chip:
    """A player's name to choose, one of a group; a long name is shortened, never broken mid-word."""
    return toggle(name, on, lambda down: down and chosen(name), group=group, shorten=True, shorten_from="right",
                  **kwargs)
