"""What the table must see at a glance above the card pad: the last card, what it did and what the
chain threatens; or, in the same place, what the table is asked (whom a card takes a life from,
the re-deal, the last stand) with its buttons.

The panel's height never changes, so the card pad below it never moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.kit.layout import GAP, READABLE, button
from companion.ui.styling import hex_of
from companion.ui.widgets import Panel, PlainLabel, Text

LINE = READABLE * 1.25
LINES = 4  # the last card's line and the chain's threat share these
HEIGHT = max(LINE * LINES, LINE * 2 + GAP + theme.TOUCH) + theme.GAP * 2
CARD_WIDTH = 112  # "BORROWED" at a readable size


class Choice:
    """A button of a question: its words, what it does, and how it looks."""

    def __init__(self, text: str, on: Callable[[], Any], primary: bool = False, danger: bool = False) -> None:
        self.text, self.on, self.primary, self.danger = text, on, primary, danger


class LastCard(Panel):
    """The top card of the pile, big, beside the view's own two lines (the phones show the same)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(padding=theme.GAP, spacing=theme.GAP, size_hint_y=None, height=HEIGHT, **kwargs)
        self.card = Label(text="", font_size=theme.FONT_BIG, bold=True, size_hint_x=None, width=CARD_WIDTH,
                          halign="center", valign="middle", color=theme.ACCENT)
        self.card.bind(size=lambda label, size: setattr(label, "text_size", size))
        # The two lines in one text: a long line (a BLITZ on six players) takes what the other leaves.
        self.lines = PlainLabel(text="", markup=True, font_size=READABLE, halign="left", valign="top")
        self.lines.bind(size=lambda label, size: setattr(label, "text_size", size))
        # A question: its words over its buttons.
        self.question = BoxLayout(orientation="vertical", spacing=GAP)
        self.asked = Text(text="", bold=True, font_size=READABLE, markup=True)
        self.buttons = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH)
        self.question.add_widget(self.asked)
        self.question.add_widget(self.buttons)
        self.question.add_widget(BoxLayout())
        self._mode("lines")

    def _mode(self, mode: str) -> None:
        self.clear_widgets()
        if mode == "lines":
            self.add_widget(self.card)
            self.add_widget(self.lines)
        else:
            self.add_widget(self.question)

    def show(self, game: dict[str, Any]) -> None:
        last = game["last"]
        label = last["label"] if last else "–"
        self.card.text = label.replace(" ", "\n")
        self.card.font_size = theme.FONT_BIG if len(label) <= 2 else READABLE
        said = game["said"]
        threat = f"\n[b][color={hex_of(theme.WARNING)}]{said['threat']}[/color][/b]" if said["threat"] else ""
        self.lines.text = said["last"] + threat
        self._mode("lines")

    def ask(self, words: str, choices: Sequence[Choice]) -> None:
        """Put a question in the panel's place, with a button per choice."""
        self.asked.text = words
        self.buttons.clear_widgets()
        for choice in choices:
            colours = {"background_color": theme.DANGER, "color": theme.ACCENT_TEXT} if choice.danger else {}
            part = button(choice.text, choice.on, primary=choice.primary, bold=choice.primary or choice.danger,
                          font_size=READABLE, height=theme.TOUCH, **colours)
            self.buttons.add_widget(part)
        self._mode("question")
