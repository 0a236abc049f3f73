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


class ValueButton(BigButton):
    """A card value: one or two digits on one line. Only a deck printed past 9 makes these
    narrower than a finger; the digits then shrink to fit instead of wrapping one under the other."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(size=self._fit_digits, text_size=self._one_line)

    def _fit_digits(self, *_) -> None:
        self.font_size = min(theme.FONT_TITLE, self.width * 0.6)

    def _one_line(self, *_) -> None:
        if self.text_size[0] is not None:
            self.text_size = (None, None)


class ValueGrid(GridLayout):
    """Value buttons in as many columns as asked, but never so many that a button gets narrower than
    a finger ("Back" on one line), unless that would take more rows than its panel has room for
    (a deck printed up to 20): the panel's height is the harder limit, a narrow button still works."""

    def __init__(self, cells: list[Widget], cols: int, spacing: float, rows: int) -> None:
        super().__init__(cols=cols, spacing=spacing, size_hint_y=None)
        self.most = cols
        self.fewest_cols = math.ceil(len(cells) / rows)
        for cell in cells:
            self.add_widget(cell)
        self._fit_height()
        self.bind(width=self._fit)  # once laid out: the width it has now is not yet its own

    def _fit(self, *_) -> None:
        gap = self.spacing[0]
        by_finger = max(1, min(self.most, int((self.width + gap) // (theme.TOUCH + gap))))
        self.cols = max(by_finger, self.fewest_cols)
        self._fit_height()

    def _fit_height(self) -> None:
        rows = max(1, math.ceil(len(self.children) / self.cols))
        self.height = rows * theme.TOUCH + (rows - 1) * self.spacing[1]


def value_grid(values: list[int], choose: Callable[[int], Any], cols: int = 5,
               back: Callable[[], Any] | None = None, spacing: float = GAP, rows: int = 2) -> GridLayout:
    """One big button per value (and Back in the last cell), in at most `rows` rows."""
    cells: list[Widget] = []
    for v in values:
        cell = ValueButton(text=f"[b]{v}[/b]", markup=True, font_size=theme.FONT_TITLE)
        cell.bind(on_release=lambda *_, v=v: choose(v))
        cells.append(cell)
    if back:
        cells.append(button("Back", back, font_size=theme.FONT_SMALL))
    return ValueGrid(cells, cols, spacing, rows)


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
