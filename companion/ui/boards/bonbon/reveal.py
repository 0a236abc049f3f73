"""The end of a round: each player turns their face-down cards over and the table enters the values.

One player at a time (the first still waiting, or the one tapped), values left to right,
then the variety tile's count of illustrations if that player holds it.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui.boards.bonbon import parts, words
from companion.ui.boards.bonbon.parts import Act, Focus, Say


class RevealPanel(BoxLayout):
    def __init__(self, spec: dict[str, Any], players: list[dict[str, Any]], act: Act, focus: Focus, say: Say,
                 **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=parts.GAP, **kwargs)
        self.say = say
        self.waiting = {w["player"]: w for w in spec["fields"]["players"]}
        self.rows = {p["name"]: p.get("cards", []) for p in players}
        self.values_offered = list(spec["fields"]["value"])
        self.act = act
        self.focus = focus
        self.player = next(iter(self.waiting))
        self.values: list[int] = []
        self.build()

    def build(self) -> None:
        self.clear_widgets()
        need = self.waiting[self.player]
        counting = len(self.values) >= need["values"]
        # While a player's count of illustrations follows their values, the names give way: a long
        # count may need a third row of buttons at 800x480 (Back brings them back).
        if len(self.waiting) > 1 and not (counting and self.values):
            chips = [parts.name_chip(name, name == self.player, self._choose, f"bonbon-reveal-{id(self)}")
                     for name in self.waiting]
            self.add_widget(parts.grid(chips, min(3, len(chips))))
        so_far = f" Entered: {', '.join(str(v) for v in self.values)}." if self.values else ""
        back = self._back if self.values else None
        if not counting:
            # Every back in the row, as the table counts them, the ones the app knows too.
            count = max(need["values"], len(self._down()))
            # Named by its place in the row, as the zero and the reveal card name theirs, and framed on
            # the board: counting only the cards still to enter named another card than the table saw.
            position = need["cards"][len(self.values)]
            self.add_widget(parts.caption(
                f"{self.player} turns over {count} face-down card{'s' if count > 1 else ''}, left to right"
                f"{self._known(need)}.{so_far} Card {position} (from the left) shows:", bold=True))
            self.add_widget(parts.value_grid(self.values_offered, self._value, back=back))
            self.focus([(self.player, position)])
        else:
            self.add_widget(parts.caption(
                f"{self.player} holds the {words.TILE_SHORT['variety']} tile: how many different "
                f"illustrations among their cards (not zeros)?{so_far}", bold=True))
            self.add_widget(parts.value_grid(list(range(need["variety_max"] + 1)), self._variety, cols=6, back=back, rows=3))
            self.focus([])
        self.add_widget(parts.spacer())

    def _known(self, need: dict[str, Any]) -> str:
        """The player's other face-down cards: turned face-down in play, so the table saw them and the app
        remembers them; said, so that nobody wonders why the count skips them."""
        known = [str(p) for p in self._down() if p not in need["cards"]]
        if not known:
            return ""
        return f" (card{'s' if len(known) > 1 else ''} {', '.join(known)} seen face-up: not asked)"

    def _down(self) -> list[int]:
        return [i + 1 for i, card in enumerate(self.rows.get(self.player, [])) if card["face"] == "down"]

    def card_touched(self, player: str, position: int | None) -> bool:
        """A player's row: choose that player, as their name here does (values still go left to right)."""
        if player in self.waiting:
            self._choose(player)
        else:
            self.say(f"{player} has nothing left to turn over")
        return True

    def cancel_entry(self) -> str | None:
        if not self.values:
            return None
        self.values = []
        self.build()
        return f"Cleared the values {self.player} was entering"

    def _choose(self, name: str) -> None:
        if name != self.player:
            self.player, self.values = name, []
            self.build()

    def _value(self, value: int) -> None:
        self.values.append(value)
        need = self.waiting[self.player]
        if len(self.values) == need["values"] and not need["variety"]:
            self._send(None)
        else:
            self.build()

    def _variety(self, count: int) -> None:
        self._send(count)

    def _send(self, variety: int | None) -> None:
        action: dict[str, Any] = {"type": "reveal", "player": self.player, "values": list(self.values)}
        if variety is not None:
            action["variety"] = variety
        if self.act(action) is None:
            self.values = []  # refused: the toast says why; enter this player's cards again
            self.build()

    def _back(self) -> None:
        self.values.pop()
        self.build()
