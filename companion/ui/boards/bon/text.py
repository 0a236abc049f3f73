"""The smallest words on the B.O.N board: 20 px at 800x480, read at arm's length across the table."""

from __future__ import annotations

from typing import Any

from kivy.metrics import sp

from companion.ui.kit import layout
from companion.ui.widgets import Text

# The kit's captions are smaller (theme.FONT_SMALL); nothing a player reads here is under this.
SMALL = sp(20)


def caption(text: str, colour: list[float] | None = None, bold: bool = False) -> Text:
    """The kit's caption at the board's smallest size."""
    said = layout.caption(text, colour=colour, bold=bold)
    said.font_size = SMALL
    return said


def line_height(font_size: float = SMALL) -> float:
    """One line of words at this size, with room above and below."""
    return font_size * 1.3


def small(widget: Any) -> Any:
    """A kit part (a name chip) at the board's smallest size."""
    widget.font_size = SMALL
    return widget
