"""Board mode (option board_only): the app is only the collective limit board.

A card played face-up moves the total by its value in one touch on the pad (a 7 once took seven
touches of "+"); the second pad takes values off again (a card turned face-down, a slip). The dial
or the +/- buttons move it one space through the game's control bindings. Either way the screen
shows the total against the limit and flags the overflow.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.boards.bonbon.collective import BigTotal
from companion.ui.boards.bonbon.parts import Act
from companion.ui.kit import fields as f
from companion.ui.kit.layout import button, caption, spacer
from companion.ui.kit.pad import ValuePad
from companion.ui.widgets import Panel, Text

HINT = "The dial or the +/- buttons move the total one space; the dial's push starts the next round."
OVER_HINT = "The round ends at once: the player who went over is out. Then back to 0 for the next round."
ADD = "A card played face-up: tap its value"
TAKE = "Take off (a card turned face-down, a slip):"


def sign(field: dict[str, Any], group: str) -> dict[str, Any]:
    """The step's options of one group ("add" or "take off"), as a field of their own for a pad."""
    return {**field, "options": [o for o in f.options(field) if o.get("group") == group]}


class BoardMode(BoxLayout):
    """The total with its bar on the left; the pads that move it on the right, built from the step's field."""

    def __init__(self, act: Act, **kwargs) -> None:
        super().__init__(spacing=theme.GAP, **kwargs)
        self.act = act
        self.centre = Panel(orientation="vertical", padding=(theme.PAD * 1.5, theme.PAD), spacing=theme.GAP,
                            size_hint_x=0.54)
        self.heading = Text(text="", wrap=False, markup=True, font_size=theme.FONT, size_hint_y=None,
                            height=theme.FONT * 1.4, halign="center")
        self.total = BigTotal()
        self.hint = Text(text="", font_size=theme.FONT_SMALL, color=theme.MUTED, halign="center")
        self.reset = button("Next round: back to 0", lambda: self.act({"type": "board_reset"}))
        for widget in (self.heading, self.total, self.hint, self.reset):
            self.centre.add_widget(widget)
        self.add_widget(self.centre)
        self.side = Panel(orientation="vertical", padding=theme.PAD, spacing=theme.GAP, size_hint_x=0.46)
        self.add_widget(self.side)
        self.pads: dict[str, ValuePad] = {}

    def _step(self, value: int) -> None:
        self.act({"type": "board", "step": value})

    def _build_pads(self, field: dict[str, Any]) -> None:
        # Built once, from the first view: every value keeps its place; only what it offers changes.
        self.side.add_widget(caption(ADD, bold=True))
        self.pads["add"] = ValuePad([sign(field, "add")], self._step)
        self.side.add_widget(self.pads["add"])
        self.side.add_widget(caption(TAKE, theme.MUTED))
        self.pads["take off"] = ValuePad([sign(field, "take off")], self._step, as_given=True)
        self.side.add_widget(self.pads["take off"])
        self.side.add_widget(spacer())

    def show(self, view: dict[str, Any]) -> None:
        game = view["view"]
        collective = game["collective"]
        legal = {spec["type"]: spec for spec in view["expected"]["legal"]}
        step = legal["board"]["fields"]["step"]
        if not self.pads:
            self._build_pads(step)
        for group, pad in self.pads.items():
            pad.offer(sign(step, group), back=False)
        self.heading.text = f"Round {game['round']}  [color={words.hex_of(theme.MUTED)}]collective limit board[/color]"
        self.total.show(collective)
        self.reset.disabled = "board_reset" not in legal
        self.centre.background = words.OVERFLOW_BACKGROUND if collective["over"] else theme.PANEL
        self.hint.text = OVER_HINT if collective["over"] else HINT
        self.hint.color = theme.TEXT if collective["over"] else theme.MUTED
