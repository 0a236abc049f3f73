"""The effects that aim at cards: reveal, swap and turn face-down, by touching the card itself.

Every card of a player who may be targeted is shown in its place in the row; only the cards
the rules allow are live. A face-down card shows no value here either.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.stacklayout import StackLayout

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.boards.bonbon.parts import Act, Focus, Say
from companion.ui.kit import fields as f
from companion.ui.kit.layout import GAP, button, caption, grid, spacer
from companion.ui.kit.pad import value_grid
from companion.ui.widgets import BigButton

ASK = {
    "peek": "Reveal: tap another player's face-down card",
    "swap": "Swap: tap two cards of two different players",
    "hide": "Turn face-down: tap a face-up card",
}

NOT_A_TARGET = {  # one line on the message bar
    "peek": "Reveal: tap a face-down card of another player still in",
    "swap": "Swap: tap a card of a player still in the round",
    "hide": "Turn down: tap a face-up card of a player still in",
}


class CardButton(BigButton):
    """A card as a target: cream with its value when face-up, a chocolate back when face-down."""

    def __init__(self, ref: dict[str, Any], card: dict[str, Any], **kwargs) -> None:
        up = card["face"] == "up"
        super().__init__(
            text=str(card["value"]) if up else "",
            bold=True,
            font_size=theme.FONT_TITLE,
            size_hint=(None, None),
            width=theme.TOUCH,
            height=theme.TOUCH,
            background_color=words.CARD_FACE if up else words.CARD_BACK,
            color=words.CARD_INK if up else theme.TEXT,
            **kwargs,
        )
        self.ref = ref

    def select(self, on: bool) -> None:
        self.background_color = theme.ACCENT if on else self._normal
        self.color = theme.ACCENT_TEXT if on else self.color


class TargetPanel(BoxLayout):
    """Choose the card(s) for the effect on offer, or decline it."""

    def __init__(self, spec: dict[str, Any], decline: dict[str, Any] | None, players: list[dict[str, Any]],
                 colours: dict[str, list[float]], act: Act, focus: Focus, say: Say, who: str = "",
                 **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=GAP, **kwargs)
        self.focus = focus
        self.say = say
        self.spec = spec
        self.kind = spec["type"]
        self.decline = decline
        self.players = {p["name"]: p for p in players}
        self.colours = colours
        self.act = act
        self.targets = list(targets(spec))  # in seat and row order: the lines follow the table
        self.first: dict[str, Any] | None = None  # the swap's first card
        self.asking: dict[str, Any] | None = None  # the reveal's card whose value the table enters
        self.buttons: list[CardButton] = []
        # A reveal with one card it can take needs no touch to choose it: the pad asks that card's
        # value at once (the trial's goal for an effect card is three touches: kind, value, its value).
        self.implied = False
        if self.kind == "peek" and len(self.targets) == 1:
            only = {"player": self.targets[0][0], "card": self.targets[0][1]}
            if self._value_field(only) is not None:
                self.asking, self.implied = only, True
        # A swap starts with the swap card just played as its first card ("any two cards (including
        # this one)"): swapping it away is the common swap, and then the card it goes for is the
        # swap's only touch (three in all, with the card's kind and value). Another first card is
        # a touch on it instead; a touch on the swap card lets it go, for two other players' cards.
        self.first_implied: dict[str, Any] | None = None
        if self.kind == "swap" and who in self.players:
            played = {"player": who, "card": len(self.players[who]["cards"])}
            if (who, played["card"]) in self.targets:
                self.first = self.first_implied = played
        self.build()

    def build(self) -> None:
        self.clear_widgets()
        chosen = self.asking or self.first
        self.focus([(chosen["player"], chosen["card"])] if chosen else [])
        if self.asking:
            self._ask_value()
        else:
            self.add_widget(caption(self._ask(), bold=True))
            self.add_widget(self._picker())
        if self.decline:
            self.add_widget(grid([button(self.decline["label"], lambda: self.act({"type": "end_turn"}),
                                         font_size=theme.FONT_SMALL)], 1))

    def _ask(self) -> str:
        if self.kind == "swap" and self.first and self.first == self.first_implied:
            card = self.players[self.first["player"]]["cards"][self.first["card"] - 1]
            # Two lines, as the other asks: a third pushed the swapper's own cards out of sight.
            return (f"Swap {self.first['player']}'s swap card ({words.a_value(card['value'])}) with a card you "
                    "tap; tap it to let go")
        if self.kind == "swap" and self.first:
            card = self.players[self.first["player"]]["cards"][self.first["card"] - 1]
            what = "face-down" if card["face"] == "down" else words.a_value(card["value"])
            return (f"Swap {self.first['player']}'s card {self.first['card']} (from the left), {what}, "
                    "with a card of another player")
        return ASK[self.kind]

    def _picker(self) -> ScrollView:
        lines = GridLayout(cols=1, spacing=GAP, size_hint_y=None)
        lines.bind(minimum_height=lines.setter("height"))
        self.buttons = []
        owners = []
        for key in self.targets:
            if key[0] not in owners:
                owners.append(key[0])
        for name in owners:
            lines.add_widget(self._line(name))
        scroll = ScrollView(do_scroll_x=False, bar_width=6)
        scroll.add_widget(lines)
        return scroll

    def _line(self, name: str) -> BoxLayout:
        line = BoxLayout(spacing=GAP, size_hint_y=None, height=theme.TOUCH)
        label = Label(text=name, bold=True, font_size=theme.FONT_SMALL, color=self.colours[name], size_hint_x=None,
                      width=96, halign="left", valign="middle", shorten=True, shorten_from="right")
        label.bind(size=lambda w, *_: setattr(w, "text_size", w.size))
        line.add_widget(label)
        cards = StackLayout(spacing=GAP)
        for i, card in enumerate(self.players[name]["cards"]):
            ref = {"player": name, "card": i + 1}
            button = CardButton(ref, card)
            button.disabled = (name, i + 1) not in self.targets
            button.bind(on_release=lambda b: self._chose(b.ref))
            if self.first == ref:
                button.select(True)
            cards.add_widget(button)
            self.buttons.append(button)
        cards.bind(minimum_height=lambda w, h: setattr(line, "height", max(theme.TOUCH, h)))
        line.add_widget(cards)
        return line

    def card_touched(self, player: str, position: int | None) -> bool:
        """A card in a player's row: the same as its button here; any other card says what may be chosen."""
        if position is not None and (player, position) in self.targets:
            self._chose({"player": player, "card": position})
        else:
            self.say(NOT_A_TARGET[self.kind])
        return True

    def _chose(self, ref: dict[str, Any]) -> None:
        if self.kind == "hide":
            self.act({"type": "hide", **ref})
        elif self.kind == "peek":
            if self._value_field(ref) is not None:
                self.asking = ref
                self.build()
            else:
                self.act({"type": "peek", **ref})
        elif self.first is None or self.first["player"] == ref["player"]:
            # The first card of a swap, or a change of mind about it (tap it again to let it go).
            self.first = None if self.first == ref else ref
            self.build()
        else:
            self.act({"type": "swap", "cards": [self.first, ref]})

    def cancel_entry(self) -> str | None:
        if self.implied or (self.asking is None and self.first in (None, self.first_implied)):  # nothing chosen
            return None
        what = "Cleared the value being entered" if self.asking else "Cleared the swap's first card"
        self.asking, self.first = None, self.first_implied
        self.build()
        return what

    def _ask_value(self) -> None:
        ref = self.asking
        self.add_widget(caption(f"{ref['player']}'s card {ref['card']} (from the left) turns face-up. "
                                "Its value:", bold=True))
        # No Back when the card was the only one: there is nothing else to go back to.
        back = None if self.implied else self._back
        self.add_widget(value_grid(f.values(self._value_field(ref)), self._peeked, back=back))
        self.add_widget(spacer())

    def _value_field(self, ref: dict[str, Any]) -> dict[str, Any] | None:
        """The value a reveal card asks for this card: only one the table has not seen has to be entered."""
        value = self.spec["fields"].get("value")
        return f.resolve(value, ref) if value else None

    def _peeked(self, value: int) -> None:
        self.act({"type": "peek", **self.asking, "value": value})

    def _back(self) -> None:
        self.asking = None
        self.build()


def targets(spec: dict[str, Any]) -> list[tuple[str, int]]:
    """The cards an effect may take, (player, position from 1): a swap's one choice of cards, or a
    player's cards for the reveal and the turn-face-down card."""
    fields = spec["fields"]
    if "cards" in fields:
        return [(ref["player"], ref["card"]) for ref in f.values(fields["cards"])]
    return [(name, position) for name in f.cases(fields["card"])
            for position in f.values(f.resolve(fields["card"], {"player": name}))]
