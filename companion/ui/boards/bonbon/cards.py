"""A player's cards as small chips: face-up values on cream, face-down cards as plain chocolate backs."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line, RoundedRectangle
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.ui.boards.bonbon import words


class CardChip(Label):
    """One card. A face-down card shows no value; once revealed for scoring its value is printed on the back."""

    def __init__(self, card: dict[str, Any], **kwargs) -> None:
        up = card["face"] == "up"
        value = card.get("value")
        kwargs.setdefault("bold", True)
        super().__init__(
            text="" if value is None else str(value),
            color=words.CARD_INK if up else (1, 1, 1, 1),
            halign="center",
            valign="middle",
            size_hint=(None, None),
            **kwargs,
        )
        self.face = card["face"]
        with self.canvas.before:
            Color(rgba=words.CARD_FACE if up else words.CARD_BACK)
            self._body = RoundedRectangle(radius=[4])
            Color(rgba=words.CARD_BACK_EDGE if not up else (0, 0, 0, 0))
            self._edge = Line(width=1.2)
            # A back's pattern: a smaller inset frame, so a back never reads as an empty slot.
            Color(rgba=words.CARD_BACK_EDGE if not up and value is None else (0, 0, 0, 0))
            self._inset = Line(width=1)
        self.bind(pos=self._redraw, size=self._redraw)

    def _redraw(self, *_) -> None:
        self._body.pos, self._body.size = self.pos, self.size
        self._edge.rounded_rectangle = (self.x + 1, self.y + 1, self.width - 2, self.height - 2, 4)
        inset = min(self.width, self.height) * 0.22
        self._inset.rounded_rectangle = (self.x + inset, self.y + inset, self.width - 2 * inset,
                                         self.height - 2 * inset, 3)
        self.font_size = min(self.height * 0.62, self.width * 0.85)


class CardRow(Widget):
    """The cards left to right, as large as the row's height allows and narrower when there are many."""

    GAP = 4

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.chips: list[CardChip] = []
        self.bind(pos=self._layout, size=self._layout)

    def show(self, cards: list[dict[str, Any]]) -> None:
        self.clear_widgets()
        self.chips = [CardChip(card) for card in cards]
        for chip in self.chips:
            self.add_widget(chip)
        self._layout()

    def _layout(self, *_) -> None:
        if not self.chips:
            return
        height = max(10.0, self.height - 8)
        width = height * 0.72
        count = len(self.chips)
        if count * (width + self.GAP) > self.width:
            width = max(12.0, self.width / count - self.GAP)
        for i, chip in enumerate(self.chips):
            chip.size = (width, height)
            chip.pos = (self.x + i * (width + self.GAP), self.y + (self.height - height) / 2)
