"""One side's counting frame: points captured against the target, big, with a bar and the BondO ledger."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.boards.bondcones import words
from companion.ui.kit.measure import drawn_size, drawn_width
from companion.ui.kit.outline import Outline
from companion.ui.widgets import FillBar, Panel, Text


class CountingFrame(Panel):
    """A side's score as the table reads it from across the table; outlined while that side acts.

    The name has a row of its own: beside a two-digit number it would not fit the narrow frame
    at 800x480. Beside the number are the values taken; the bar ends in the points to go.
    """

    SPACING = 4
    PADDING = 6
    SIDE = theme.GAP  # narrow margins: "⚔ battle: 2 turns left" fits on one line at 800x480

    def __init__(self, even: Callable[[], None] | None = None, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(self.SIDE, self.PADDING), spacing=self.SPACING, **kwargs)
        # Told when this frame knows how large its number could be: the board then draws every
        # frame's number in the same size (an 8 half the size of the other side's 10 read as less).
        self.even = even
        self.wanted = 0.0
        self._room = 0.0
        self.name = Text(text="", wrap=False, markup=True, font_size=theme.FONT_TITLE, bold=True,
                         size_hint_y=None, height=theme.FONT_TITLE * 1.2)
        self.add_widget(self.name)
        self.score_row = BoxLayout(spacing=theme.GAP)
        # Not a Text: a shortened label would turn a big number into an ellipsis.
        self.points = Label(text="0", font_size=theme.FONT_HUGE, bold=True, size_hint_x=None)
        self.points.bind(texture_size=lambda label, size: setattr(label, "width", max(size[0], 48)))
        self.score_row.add_widget(self.points)
        # The values taken wrap beside the number, centred on it.
        self.info = BoxLayout(orientation="vertical", size_hint_y=None, pos_hint={"center_y": 0.5})
        self.taken = Text(text="", font_size=theme.FONT_SMALL, color=theme.MUTED)
        self.info.add_widget(self.taken)
        self.score_row.add_widget(self.info)
        self.add_widget(self.score_row)
        # The bar runs against the target; the points still to go stand at its end.
        self.against = BoxLayout(size_hint_y=None, height=theme.FONT_SMALL * 1.2, spacing=theme.GAP)
        self.bar = FillBar(size_hint_y=None, height=14, pos_hint={"center_y": 0.5})
        self.to_go = Label(text="", font_size=theme.FONT_SMALL, bold=True, size_hint_x=None)
        self.to_go.bind(texture_size=lambda label, size: setattr(label, "width", size[0]))
        self.against.add_widget(self.bar)
        self.against.add_widget(self.to_go)
        self.add_widget(self.against)
        self.ledger = Text(text="", wrap=False, markup=True, font_size=theme.FONT_SMALL,
                           size_hint_y=None, height=theme.FONT_SMALL * 1.35)
        self.add_widget(self.ledger)
        # Only while this side may declare a battle: otherwise its height goes to the numbers.
        self.window = Text(text="", wrap=False, markup=True, font_size=theme.FONT_SMALL, color=theme.WARNING,
                           size_hint_y=None, height=theme.FONT_SMALL * 1.35)
        self._taken: list[str] = [""]
        with self.canvas.after:
            self._edge = Outline(2)
        self.bind(pos=self._outline, size=self._outline, height=self._fit, width=self._fit)

    def show(self, player: dict[str, Any], side: dict[str, Any], target: int, acting: bool,
             window: dict[str, Any] | None, winner: str | None = None) -> None:
        colour = words.readable(player["colour"])
        self.points.text = str(side["points"])
        self.points.color = colour
        marker = words.symbol("▶") + " " if acting else ""
        self.name.text = marker + player["name"]
        self.name.color = colour
        left = side["to_win"]
        if winner:
            # Both sides in one form once the game is over: "reached" beside "12 to go" read as
            # a game still going for one of them.
            self.to_go.text = "won" if player["name"] == winner else "lost"
        else:
            self.to_go.text = f"{left} to go" if left else "reached"
        self._taken = words.taken(side)
        self.bar.show(side["points"] / target if target else 0, colour)
        self.ledger.text = words.ledger(side)
        self.ledger.color = theme.TEXT if side["bondos"] else theme.MUTED
        self.window.text = words.window(window)
        if self.window.text and not self.window.parent:
            self.add_widget(self.window, index=0)
        elif not self.window.text and self.window.parent:
            self.remove_widget(self.window)
        self._edge.paint(colour if acting else (0, 0, 0, 0))
        self._fit()

    def _fit(self, *_) -> None:
        """The whole name on its row, the number as large as the rest allows, then the values taken."""
        inner = self.width - 2 * self.SIDE
        if inner <= 0:
            return
        # The name steps down from the title size until it fits (8 letters and the marker do at
        # 800x480); only a much longer name is shortened with "…".
        natural = drawn_width(self.name.text, theme.FONT_TITLE, bold=True, markup=True)
        size = theme.FONT_TITLE if natural <= inner else max(theme.FONT_SMALL, theme.FONT_TITLE * inner / natural)
        self.name.font_size = size
        self.name.height = size * 1.2
        rows = [self.name, self.against, self.ledger] + ([self.window] if self.window.parent else [])
        room = self.height - 2 * self.PADDING - sum(r.height + self.SPACING for r in rows)
        # A label's line is about 1.2 em, but a digit only 0.75 em: the rest may overlap empty margins.
        # On a bigger screen the number grows past FONT_HUGE, leaving the values beside it half the width.
        wide = inner * 0.5 / 1.2
        self.wanted = max(theme.FONT_TITLE, min(theme.FONT_HUGE * 1.5, wide, room / 0.95))
        self._room = room
        if self.even is not None:
            self.even()
        else:
            self.lay_out(self.wanted)

    def lay_out(self, size: float) -> None:
        """The number in this size, and the values taken beside it in what width is left."""
        inner = self.width - 2 * self.SIDE
        room = self._room
        self.points.font_size = size
        self.points.texture_update()
        beside = inner - max(self.points.texture_size[0], 48) - theme.GAP
        # The values taken wrap beside the number; when they need more lines than it is tall,
        # the count of cones taken says it in a line.
        for text in self._taken:
            height = drawn_size(text, theme.FONT_SMALL, width=beside or None)[1]
            if height <= max(room, theme.FONT_SMALL * 1.3):
                break
        self.taken.text = text
        self.info.height = height

    def _outline(self, *_) -> None:
        self._edge.place("rounded_rectangle", self.x + 1, self.y + 1, self.width - 2, self.height - 2, 10)
