"""Board mode (option board_only): the app is only the collective limit board.

The total is moved by touch here, or by the dial or +/- buttons through the game's control
bindings; either way the screen shows it against the limit and flags the overflow.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.boards.bonbon.collective import BigTotal
from companion.ui.boards.bonbon.parts import Act
from companion.ui.kit.layout import button
from companion.ui.widgets import Panel, Text

MINUS = "−"  # U+2212, as wide as the plus
HINT = "The dial or the +/- buttons move the total too; the dial's push starts the next round."
OVER_HINT = "The round ends at once: the player who went over is out. Then back to 0 for the next round."


class BoardMode(BoxLayout):
    """A big total with its bar, and the −, + and next-round buttons at the sides."""

    def __init__(self, act: Act, **kwargs) -> None:
        super().__init__(spacing=theme.GAP, **kwargs)
        self.act = act
        self.minus = button(f"[b]{MINUS}[/b]", lambda: self.act({"type": "board", "step": -1}),
                                  font_size=theme.FONT_HUGE, size_hint_x=None, size_hint_y=1, width=150)
        self.add_widget(self.minus)
        self.centre = Panel(orientation="vertical", padding=(theme.PAD * 1.5, theme.PAD), spacing=theme.GAP)
        self.heading = Text(text="", wrap=False, markup=True, font_size=theme.FONT, size_hint_y=None,
                            height=theme.FONT * 1.4, halign="center")
        self.total = BigTotal()
        self.hint = Text(text="", font_size=theme.FONT_SMALL, color=theme.MUTED, halign="center")
        self.reset = button("Next round: back to 0", lambda: self.act({"type": "board_reset"}))
        for widget in (self.heading, self.total, self.hint, self.reset):
            self.centre.add_widget(widget)
        self.add_widget(self.centre)
        self.plus = button("[b]+[/b]", lambda: self.act({"type": "board", "step": 1}), primary=True,
                                 font_size=theme.FONT_HUGE, size_hint_x=None, size_hint_y=1, width=150)
        self.add_widget(self.plus)

    def show(self, view: dict[str, Any]) -> None:
        game = view["view"]
        collective = game["collective"]
        legal = {spec["type"] for spec in view["expected"]["legal"]}
        self.heading.text = f"Round {game['round']}  [color={words.hex_of(theme.MUTED)}]collective limit board[/color]"
        self.total.show(collective)
        self.reset.disabled = "board_reset" not in legal
        self.minus.disabled = collective["total"] == 0
        self.centre.background = words.OVERFLOW_BACKGROUND if collective["over"] else theme.PANEL
        self.hint.text = OVER_HINT if collective["over"] else HINT
        self.hint.color = theme.TEXT if collective["over"] else theme.MUTED
