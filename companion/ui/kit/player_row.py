"""One player at a glance: a stripe in their colour, the name over a second line, whatever the game
shows in the middle (a CardRow), and a number with a small tag at the right; outlined while acting."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.kit.measure import drawn_width
from companion.ui.kit.outline import Outline
from companion.ui.styling import symbol
from companion.ui.widgets import Panel, PlainLabel, Text

# A row was touched: (player, where in the middle, e.g. a card's position from 1, or None); True: taken.
Touched = Callable[[str, Any], bool]


class PlayerRow(Panel):
    """The frame of a player's row; a game's row fills in the words (see `show`)."""

    def __init__(self, middle: Widget | None = None, name_width: float = 140, number_width: float = 80,
                 tag_size: float = theme.FONT_SMALL, **kwargs: Any) -> None:
        super().__init__(padding=(theme.PAD, 2, theme.GAP, 2), spacing=theme.GAP, radius=8, **kwargs)
        self.player: str | None = None
        self.touched: Touched | None = None
        self.tag_size = tag_size
        who = BoxLayout(orientation="vertical", size_hint_x=None, width=name_width)
        self.name = Text(text="", wrap=False, markup=True, bold=True, font_size=theme.FONT)
        self.name.bind(width=self._fit_name, text=self._fit_name)
        self.line2 = Text(text="", wrap=False, markup=True, font_size=theme.FONT_SMALL)
        who.add_widget(self.name)
        who.add_widget(self.line2)
        self.add_widget(who)
        self.middle = middle if middle is not None else Widget()
        self.add_widget(self.middle)
        # The number, and under it a tag: beside the middle, a tag's words would take its width.
        right = BoxLayout(orientation="vertical", size_hint_x=None, width=number_width)
        self.tag_column, self.number_width = right, number_width
        # Not a Text: a shortened label would turn "10/10" into an ellipsis.
        self.number = PlainLabel(text="", markup=True, bold=True, font_size=theme.FONT_TITLE, halign="right",
                                 valign="middle")
        self.number.bind(size=lambda label, *_: setattr(label, "text_size", label.size))
        right.add_widget(self.number)
        # Not shortened: Kivy joins a shortened label's lines into one ("OUT: limit" over "+3 points").
        self.tag = PlainLabel(text="", markup=True, font_size=tag_size, color=theme.MUTED, size_hint_y=None,
                              height=0, halign="right", valign="top")
        self.tag.bind(size=lambda label, *_: setattr(label, "text_size", label.size))
        right.add_widget(self.tag)
        self.add_widget(right)
        with self.canvas.before:
            self._stripe_colour = Color(rgba=theme.MUTED)
            self._stripe = Rectangle()
        with self.canvas.after:
            self._edge = Outline(2)
        self.bind(pos=self._outline, size=self._outline)

    def show(self, name: str, colour: list[float], acting: bool, line2: str = "", number: str = "",
             tag: str = "") -> None:
        """The row's words; `acting` marks the name and outlines the row in the player's colour."""
        self.player = name
        self.name.text = (symbol("▶") + " " if acting else "") + name
        self.name.color = colour
        self.line2.text = line2
        self.number.text = number
        self.tag.text = tag
        self.tag.height = self.tag_size * 1.25 * len(tag.splitlines())
        # The column widens for the tag's longest line rather than wrap it out of sight.
        widest = 0
        for line in tag.splitlines():
            widest = max(widest, drawn_width(line, self.tag_size, markup=True))
        self.tag_column.width = max(self.number_width, widest + 4)
        self.background = theme.PANEL_LIGHT if acting else theme.PANEL
        self._stripe_colour.rgba = colour
        self._edge.paint(colour if acting else (0, 0, 0, 0))

    def _fit_name(self, *_) -> None:
        """A long name ("Bartholomew") steps down to the smallest readable size before it would be
        cut short; only a longer one still ends in "..."."""
        label = self.name
        room = int(label.width - label.padding[0] - label.padding[2]) - 3  # Kivy shortens a few px before the edge
        natural = drawn_width(label.text, theme.FONT, bold=True, markup=True, font_name=label.font_name)
        label.font_size = theme.FONT if natural <= room or room <= 0 else max(theme.FONT_SMALL, theme.FONT * room / natural)

    def dim(self, on: bool, amount: float = 0.5) -> None:
        """A player who has stopped: the middle, the number and the tag fade; the name stays bright."""
        for widget in (self.middle, self.number, self.tag):
            widget.opacity = amount if on else 1

    def where(self, pos: tuple[float, float]) -> Any:
        """What in the middle a touch is on (a card's position when the middle is a CardRow)."""
        finder = getattr(self.middle, "position_at", None)
        return finder(pos) if finder else None

    def on_touch_down(self, touch) -> bool:
        # The row answers a touch when the game's entry is choosing a card or a player: the same choice
        # as the entry's buttons, so a finger on the card itself is never ignored.
        if self.touched is not None and self.player is not None and self.collide_point(*touch.pos):
            if self.touched(self.player, self.where(touch.pos)):
                return True
        return super().on_touch_down(touch)

    def _outline(self, *_) -> None:
        self._stripe.pos, self._stripe.size = (self.x, self.y + 4), (5, self.height - 8)
        self._edge.place("rounded_rectangle", self.x + 1, self.y + 1, self.width - 2, self.height - 2, 8)
