"""The card pad: every card of the deck in one place that never moves, one touch per card; the
second touch a few cards need (who BORROWED TIME robs, who a BAND-AID helps); BLOCK's confirmation;
Deal again and No BLOCK."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.ui import theme
from companion.ui.widgets import BigButton, Panel, Text

Act = Callable[[dict[str, Any]], Any]

# The long names on two lines, so they fit a quarter of the pad at 800x480 at a readable size.
BUTTON_TEXT = {"borrowed_time": "BORROWED\nTIME", "bulletproof": "BULLET-\nPROOF"}


class CardPad(Panel):
    """Built from the legal actions' typed fields; every finished entry is one action through `act`."""

    def __init__(self, act: Act, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=4, spacing=theme.GAP, **kwargs)
        self.act = act
        self.entry: dict[str, Any] | None = None  # a card waiting for its player, or a BLOCK for its OK
        self.view: dict[str, Any] | None = None
        self.heading = Text(text="", bold=True, font_size=theme.FONT_SMALL, markup=True)
        self.add_widget(self.heading)
        self.body = BoxLayout(orientation="vertical", spacing=theme.GAP)
        self.add_widget(self.body)

    # -- what is shown ---------------------------------------------------------

    def show(self, view: dict[str, Any]) -> None:
        self.view = view
        self.entry = None
        self._draw()

    def _legal(self) -> dict[str, dict[str, Any]]:
        return {spec["type"]: spec for spec in (self.view or {}).get("expected", {}).get("legal", [])}

    def _draw(self) -> None:
        self.body.clear_widgets()
        # The cards need every pixel for four finger-high rows; the prompt above says whose turn.
        if self.heading.parent:
            self.remove_widget(self.heading)
        legal = self._legal()
        if self.entry and "block" in self.entry:
            self._confirm_block(self.entry["block"])
        elif self.entry:
            self._choose_player(legal["play"], self.entry)
        elif "play" in legal:
            self._cards(legal["play"])
            return
        elif "deal" in legal:
            self.heading.text = "Everyone is out of cards"
            self._button("Deal again", {"type": "deal"}, primary=True)
        elif "no_block" in legal:
            self.heading.text = "Last one standing, unless someone BLOCKS"
            self._button(legal["no_block"]["label"], {"type": "no_block"}, primary=True)
        else:
            self.heading.text = "The game is over"
            self.body.add_widget(BoxLayout())
        self.add_widget(self.heading, index=1)

    def _cards(self, spec: dict[str, Any]) -> None:
        """The numbers 0-8 in three rows on the left, the wild cards in two columns on the right:
        one touch per card, every card always in the same place."""
        row = BoxLayout(spacing=theme.GAP)
        numbers = GridLayout(cols=3, spacing=theme.GAP, size_hint_x=0.46)
        wilds = GridLayout(cols=2, spacing=theme.GAP, size_hint_x=0.54)
        for option in spec["fields"]["card"]["options"]:
            number = option.get("group") == "number"
            text = option["label"] if number else BUTTON_TEXT.get(option["value"], option["label"])
            button = BigButton(text=text, bold=True, height=theme.TOUCH, size_hint_y=1,
                               font_size=theme.FONT_TITLE if number else theme.FONT_SMALL,
                               disabled=option.get("enabled") is False)
            if option["value"] == "block":
                button.background_color = button._normal = theme.DANGER
                button.color = theme.ACCENT_TEXT
            # The names need the button's whole width ("BORROWED" is the widest word).
            button.bind(size=lambda b, size: setattr(b, "text_size", (size[0] - 4, None)))
            button.bind(on_release=lambda _b, card=option["value"]: self.card(card))
            (numbers if number else wilds).add_widget(button)
        row.add_widget(numbers)
        row.add_widget(wilds)
        self.body.add_widget(row)

    def _button(self, text: str, action: dict[str, Any], primary: bool = False) -> None:
        button = BigButton(text=text, bold=True, primary=primary, height=theme.TOUCH * 1.4)
        button.bind(on_release=lambda *_: self.act(action))
        self.body.add_widget(button)
        self.body.add_widget(BoxLayout())

    # -- second touches ------------------------------------------------------

    def card(self, card: Any) -> None:
        """A card touched: played at once, unless it needs a player (asked next)."""
        spec = self._legal().get("play")
        if spec is None:
            return
        needs = [name for name, f in spec["fields"].items()
                 if name != "card" and card in f.get("when", {}).get("card", [])]
        if not needs:
            self.act({"type": "play", "card": card})
            return
        self.entry = {"card": card, "field": needs[0]}
        self._draw()

    def _choose_player(self, spec: dict[str, Any], entry: dict[str, Any]) -> None:
        field = spec["fields"][entry["field"]]
        label = next(o["label"] for o in spec["fields"]["card"]["options"] if o["value"] == entry["card"])
        self.heading.text = f"{label}: {field['label'].lower()}?"
        grid = GridLayout(cols=2, spacing=theme.GAP)
        for option in field["options"]:
            if option.get("enabled") is False:
                continue
            button = BigButton(text=option["label"], bold=True, size_hint_y=1)
            button.bind(on_release=lambda _b, who=option["value"]: self._finish(who))
            grid.add_widget(button)
        if field.get("optional"):
            nobody = BigButton(text="Nobody", size_hint_y=1)
            nobody.bind(on_release=lambda *_: self._finish(None))
            grid.add_widget(nobody)
        cancel = BigButton(text="Cancel", size_hint_y=1, color=theme.MUTED)
        cancel.bind(on_release=lambda *_: self.cancel())
        grid.add_widget(cancel)
        self.body.add_widget(grid)

    def _finish(self, who: Any) -> None:
        entry = self.entry or {}
        action = {"type": "play", "card": entry["card"]}
        if who is not None:
            action[entry["field"]] = who
        self.entry = None
        if self.act(action) is None:
            self._draw()  # refused: the pad comes back as it was, the refusal is on screen

    def block(self, player: str) -> None:
        """The BLOCK under a player's lives: who; the button here then blocks (the second touch)."""
        self.entry = {"block": player}
        self._draw()

    def _confirm_block(self, player: str) -> None:
        attack = (self.view or {}).get("view", {}).get("attack") or {}
        took = next((h["lost"] for h in attack.get("hits", []) if h["player"] == player), 0)
        self.heading.text = f"{player} BLOCKS {attack.get('by', '')}'s {attack.get('label', '')}?"
        row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH * 1.6)
        go = BigButton(text=f"BLOCK\n{player} keeps {took}", bold=True, height=row.height,
                       background_color=theme.DANGER, color=theme.ACCENT_TEXT)
        go.bind(on_release=lambda *_: self._blocked(player))
        cancel = BigButton(text="Cancel", height=row.height)
        cancel.bind(on_release=lambda *_: self.cancel())
        row.add_widget(go)
        row.add_widget(cancel)
        self.body.add_widget(row)
        self.body.add_widget(BoxLayout())

    def _blocked(self, player: str) -> None:
        self.entry = None
        if self.act({"type": "block", "by": player}) is None:
            self._draw()

    def cancel(self) -> str | None:
        """Let go of a half-made entry; what was let go, or None."""
        if not self.entry:
            return None
        entry, self.entry = self.entry, None
        self._draw()
        return f"Cleared {entry['block']}'s BLOCK" if "block" in entry else "Cleared the card being entered"
