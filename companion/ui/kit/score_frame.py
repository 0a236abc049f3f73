"""A player's score as the table reads it from across the table: big, against a target, outlined
while that player acts."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.kit.measure import drawn_width
from companion.ui.kit.outline import Outline
from companion.ui.styling import symbol
from companion.ui.widgets import FillBar, Panel, Text


# A bold digit's height and width as a share of its font size (Roboto): what a number needs.
DIGIT_HEIGHT = 0.78
DIGIT_WIDTH = 0.62


class ScoreFrame(Panel):
    """The name on a row of its own (beside a two-digit number it would not fit a narrow frame), the
    number with words beside it, and a bar against the target that ends in what is left to go.

    `words` is the size of the words beside the number and at the bar's end; the name steps down
    from the title size to fit a narrow frame (never below `words`), rather than lose its end.
    The number is drawn as large as `big` where its row has the room, smaller where it has not."""

    SPACING = 4
    PADDING = 6

    def __init__(self, words: float = theme.FONT_SMALL, big: float = theme.FONT_HUGE, **kwargs) -> None:
        kwargs.setdefault("padding", (theme.PAD, self.PADDING))
        super().__init__(orientation="vertical", spacing=self.SPACING, **kwargs)
        self.words = words
        self.big = big
        self.name = Text(text="", wrap=False, markup=True, font_size=theme.FONT_TITLE, bold=True,
                         size_hint_y=None, height=theme.FONT_TITLE * 1.2)
        self.name.bind(text=self._fit_name)
        self.add_widget(self.name)
        row = BoxLayout(spacing=theme.GAP)
        self.number_row = row
        # Not a Text: a shortened label would turn a big number into an ellipsis.
        self.number = Label(text="0", font_size=big, bold=True, size_hint_x=None)
        self.number.bind(texture_size=lambda label, size: setattr(label, "width", max(size[0], 48)))
        row.add_widget(self.number)
        self.beside = Text(text="", markup=True, font_size=words, color=theme.MUTED)
        holder = BoxLayout(orientation="vertical")
        holder.add_widget(Widget())
        holder.add_widget(self.beside)
        holder.add_widget(Widget())
        row.add_widget(holder)
        self.add_widget(row)
        self.against = BoxLayout(size_hint_y=None, height=words * 1.2, spacing=theme.GAP)
        self.bar = FillBar(size_hint_y=None, height=14, pos_hint={"center_y": 0.5})
        # As wide as its words: none at first (not a Label's default 100 px, which an empty text
        # never changes, so the bar stopped short of its frame's edge).
        self.to_go = Label(text="", font_size=words, bold=True, size_hint_x=None, width=0)
        self.to_go.bind(texture_size=lambda label, size: setattr(label, "width", size[0]))
        self.against.add_widget(self.bar)
        self.against.add_widget(self.to_go)
        self.add_widget(self.against)
        with self.canvas.after:
            self._edge = Outline(2)
        self.bind(pos=self._outline, size=self._outline, width=self._fit_name)
        row.bind(size=self._fit_number)
        self.number.bind(text=self._fit_number)

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
        self._edge.paint(colour if acting else (0, 0, 0, 0))

    def add_row(self, widget: Widget) -> None:
        """A game's own line under the bar (a ledger, a warning)."""
        self.add_widget(widget, index=0)

    def _fit_name(self, *_) -> None:
        # A few pixels spare: a label exactly as wide as its words may still shorten them.
        inner = self.width - self.padding[0] - self.padding[2] - 4
        if inner <= 0:
            return
        natural = drawn_width(self.name.text, theme.FONT_TITLE, bold=True, markup=True)
        fitted = theme.FONT_TITLE if natural <= inner else theme.FONT_TITLE * inner / natural
        self.name.font_size = max(self.words, fitted)

    def _fit_number(self, *_) -> None:
        """As large as `big`, but never taller than its row (a frame squeezed by a banner above the
        board) nor wider than the frame: the number never runs over the name or the bar."""
        inner = self.width - self.padding[0] - self.padding[2]
        if self.number_row.height <= 1 or inner <= 0:
            return
        digits = max(1, len(self.number.text))
        self.number.font_size = min(self.big, self.number_row.height / DIGIT_HEIGHT,
                                    inner / (DIGIT_WIDTH * digits))

    def _outline(self, *_) -> None:
        self._edge.place("rounded_rectangle", self.x + 1, self.y + 1, self.width - 2, self.height - 2, 10)
