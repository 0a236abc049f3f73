"""Entering the rank stack (tap the tokens top to bottom, or let the app draw it) and who leads.

Two tokens say the whole stack (the third is the one left), and the entry is sent by the touch
that completes it: a round's set-up is three touches, two tokens and the leader, in either
order. A wrong one is taken back by Undo, or let go before it is complete by Clear."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.boards.bon.colours import FILL, INK, NAME
from companion.ui.kit import fields as f
from companion.ui.boards.bon.text import caption, small
from companion.ui.kit.layout import GAP, button, grid, spacer
from companion.ui.kit.toggle import name_chip

COLOURS = ("red", "yellow", "blue")
# The table's own random draw stands in for shuffling the tokens: drawn here, on the input side, and
# sent as the action's order, so the rules never draw and a replay gives the same game.
_draw = random.SystemRandom()


class SetupPanel(BoxLayout):
    def __init__(self, act: Callable[[dict[str, Any]], Any], **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=GAP, **kwargs)
        self.act = act
        # Under a round's scoring (the next round's stack or leader): as tall as its rows, no room
        # left below them, and words that say which round it deals.
        self.under_scoring = False
        self.deals = 0
        self.spec: dict[str, Any] | None = None
        self.order: list[str] = []
        self.first: str | None = None
        self.bind(minimum_height=self._fit)

    def _fit(self, *_: Any) -> None:
        if self.under_scoring:
            self.height = self.minimum_height

    def show(self, spec: dict[str, Any]) -> None:
        """A fresh entry for this action (start, or a next round that asks for something)."""
        if self.spec is None or self.spec["type"] != spec["type"] or self.spec["fields"].keys() != spec["fields"].keys():
            self.order, self.first = [], None
        self.spec = spec
        self._build()

    def _build(self) -> None:
        self.clear_widgets()
        fields = self.spec["fields"]
        if "ranks" in fields:
            said = ", ".join(NAME[c] for c in self.order) or "nothing yet"
            what = f"Round {self.deals}'s new rank stack" if self.under_scoring else "Rank stack"
            self.add_widget(caption(f"{what}: tap the tokens as drawn, top first ({said})"))
            tokens = []
            for colour in COLOURS:
                place = self.order.index(colour) + 1 if colour in self.order else None
                tokens.append(button(f"{place}  {NAME[colour]}" if place else NAME[colour],
                                     lambda c=colour: self._take(c), background_color=FILL[colour],
                                     color=INK[colour], bold=True, disabled=place is not None))
            tokens.append(button("Draw for us", self._draw_all))
            tokens.append(button("Clear", self._clear))
            self.add_widget(grid(tokens, cols=5))
        if "first" in fields:
            if self.under_scoring:
                self.add_widget(caption(f"Who leads round {self.deals}'s first trick: a touch deals it"
                                        if "ranks" not in fields else f"Who leads round {self.deals}"))
            else:
                self.add_widget(caption("Who leads the first trick"))
            names = f.values(fields["first"])
            self.add_widget(grid([small(name_chip(n, n == self.first, self._lead, group="bon-first")) for n in names],
                                 cols=len(names)))
        self.size_hint_y = None if self.under_scoring else 1
        if self.under_scoring:
            self._fit()
            return
        self.add_widget(spacer())  # the entry keeps to the top

    def _ready(self) -> bool:
        fields = self.spec["fields"] if self.spec else {}
        return ("ranks" not in fields or len(self.order) == 3) and ("first" not in fields or bool(self.first))

    def _entered(self) -> None:
        """A touch that completes the entry sends it; any other shows what is entered so far."""
        if self._ready():
            self._go()
        if self.spec is not None:
            self._build()

    def _take(self, colour: str) -> None:
        if colour not in self.order:
            self.order.append(colour)
        if len(self.order) == 2:  # the token left is the bottom one
            self.order += [c for c in COLOURS if c not in self.order]
        self._entered()

    def _draw_all(self) -> None:
        self.order = _draw.sample(COLOURS, 3)
        self._entered()

    def _clear(self) -> None:
        self.order = []
        self._build()

    def _lead(self, name: str) -> None:
        self.first = name
        self._entered()

    def _go(self) -> None:
        action: dict[str, Any] = {"type": self.spec["type"]}
        if "ranks" in self.spec["fields"]:
            action["ranks"] = list(self.order)
        if "first" in self.spec["fields"]:
            action["first"] = self.first
        if self.act(action) is not None:
            self.order, self.first = [], None

    def cancel(self) -> str | None:
        if self.order or self.first:
            self.order, self.first = [], None
            if self.spec is not None:
                self._build()
            return "Cleared the rank stack and leader being entered"
        return None
