"""A player's score as the table reads it from across the table: big, against a target, outlined
while that player acts."""

from __future__ import annotations

from kivy.graphics import Color, Line
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.styling import symbol
from companion.ui.widgets import FillBar, Panel, Text


class ScoreFrame(Panel):
    """The name on a row of its own (beside a two-digit number it would not fit a narrow frame), the
    number with words beside it, and a bar against the target that ends in what is left to go."""

    SPACING = 4
    PADDING = 6

    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, self.PADDING), spacing=self.SPACING, **kwargs)
        self.name = Text(text="", wrap=False, markup=True, font_size=theme.FONT_TITLE, bold=True,
                         size_hint_y=None, height=theme.FONT_TITLE * 1.2)
        self.add_widget(self.name)
        row = BoxLayout(spacing=theme.GAP)
        # Not a Text: a shortened label would turn a big number into an ellipsis.
        self.number = Label(text="0", font_size=theme.FONT_HUGE, bold=True, size_hint_x=None)
        self.number.bind(texture_size=lambda label, size: setattr(label, "width", max(size[0], 48)))
        row.add_widget(self.number)
        self.beside = Text(text="", markup=True, font_size=theme.FONT_SMALL, color=theme.MUTED)
        holder = BoxLayout(orientation="vertical")
        holder.add_widget(Widget())
        holder.add_widget(self.beside)
        holder.add_widget(Widget())
        row.add_widget(holder)
        self.add_widget(row)
        self.against = BoxLayout(size_hint_y=None, height=theme.FONT_SMALL * 1.2, spacing=theme.GAP)
        self.bar = FillBar(size_hint_y=None, height=14, pos_hint={"center_y": 0.5})
        self.to_go = Label(text="", font_size=theme.FONT_SMALL, bold=True, size_hint_x=None)
        self.to_go.bind(texture_size=lambda label, size: setattr(label, "width", size[0]))
        self.against.add_widget(self.bar)
        self.against.add_widget(self.to_go)
        self.add_widget(self.against)
        with self.canvas.after:
            self._edge_colour = Color(rgba=(0, 0, 0, 0))
            self._edge = Line(width=2)
        self.bind(pos=self._outline, size=self._outline)

    def show(self, name: str, colour: list[float], number: float, target: float, acting: bool,
             beside: str = "", to_go: str = "") -> None:
        """`number` of `target` (the bar), `beside` the number (what was taken), `to_go` at the bar's end."""
        self.name.text = (symbol("▶") + " " if acting else "") + name
        self.name.color = colour
        self.number.text = f"{number:g}"
        self.number.color = colour
        self.beside.text = beside
        self.bar.show(number / target if target else 0, colour)
        self.to_go.text = to_go
        self._edge_colour.rgba = colour if acting else (0, 0, 0, 0)

    def add_row(self, widget: Widget) -> None:
        """A game's own line under the bar (a ledger, a warning)."""
        self.add_widget(widget, index=0)

    def _outline(self, *_) -> None:
        self._edge.rounded_rectangle = (self.x + 1, self.y + 1, self.width - 2, self.height - 2, 10)
