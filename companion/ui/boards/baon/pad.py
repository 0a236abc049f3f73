"""The card pad: a suit (or wild) then a value, at most two touches a card; the suit stays
chosen, so a run of one suit is one touch a card, and an entry starts on its container's suit
(the board frames it). The pad never moves while a move is entered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.ui import theme
from companion.ui.boards.baon import words
from companion.ui.kit.outline import Outline
from companion.ui.widgets import BigButton

VALUES = range(1, 13)
# Three rows of keys and the entry's buttons fit beside the players on an 800x480 screen only a
# little under the usual touch height; 48 px is still the guideline's finger.
KEY = max(dp(48), theme.TOUCH * 0.86)


class PadButton(BigButton):
    """A pad key: its text on one line (a suit's first letters), framed in white while chosen."""

    chosen = BooleanProperty(False)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.bind(size=lambda *_: setattr(self, "text_size", (None, None)))
        with self.canvas.after:
            self._frame = Outline(2.5, (1, 1, 1, 0))
        self.bind(pos=self._draw, size=self._draw, chosen=self._draw)

    def _draw(self, *_) -> None:
        self._frame.place("rectangle", self.x + 2, self.y + 2, self.width - 4, self.height - 4)
        self._frame.fade(1 if self.chosen else 0)


class CardPad(BoxLayout):
    def __init__(self, on_card: Callable[[str], None], **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=theme.GAP // 2, size_hint_y=None, **kwargs)
        self.on_card = on_card
        self.suit: str | None = None
        self.enabled: set[str] = set()
        self.containers: set[str] = set()  # while a baon's container is asked: the suits that may be it
        self.on_container: Callable[[str], None] | None = None
        self.on_suit: Callable[[str], None] | None = None  # told of a suit key touched for a card
        self.suit_row = GridLayout(rows=1, spacing=theme.GAP // 2, size_hint_y=None, height=KEY)
        self.values = GridLayout(cols=6, spacing=theme.GAP // 2, size_hint_y=None, height=KEY * 2 + theme.GAP // 2)
        self.add_widget(self.suit_row)
        self.add_widget(self.values)
        self.height = self.suit_row.height + self.values.height + theme.GAP // 2
        self.suit_buttons: dict[str, BigButton] = {}
        self.value_buttons: list[BigButton] = []
        for v in VALUES:
            button = PadButton(text=str(v), height=KEY)
            button.bind(on_release=lambda _b, v=v: self._value(v))
            self.value_buttons.append(button)
            self.values.add_widget(button)

    def offer_containers(self, field: dict[str, Any], table: dict[str, dict[str, Any]],
                         choose: Callable[[str], None]) -> None:
        """A baon's first step on the same pad: the suit keys choose its container (those of the
        empty ones), every value greyed; the container chosen is then the suit framed, so a second
        touch on the same key means the same suit, never something else."""
        self.offer({"options": []}, table)
        self.containers = {o["value"] for o in field["options"] if o.get("enabled", True)}
        self.on_container = choose
        self._paint()

    def offer(self, field: dict[str, Any], table: dict[str, dict[str, Any]]) -> None:
        """The cards a field offers now: a suit's button, a wild button, values greyed when laid."""
        self.on_container = None
        self.enabled = {o["value"] for o in field["options"] if o.get("enabled", True)}
        if list(self.suit_buttons) != list(table) + ["w"]:
            self.suit_row.clear_widgets()
            self.suit_buttons = {}
            for sid, suit in table.items():
                button = PadButton(text=suit["name"][:3], height=KEY, background_color=_rgba(suit["hex"]),
                                   color=words.on_colour(suit["hex"]), bold=True)
                button.bind(on_release=lambda _b, s=sid: self._suit(s))
                self.suit_buttons[sid] = button
                self.suit_row.add_widget(button)
            wild = PadButton(text="Wild", height=KEY)
            wild.bind(on_release=lambda _b: self._wild())
            self.suit_buttons["w"] = wild
            self.suit_row.add_widget(wild)
        if self.suit not in table:
            self.suit = None
        self._paint()

    def _paint(self) -> None:
        if self.on_container is not None:
            for sid, button in self.suit_buttons.items():
                button.disabled, button.chosen = sid not in self.containers, False
            for button in self.value_buttons:
                button.disabled = True
            return
        for sid, button in self.suit_buttons.items():
            button.disabled = sid == "w" and "w" not in self.enabled
            button.chosen = sid == self.suit
        for v, button in zip(VALUES, self.value_buttons):
            button.disabled = self.suit is None or f"{self.suit}{v}" not in self.enabled

    def _suit(self, sid: str) -> None:
        if self.on_container is not None:
            self.on_container(sid)
            return
        self.suit = sid
        self._paint()
        if self.on_suit is not None:
            self.on_suit(sid)

    def _wild(self) -> None:
        self.on_card("w")

    def _value(self, v: int) -> None:
        if self.suit is not None:
            self.on_card(f"{self.suit}{v}")
            self._paint()


def _rgba(hex_colour: str) -> list[float]:
    from kivy.utils import get_color_from_hex

    return list(get_color_from_hex(hex_colour))
