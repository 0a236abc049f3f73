"""A player's cards as small chips in a row: face-up values, face-down cards as plain backs.

A card is {"face": "up" | "down", "value": ...} as a public view shows it; a face-down card
shows its value only once the view gives one (turned over for scoring). The colours are a
`CardStyle` (a game gives its own backs).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from kivy.graphics import Color, RoundedRectangle
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import get_color_from_hex

from companion.ui import theme
from companion.ui.kit.kept import in_place
from companion.ui.kit.outline import Outline


@dataclass(frozen=True)
class CardStyle:
    """A card's colours: the face and its ink, the back and its edge."""

    face: tuple[float, ...] = tuple(get_color_from_hex("#FFF4E0"))
    ink: tuple[float, ...] = tuple(get_color_from_hex("#1A1005"))
    back: tuple[float, ...] = tuple(get_color_from_hex("#34495E"))
    edge: tuple[float, ...] = tuple(get_color_from_hex("#8FA3B8"))


PLAIN = CardStyle()

# A bold digit is about this much of its font size wide (Roboto): a chip's value is sized to its width.
DIGIT = 0.6
INK_MARGIN = 4  # px kept clear on each side of the value, so it never touches the chip's edge


def value_font(width: float, height: float, text: str) -> float:
    """The largest font that keeps this value inside a chip of this size."""
    digits = max(1, len(text))
    return max(1.0, min(height * 0.62, (width - INK_MARGIN) / (DIGIT * digits)))


class CardChip(Label):
    """One card. A face-down card shows no value; once revealed for scoring its value is printed on the back."""

    def __init__(self, card: dict[str, Any], style: CardStyle = PLAIN, **kwargs) -> None:
        kwargs.setdefault("bold", True)
        super().__init__(halign="center", valign="middle", size_hint=(None, None), **kwargs)
        self.style = style
        with self.canvas.before:
            self._face = Color()
            self._body = RoundedRectangle(radius=[4])
            self._edge = Outline(1.2)
            # A back's pattern: a smaller inset frame, so a back never reads as an empty slot.
            self._inset = Outline(1)
        with self.canvas.after:
            # The card the table is asked about, or has chosen: a thick amber frame around it. Only a
            # frame: a face-down card stays a plain back, whatever the app knows of it.
            self._mark = Outline(2.5)
        self.marked = False
        self.show(card)
        self.bind(pos=self._redraw, size=self._redraw)

    def show(self, card: dict[str, Any]) -> None:
        """This card, in place of the one shown: a row's chips are kept from move to move, and a chip
        whose card did not change draws nothing anew (its words' texture is Kivy's, kept while the
        text is the same)."""
        up = card["face"] == "up"
        value = card.get("value")
        style = self.style
        self.face = card["face"]
        self.text = "" if value is None else str(value)
        self.color = style.ink if up else (1, 1, 1, 1)
        self._face.rgba = style.face if up else style.back
        self._edge.paint(style.edge if not up else (0, 0, 0, 0))
        self._inset.paint(style.edge if not up and value is None else (0, 0, 0, 0))
        self.font_size = value_font(self.width, self.height, self.text)

    def mark(self, on: bool) -> None:
        self.marked = on
        self._mark.paint(theme.ACCENT if on else (0, 0, 0, 0))

    def _redraw(self, *_) -> None:
        self._body.pos, self._body.size = self.pos, self.size
        self._edge.place("rounded_rectangle", self.x + 1, self.y + 1, self.width - 2, self.height - 2, 4)
        inset = min(self.width, self.height) * 0.22
        self._inset.place("rounded_rectangle", self.x + inset, self.y + inset, self.width - 2 * inset,
                          self.height - 2 * inset, 3)
        self._mark.place("rounded_rectangle", self.x - 2, self.y - 2, self.width + 4, self.height + 4, 5)
        self.font_size = value_font(self.width, self.height, self.text)


class CardRow(Widget):
    """The cards left to right, as large as the row allows.

    Many cards first get narrower (the value keeps to the chip's width, never a sliver), then,
    when the row is tall enough for that to read better, go on over two or three lines, still
    left to right, top line first.
    """

    GAP = 4
    TIGHT_GAP = 2  # between many narrow chips: two pixels still part them
    MARGIN = 4  # above and below: room for a marked card's frame
    LINES = 3

    def __init__(self, style: CardStyle = PLAIN, **kwargs) -> None:
        super().__init__(**kwargs)
        self.style = style
        self.chips: list[CardChip] = []
        self._pool: list[CardChip] = []
        self.bind(pos=self._layout, size=self._layout)

    def show(self, cards: list[dict[str, Any]]) -> None:
        # The same chips from move to move, each shown its card: new chips at every move left the
        # old ones to the garbage collector, whose passes made the frames after a touch late, and
        # each drew its value afresh.
        self.chips = in_place(self, self._pool, len(cards), lambda: CardChip(cards[len(self._pool)], self.style))
        for chip, card in zip(self.chips, cards):
            chip.show(card)
            chip.mark(False)
        self._layout()

    def mark(self, positions: list[int]) -> None:
        """Frame the cards at these positions (from 1 on the left), and only those."""
        for i, chip in enumerate(self.chips):
            chip.mark(i + 1 in positions)

    def plan(self, count: int, width: float, height: float, text: str = "9") -> tuple[int, float, float, float]:
        """(lines, chip width, chip height, gap) giving the largest value for `count` cards in this box."""
        best: tuple[float, int, float, float, float] | None = None
        for lines in range(1, min(self.LINES, count) + 1):
            per_line = math.ceil(count / lines)
            tall = (height - (lines - 1) * self.GAP) / lines
            natural = tall * 0.72
            gap = self.GAP if per_line * (natural + self.GAP) - self.GAP <= width else self.TIGHT_GAP
            wide = min(natural, (width - (per_line - 1) * gap) / per_line)
            font = value_font(wide, tall, text)
            # Another line only for a clearly larger value: one line reads as the row it is.
            if best is None or font > best[0] + 1:
                best = (font, lines, wide, tall, gap)
        assert best is not None
        return best[1], best[2], best[3], best[4]

    def _layout(self, *_) -> None:
        if not self.chips:
            return
        widest = max((chip.text for chip in self.chips), key=len) or "9"
        height = max(10.0, self.height - 2 * self.MARGIN)
        lines, wide, tall, gap = self.plan(len(self.chips), self.width, height, widest)
        per_line = math.ceil(len(self.chips) / lines)
        used = lines * tall + (lines - 1) * self.GAP
        top = self.y + (self.height + used) / 2
        for i, chip in enumerate(self.chips):
            line, place = divmod(i, per_line)
            chip.size = (wide, tall)
            chip.pos = (self.x + place * (wide + gap), top - (line + 1) * tall - line * self.GAP)

    def position_at(self, pos: tuple[float, float]) -> int | None:
        """The card (from 1 on the left) nearest a touch over the cards, or None beside them: a chip may
        be narrower than a finger."""
        if not self.chips or not self.collide_point(*pos):
            return None
        if pos[0] > max(chip.right for chip in self.chips) + self.GAP:
            return None  # right of the last card, where the row is empty
        return 1 + min(range(len(self.chips)), key=lambda i: _distance(self.chips[i], pos))


def _distance(chip: Widget, pos: tuple[float, float]) -> float:
    dx = max(chip.x - pos[0], 0, pos[0] - chip.right)
    dy = max(chip.y - pos[1], 0, pos[1] - chip.top)
    return dx * dx + dy * dy
