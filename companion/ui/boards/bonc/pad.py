"""The card pad: every card of the deck in one place that never moves, one touch per card.

Two of the kit's value pads built from the play action's typed card field: the numbers 0-8 in
three columns on the left, the wild cards in two on the right. A card with no copy left this deal
is greyed by its field; the whole pad is greyed while a card waits for a player, or the table
for a re-deal or the last stand: a quick second touch on the same spot then does nothing, never
something else. While someone else may BLOCK, the BLOCK card is drawn as the plain card of the
player on turn that it is then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.kit import fields as f
from companion.ui.kit.layout import GAP
from companion.ui.kit.pad import ValuePad
from companion.ui.widgets import Panel

# The long names broken where they read best, so they fit a button at 800x480 at a readable size.
BUTTON_TEXT = {"borrowed_time": "BORROWED\nTIME", "bulletproof": "BULLET-\nPROOF"}
ROWS = 4  # the wild cards' column: seven cards and an empty place
BLOCK = "[b]BLOCK[/b]"  # bold, as the pad's other cards
PLAIN_BLOCK = "[b]BLOCK[/b]\nas a card"  # while another player's BLOCK waits on their tile
NUMBERS_WIDTH = 3 * theme.TOUCH + 2 * GAP


class CardPad(Panel):
    """Built once from the card field (its cards never change during a game); `offer` greys."""

    def __init__(self, choose: Callable[[Any], Any], **kwargs) -> None:
        super().__init__(padding=2, **kwargs)
        self.choose = choose
        self.numbers: ValuePad | None = None
        self.wilds: ValuePad | None = None

    @property
    def buttons(self) -> dict[Any, Any]:
        """Every card's button, numbers first."""
        return {**(self.numbers.buttons if self.numbers else {}), **(self.wilds.buttons if self.wilds else {})}

    def build(self, card: dict[str, Any]) -> None:
        if self.numbers is not None:
            return
        row = BoxLayout(spacing=GAP)
        self.numbers = ValuePad([f.group(card, "number")], self.choose, cols=3, rows=3, fill=True)
        self.numbers.size_hint_x = None
        self.wilds = ValuePad([f.group(card, "wild")], self.choose, cols=2, rows=ROWS, fill=True,
                              labels=BUTTON_TEXT, words=theme.FONT)
        row.bind(width=self._share)
        self.show_block(None)
        row.add_widget(self.numbers)
        row.add_widget(self.wilds)
        self.add_widget(row)

    def show_block(self, turn_colour: list[float] | None) -> None:
        """The BLOCK card as what it is now. With nobody able to block: in BLOCK's own colour,
        the card that saves lives, played as a plain card here. While another player may block
        (on their tile, red as this was): a plain card of the player on turn, as the other wild
        cards are drawn but in that player's colour, saying so; two red BLOCKs on the screen at
        once read as two ways to block."""
        block = self.wilds.buttons.get("block") if self.wilds is not None else None
        if block is None:
            return
        plain = turn_colour is not None
        block.text = PLAIN_BLOCK if plain else BLOCK
        block.background_color = block._normal = theme.PANEL_LIGHT if plain else theme.DANGER
        block.color = turn_colour if plain else theme.ACCENT_TEXT  # greyed, as faint as the others
        block._fit_words()

    def _share(self, row: BoxLayout, width: float) -> None:
        """The numbers two fifths of the width, but never narrower than a finger: the names need the rest."""
        self.numbers.width = max(NUMBERS_WIDTH, (width - GAP) * 0.42)

    def offer(self, card: dict[str, Any] | None) -> None:
        """The cards this field takes now (greyed: out of this deal); None: the whole pad greyed."""
        for pad in (self.numbers, self.wilds):
            if pad is not None:
                pad.offer(card, back=False)
