"""The three bonus tiles on display, each with who took it this round."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.widgets import Panel, Text


class TileBox(Panel):
    """One tile: what it gives, and 'on display' or, dimmed, the name of the player who took it."""

    def __init__(self, **kwargs) -> None:
        # Narrow side padding: "+1 per zero" fits a third of the tiles' share of 800 px unshortened.
        super().__init__(orientation="vertical", padding=(2, 2), radius=8, **kwargs)
        self.what = Text(text="", wrap=False, bold=True, font_size=theme.FONT_SMALL, halign="center")
        self.who = Text(text="", wrap=False, font_size=theme.FONT_SMALL, halign="center")
        self.add_widget(self.what)
        self.add_widget(self.who)
        self.tile: str | None = None
        self.touched: Callable[[str], bool] | None = None

    def on_touch_down(self, touch) -> bool:
        # A passer choosing a tile may touch it here too: the same as its button in the entry panel.
        if self.touched is not None and self.tile is not None and self.collide_point(*touch.pos):
            if self.touched(self.tile):
                return True
        return super().on_touch_down(touch)

    def show(self, tile: str, holder: str | None, colour: list[float] | None) -> None:
        self.tile = tile
        self.what.text = words.TILE_SHORT[tile]
        if holder is None:
            self.who.text = "on display"
            self.who.color = theme.MUTED
            self.what.color = theme.ACCENT
            self.background = theme.PANEL_LIGHT
        else:
            self.who.text = holder
            self.who.color = colour or theme.TEXT
            self.what.color = theme.MUTED
            self.background = theme.PANEL


class TileStrip(BoxLayout):
    """The tiles shown this round, in the order they were laid out."""

    def __init__(self, touched: Callable[[str], bool] | None = None, **kwargs) -> None:
        super().__init__(spacing=6, **kwargs)
        self.touched = touched
        self.boxes: list[TileBox] = []

    def show(self, tiles: dict[str, Any] | None, colours: dict[str, list[float]]) -> None:
        shown = tiles["shown"] if tiles else []
        holders = {t["tile"]: t["player"] for t in tiles["taken"]} if tiles else {}
        # A tile taken with the pass card may be one of the three; every tile on the strip is one shown.
        while len(self.boxes) < len(shown):
            self.boxes.append(TileBox())
            self.boxes[-1].touched = self.touched
        self.clear_widgets()
        for box, tile in zip(self.boxes, shown):
            holder = holders.get(tile)
            box.show(tile, holder, colours.get(holder) if holder else None)
            self.add_widget(box)
