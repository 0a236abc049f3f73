"""Captions, buttons, grids and spacers: the small pieces every entry panel is made of."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from kivy.metrics import sp
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.kit.measure import drawn_size
from companion.ui.widgets import BigButton, Text

GAP = 6  # px between the buttons of a panel
READABLE = sp(20)  # the smallest words a player must read from their seat


def caption(text: str, colour: list[float] | None = None, bold: bool = False) -> Text:
    """A line (or two) saying what the buttons below do."""
    return Text(text=text, markup=True, bold=bold, font_size=theme.FONT_SMALL, color=colour or theme.TEXT)


class Prompt(Text):
    """A caption as tall as the tallest of its words through an entry (`reserve`), so that the pad
    under it stays in place while its words change from step to step ("Entered: 4. Card 3 shows:").
    The words keep to the top of that room."""

    def __init__(self, text: str, reserve: Sequence[str] = (), colour: list[float] | None = None,
                 bold: bool = False) -> None:
        super().__init__(text=text, markup=True, bold=bold, font_size=theme.FONT_SMALL, color=colour or theme.TEXT,
                         valign="top")
        self.reserve = list(reserve)
        self.bind(width=self._fit, text=self._fit, text_size=self._fit, texture_size=self._fit)

    def tallest(self) -> float:
        """The height of the tallest of its words (its own too) at its width."""
        heights = [0.0]
        for words in [self.text, *self.reserve]:
            heights.append(drawn_size(words, self.font_size, bold=self.bold, markup=True, width=self.width)[1])
        return max(heights)

    def _fit(self, *_) -> None:
        tallest = self.tallest()
        if self.height != tallest:
            self.height = tallest
        if tuple(self.text_size) != (self.width, tallest):
            self.text_size = (self.width, tallest)


def button(text: str, on: Callable[[], Any], primary: bool = False, **kwargs: Any) -> BigButton:
    """A finger-sized button that calls `on` when released."""
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


def spacer() -> Widget:
    """Takes the height left over, so what comes before it keeps to the top."""
    return Widget()
