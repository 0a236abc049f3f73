"""One side's counting frame: points captured against the target, big, with a bar and the BondO ledger."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line, RoundedRectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bondcones import words
from companion.ui.widgets import Panel, Text


class Bar(Widget):
    """Points against the target as a filled bar in the player's colour."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.fraction = 0.0
        with self.canvas:
            Color(rgba=theme.PANEL_LIGHT)
            self._back = RoundedRectangle(radius=[4])
            self._colour = Color(rgba=theme.ACCENT)
            self._fill = RoundedRectangle(radius=[4])
        self.bind(pos=self._redraw, size=self._redraw)

    def show(self, fraction: float, colour: list[float]) -> None:
        self.fraction = max(0.0, min(1.0, fraction))
        self._colour.rgba = colour
        self._redraw()

    def _redraw(self, *_) -> None:
        self._back.pos, self._back.size = self.pos, self.size
        self._fill.pos = self.pos
        self._fill.size = (self.width * self.fraction, self.height)


class CountingFrame(Panel):
    """A side's score as the table reads it from across the table; outlined while that side acts."""

    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, 6), spacing=4, **kwargs)
        top = BoxLayout(spacing=theme.GAP)
        # Not a Text: a shortened label would turn a big number into an ellipsis.
        self.points = Label(text="0", font_size=theme.FONT_HUGE, bold=True, size_hint_x=None)
        self.points.bind(texture_size=lambda label, size: setattr(label, "width", max(size[0], 48)))
        top.add_widget(self.points)
        info = BoxLayout(orientation="vertical")
        self.name = Text(text="", wrap=False, markup=True, font_size=theme.FONT_TITLE, bold=True)
        self.to_go = Text(text="", wrap=False, font_size=theme.FONT)
        self.taken = Text(text="", wrap=False, font_size=theme.FONT_SMALL, color=theme.MUTED)
        for widget in (self.name, self.to_go, self.taken):
            info.add_widget(widget)
        top.add_widget(info)
        self.add_widget(top)
        # The bar runs against the target, which stands at its end.
        against = BoxLayout(size_hint_y=None, height=theme.FONT_SMALL * 1.2, spacing=theme.GAP)
        self.bar = Bar(size_hint_y=None, height=14, pos_hint={"center_y": 0.5})
        self.target = Text(text="", wrap=False, font_size=theme.FONT_SMALL, bold=True, color=theme.MUTED,
                           size_hint_x=None, width=theme.FONT_SMALL * 1.6, halign="right")
        against.add_widget(self.bar)
        against.add_widget(self.target)
        self.add_widget(against)
        self.ledger = Text(text="", wrap=False, markup=True, font_size=theme.FONT_SMALL,
                           size_hint_y=None, height=theme.FONT_SMALL * 1.35)
        self.add_widget(self.ledger)
        self.window = Text(text="", wrap=False, markup=True, font_size=theme.FONT_SMALL, color=theme.WARNING,
                           size_hint_y=None, height=theme.FONT_SMALL * 1.35)
        self.add_widget(self.window)
        with self.canvas.after:
            self._edge_colour = Color(rgba=(0, 0, 0, 0))
            self._edge = Line(width=2)
        self.bind(pos=self._outline, size=self._outline)

    def show(self, player: dict[str, Any], side: dict[str, Any], target: int, acting: bool,
             window: dict[str, Any] | None) -> None:
        colour = words.readable(player["colour"])
        self.points.text = str(side["points"])
        self.points.color = colour
        marker = words.symbol("▶") + " " if acting else ""
        self.name.text = marker + player["name"]
        self.name.color = colour
        left = side["to_win"]
        self.to_go.text = f"{left} to go" if left else "reached"
        self.taken.text = words.taken(side)
        self.target.text = str(target)
        self.bar.show(side["points"] / target if target else 0, colour)
        self.ledger.text = words.ledger(side)
        self.ledger.color = theme.TEXT if side["bondos"] else theme.MUTED
        self.window.text = words.window(window)
        self._edge_colour.rgba = colour if acting else (0, 0, 0, 0)

    def _outline(self, *_) -> None:
        self._edge.rounded_rectangle = (self.x + 1, self.y + 1, self.width - 2, self.height - 2, 10)
