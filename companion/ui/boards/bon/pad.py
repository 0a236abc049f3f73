"""The card pad: every card of the deck in colour rows, those that can no longer be on the table
greyed in place (the pad never moves), the dial's card framed. One touch enters a card; one on a
greyed card says why it cannot be played."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.ui import theme
from companion.ui.boards.bon.colours import FILL, INK, NAME, of_card
from companion.ui.boards.bon.text import SMALL
from companion.ui.kit import fields as f
from companion.ui.kit.layout import GAP
from companion.ui.widgets import BigButton, Text

GREYED = 0.22  # a card out of play stays where it is, faint


class CardButton(BigButton):
    def __init__(self, card: str, text: str, **kwargs: Any) -> None:
        key = of_card(card)
        super().__init__(text=text, bold=True, font_size=theme.FONT_TITLE, background_color=FILL[key],
                         color=INK[key], background_disabled_normal="", disabled_color=INK[key], **kwargs)
        self.card = card
        self.colour = FILL[key]
        self.plain = text
        self.markup = True
        self.greyed = False

    def show(self, enabled: bool, pointed: bool) -> None:
        # Greyed, not disabled: a touch on a card that cannot be on the table is told why by the
        # rules ("Red 8 was already played this round: Bill played it in trick 1"), never ignored.
        self.greyed = not enabled
        self.opacity = 1 if enabled else GREYED
        # The dial's card: white and underlined, unlike any card colour (amber would pass for yellow).
        self.background_color = theme.TEXT if pointed else self.colour
        self.color = theme.ACCENT_TEXT if pointed else INK[of_card(self.card)]
        self.text = f"[u]{self.plain}[/u]" if pointed else self.plain


class CardPad(BoxLayout):
    """Built for one deck (the field's cards); `show` greys and frames, `choose(card)` on a touch."""

    def __init__(self, field: dict[str, Any], choose: Callable[[str], Any], **kwargs: Any) -> None:
        super().__init__(spacing=GAP, **kwargs)
        self.choose = choose
        self.buttons: dict[str, CardButton] = {}
        cards = f.every_value(field)
        coloured = [c for c in cards if c != "pass"]
        per_row = len(coloured) // 3
        rows = GridLayout(cols=per_row + 1, spacing=GAP)
        for i, card in enumerate(coloured):
            if i % per_row == 0:
                rows.add_widget(Text(text=NAME[of_card(card)], wrap=False, bold=True, font_size=SMALL,
                                     color=theme.MUTED, size_hint=(None, 1), width=64))
            # As tall as the pad allows (a finger at least): the rows fill the height beside Pass.
            rows.add_widget(self._button(card, card.split("-", 1)[1], size_hint_y=1))
        self.add_widget(rows)
        self.pass_button = self._button("pass", "Pass", size_hint_x=None, size_hint_y=1, width=96)
        self.add_widget(self.pass_button)
        self.signature = tuple(cards)

    def _button(self, card: str, text: str, **kwargs: Any) -> CardButton:
        button = CardButton(card, text, **kwargs)
        button.bind(on_release=lambda b: self.choose(b.card))
        self.buttons[card] = button
        return button

    def show(self, field: dict[str, Any], highlighted: str | None) -> None:
        live = set(f.values(field))
        for card, button in self.buttons.items():
            button.show(card in live, card == highlighted)
