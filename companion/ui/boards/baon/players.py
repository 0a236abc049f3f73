"""One panel per player: score, favourite food, generosity, hand, tokens, and their baons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.scrollview import ScrollView
from kivy.uix.gridlayout import GridLayout

from companion.ui import theme
from companion.ui.boards.baon import words
from companion.ui.styling import hex_of, readable, symbol
from companion.ui.widgets import Panel, Text


class PlayerPanel(Panel):
    """A player's line; a touch on one of their baons says which (`on_baon(owner, container)`)."""

    def __init__(self, on_baon: Callable[[str, str], Any] | None = None, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, theme.GAP), spacing=2,
                         size_hint_y=None, **kwargs)
        self.head = Text(text="", markup=True)
        self.baons = Text(text="", markup=True)
        self.name = ""
        # A baon touched here is the baon chosen to add to: one touch instead of the menu's two.
        self.baons.bind(on_ref_press=lambda _w, ref: on_baon and on_baon(self.name, ref))
        self.add_widget(self.head)
        self.add_widget(self.baons)
        # A line never gives back a height it once needed in this game: the turn's mark and the
        # count in hand made the line above wrap and unwrap from turn to turn, and the baons, a
        # touch target, drifted 26-52 px under the finger (as did every panel below).
        # Only heights at the line's present width count: before its first layout a line is 100 px
        # wide, its words wrap at every word, and that height kept would push every line off screen.
        for part in (self.head, self.baons):
            part.bind(height=self._keep_tallest)
            part.bind(height=self._fit)
        self._tallest: dict[int, tuple[float, float]] = {}  # id(part) -> (width, tallest height at it)

    def _keep_tallest(self, part: Text, height: float) -> None:
        width, tallest = self._tallest.get(id(part), (part.width, 0.0))
        if width != part.width:  # wrapped anew at another width: what it needed before says nothing
            tallest = 0.0
        tallest = max(tallest, height)
        self._tallest[id(part)] = (part.width, tallest)
        if height < tallest:
            part.height = tallest

    def _fit(self, *_) -> None:
        self.height = self.head.height + self.baons.height + theme.GAP * 2 + 2

    def show(self, seat: dict[str, Any], record: dict[str, Any], score: int, turn: bool,
             table: dict[str, dict[str, Any]]) -> None:
        colour = hex_of(readable(seat["colour"]))
        mark = symbol("▶", colour) + " " if turn else ""
        parts = [f"{mark}[color={colour}][b]{seat['name']}[/b][/color]  [b]{score}[/b] pts"]
        fav = record["favourite"]
        if fav:
            parts.append(f"fav [color={words.suit_text_colour(table[fav]['hex'])}]{table[fav]['name']}[/color]")
        parts.append(f"{record['generosity']} gen")
        if record["hand"] is not None:
            parts.append(f"{record['hand']} in hand")
        if record["tokens"]:
            parts.append("[color=#FFB000]" + ", ".join(words.TOKEN_SHORT[t] for t in record["tokens"]) + "[/color]")
        self.head.text = " · ".join(parts)
        self.name = seat["name"]
        baons = [f"[ref={b['container']}]{words.baon_markup(b, table)}[/ref]" for b in record["baons"]]
        self.baons.text = "   ".join(baons) if baons else "[color=#C5CED8]no baon yet[/color]"
        self.background = theme.PANEL_LIGHT if turn else theme.PANEL


class PlayerList(ScrollView):
    """Every player's panel, in seat order; scrolls when baons fill more than the screen."""

    def __init__(self, on_baon: Callable[[str, str], Any] | None = None, **kwargs) -> None:
        super().__init__(do_scroll_x=False, **kwargs)
        self.on_baon = on_baon
        self.grid = GridLayout(cols=1, spacing=theme.GAP, size_hint_y=None)
        self.grid.bind(minimum_height=self.grid.setter("height"))
        self.add_widget(self.grid)
        self.panels: list[PlayerPanel] = []

    def show(self, view: dict[str, Any]) -> None:
        game = view["view"]
        seats = view["players"]
        while len(self.panels) < len(seats):
            panel = PlayerPanel(on_baon=self.on_baon)
            self.panels.append(panel)
            self.grid.add_widget(panel)
        table = words.suits(game)
        records = {p["name"]: p for p in game["players"]}
        for panel, seat in zip(self.panels, seats):
            name = seat["name"]
            panel.show(seat, records[name], view["scores"].get(name, 0), game["turn"] == name, table)
