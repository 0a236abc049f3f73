"""One side's counting frame: points captured against the target, big, with a bar and the BondO ledger."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.boards.bondcones import words
from companion.ui.widgets import FillBar, Panel, Text


class CountingFrame(Panel):
    """A side's score as the table reads it from across the table; outlined while that side acts."""

    SPACING = 4
    PADDING = 6

    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, self.PADDING), spacing=self.SPACING, **kwargs)
        self.score_row = BoxLayout(spacing=theme.GAP)
        # Not a Text: a shortened label would turn a big number into an ellipsis.
        self.points = Label(text="0", font_size=theme.FONT_HUGE, bold=True, size_hint_x=None)
        self.points.bind(texture_size=lambda label, size: setattr(label, "width", max(size[0], 48)))
        self.score_row.add_widget(self.points)
        # The lines beside the number keep their own heights, centred on it.
        self.info = BoxLayout(orientation="vertical", size_hint_y=None, pos_hint={"center_y": 0.5})
        self.name = Text(text="", wrap=False, markup=True, font_size=theme.FONT_TITLE, bold=True,
                         size_hint_y=None, height=theme.FONT_TITLE * 1.25)
        self.to_go = Text(text="", wrap=False, font_size=theme.FONT_SMALL, size_hint_y=None,
                          height=theme.FONT_SMALL * 1.3)
        self.taken = Text(text="", wrap=False, font_size=theme.FONT_SMALL, color=theme.MUTED, size_hint_y=None,
                          height=theme.FONT_SMALL * 1.3)
        self.score_row.add_widget(self.info)
        self.add_widget(self.score_row)
        # The bar runs against the target, which stands at its end.
        self.against = BoxLayout(size_hint_y=None, height=theme.FONT_SMALL * 1.2, spacing=theme.GAP)
        self.bar = FillBar(size_hint_y=None, height=14, pos_hint={"center_y": 0.5})
        self.target = Text(text="", wrap=False, font_size=theme.FONT_SMALL, bold=True, color=theme.MUTED,
                           size_hint_x=None, width=theme.FONT_SMALL * 1.6, halign="right")
        self.against.add_widget(self.bar)
        self.against.add_widget(self.target)
        self.add_widget(self.against)
        self.ledger = Text(text="", wrap=False, markup=True, font_size=theme.FONT_SMALL,
                           size_hint_y=None, height=theme.FONT_SMALL * 1.35)
        self.add_widget(self.ledger)
        # Only while this side may declare a battle: otherwise its height goes to the numbers.
        self.window = Text(text="", wrap=False, markup=True, font_size=theme.FONT_SMALL, color=theme.WARNING,
                           size_hint_y=None, height=theme.FONT_SMALL * 1.35)
        with self.canvas.after:
            self._edge_colour = Color(rgba=(0, 0, 0, 0))
            self._edge = Line(width=2)
        self.bind(pos=self._outline, size=self._outline, height=self._fit, width=self._fit)

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
        if self.window.text and not self.window.parent:
            self.add_widget(self.window, index=0)
        elif not self.window.text and self.window.parent:
            self.remove_widget(self.window)
        self._edge_colour.rgba = colour if acting else (0, 0, 0, 0)
        self._fit()

    def _fit(self, *_) -> None:
        """Keep the number as large as the frame's height allows; drop the small lines first."""
        rows = [self.against, self.ledger] + ([self.window] if self.window.parent else [])
        room = self.height - 2 * self.PADDING - sum(r.height + self.SPACING for r in rows)
        # A label's line is about 1.2 em, but a digit only 0.75 em: the rest may overlap empty margins.
        # On a bigger screen the number grows past FONT_HUGE, leaving the lines beside it half the width.
        wide = (self.width - 2 * theme.PAD) * 0.5 / 1.2
        self.points.font_size = max(theme.FONT_TITLE, min(theme.FONT_HUGE * 1.5, wide, room / 0.95))
        self.info.clear_widgets()
        height = 0.0
        for line in (self.name, self.to_go, self.taken):
            if height + line.height <= max(room, self.name.height):
                self.info.add_widget(line)
                height += line.height
        self.info.height = height

    def _outline(self, *_) -> None:
        self._edge.rounded_rectangle = (self.x + 1, self.y + 1, self.width - 2, self.height - 2, 10)
