"""What the table must see at a glance: the last card, what it did, and what the chain threatens."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.widgets import Panel, Text

LINE = theme.FONT_SMALL * 1.25
HEIGHT = LINE * 4 + theme.GAP * 2


def _line(lines: int, **kwargs: Any) -> Text:
    """A line of fixed height (at most `lines` lines, then shortened): the pad below never moves."""
    text = Text(text="", wrap=False, font_size=theme.FONT_SMALL, size_hint_y=None, height=LINE * lines,
                valign="top", **kwargs)
    text.shorten = False  # shortening would cut the text to one line
    text.max_lines = lines
    text.bind(size=lambda label, size: setattr(label, "text_size", (size[0], size[1])))
    return text


class LastCard(Panel):
    """The top card of the pile, big, beside the view's own two lines (the phones show the same)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(padding=theme.GAP, spacing=theme.GAP, size_hint_y=None, height=HEIGHT, **kwargs)
        self.card = Label(text="", font_size=theme.FONT_BIG, bold=True, size_hint_x=None, width=96,
                          halign="center", valign="middle", color=theme.ACCENT)
        self.card.bind(size=lambda label, size: setattr(label, "text_size", size))
        self.add_widget(self.card)
        lines = BoxLayout(orientation="vertical", spacing=0)
        self.last = _line(2)
        self.threat = _line(2, bold=True, color=theme.WARNING)
        for part in (self.last, self.threat):
            lines.add_widget(part)
        self.add_widget(lines)

    def show(self, game: dict[str, Any]) -> None:
        last = game["last"]
        label = last["label"] if last else "–"
        self.card.text = label.replace(" ", "\n")
        self.card.font_size = theme.FONT_BIG if len(label) <= 2 else theme.FONT_SMALL
        self.last.text = game["said"]["last"]
        self.threat.text = game["said"]["threat"]
