"""Small pieces every entry panel uses: a caption, a grid of values, tile buttons and toggles."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.widgets import BigButton, Chip, Text

GAP = 6
Act = Callable[[dict[str, Any]], Any]
# Frame cards on the board, (player, position from 1 on the left): the card a prompt asks about.
Focus = Callable[[list[tuple[str, int]]], Any]
# A short message to the table (a touch on the board that chooses nothing says why).
Say = Callable[[str], Any]


def caption(text: str, colour: list[float] | None = None, bold: bool = False) -> Text:
    """A line (or two) saying what the buttons below do."""
    return Text(text=text, markup=True, bold=bold, font_size=theme.FONT_SMALL, color=colour or theme.TEXT)


def button(text: str, on: Callable[[], Any], primary: bool = False, **kwargs: Any) -> BigButton:
    kwargs.setdefault("markup", True)
    widget = BigButton(text=text, primary=primary, **kwargs)
    widget.bind(on_release=lambda *_: on())
    return widget


def grid(widgets: Iterable[Widget], cols: int, spacing: float = GAP) -> GridLayout:
    """Widgets one finger tall in rows of `cols`, as tall as its rows."""
    items = list(widgets)
    rows = max(1, math.ceil(len(items) / cols))
    layout = GridLayout(cols=cols, spacing=spacing, size_hint_y=None,
                        height=rows * theme.TOUCH + (rows - 1) * spacing)
    for item in items:
        layout.add_widget(item)
    for _ in range(rows * cols - len(items)):
        layout.add_widget(Widget())
    return layout


class ValueGrid(GridLayout):
    """Value buttons in as many columns as asked (more for a long range, to stay two rows), but never
    so many that a button gets narrower than a finger: then a third row, and "Back" on one line."""

    def __init__(self, cells: list[Widget], cols: int, spacing: float) -> None:
        super().__init__(cols=cols, spacing=spacing, size_hint_y=None)
        self.most = cols
        for cell in cells:
            self.add_widget(cell)
        self._fit_height()
        self.bind(width=self._fit)  # once laid out: the width it has now is not yet its own

    def _fit(self, *_) -> None:
        gap = self.spacing[0]
        self.cols = max(1, min(self.most, int((self.width + gap) // (theme.TOUCH + gap))))
        self._fit_height()

    def _fit_height(self) -> None:
        rows = max(1, math.ceil(len(self.children) / self.cols))
        self.height = rows * theme.TOUCH + (rows - 1) * self.spacing[1]


def value_grid(values: list[int], choose: Callable[[int], Any], cols: int = 5,
               back: Callable[[], Any] | None = None, spacing: float = GAP) -> GridLayout:
    """One big button per value (and Back in the last cell)."""
    cells = [button(f"[b]{v}[/b]", lambda v=v: choose(v), font_size=theme.FONT_TITLE) for v in values]
    if back:
        cells.append(button("Back", back, font_size=theme.FONT_SMALL))
    return ValueGrid(cells, max(cols, math.ceil(len(cells) / 2)), spacing)


def tile_label(tile: str, prefix: str = "") -> str:
    """A tile on a button: what it gives, in two sizes."""
    return f"[b]{prefix}{words.TILE_SHORT[tile]}[/b]\n[size={int(theme.FONT_SMALL * 0.85)}]{words.TILE_LONG[tile]}[/size]"


def tile_button(tile: str, on: Callable[[], Any], prefix: str = "") -> BigButton:
    return button(tile_label(tile, prefix), on, font_size=theme.FONT_SMALL)


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


def spacer() -> Widget:
    return Widget()
