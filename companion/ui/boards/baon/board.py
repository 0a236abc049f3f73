"""The Baon board: the four majorities and the pile along the top; the players and their baons
on the left; the entry of the next move on the right."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.boards.base import Board
from companion.ui.boards.baon import words
from companion.ui.boards.baon.entry import Entry
from companion.ui.boards.baon.players import PlayerList
from companion.ui.kit.made_ahead import ahead
from companion.ui.widgets import Panel, PlainLabel

STRIP = theme.FONT * 3.4  # three lines of the strip's boxes


class StripBox(Panel):
    """Three short lines, each cut short rather than wrapped, so the strip never grows."""

    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.GAP, 4), **kwargs)
        self.touched = None  # a token's box: told of a touch on it (the touch guard's control too)
        self.lines = []
        for _ in range(3):
            line = PlainLabel(text="", markup=True, font_size=theme.FONT * 0.92, color=theme.TEXT,
                              halign="left", valign="middle", shorten=True, shorten_from="right")
            line.bind(size=lambda w, *_: setattr(w, "text_size", w.size))
            self.lines.append(line)
            self.add_widget(line)

    def on_touch_down(self, touch) -> bool:
        if self.touched is not None and self.collide_point(*touch.pos):
            self.touched()
            return True
        return super().on_touch_down(touch)

    def show(self, text: str) -> None:
        for line, words_ in zip(self.lines, text.split("\n") + ["", "", ""]):
            line.text = words_


class BaonBoard(Board):
    """Reads only the session's public view; every touch goes through act()."""

    def __init__(self, act, say, **kwargs) -> None:
        super().__init__(act, say, orientation="vertical", spacing=theme.GAP, **kwargs)
        self.strip = strip = BoxLayout(size_hint_y=None, height=STRIP, spacing=theme.GAP)
        self.tokens = [StripBox() for _ in range(4)]
        for box in self.tokens:  # a token the player could claim is claimed by a touch on it
            box.touched = lambda box=box: self._token_touched(box.token)
            box.token = None
        # The countertop's stacks may reach two digits each: its box is a little wider.
        self.counter = StripBox(size_hint_x=1.2)
        for box in (*self.tokens, self.counter):
            strip.add_widget(box)
        self.add_widget(strip)
        below = BoxLayout(spacing=theme.GAP)
        self.entry = Entry(act=self.act, size_hint_x=0.5)
        self.players = PlayerList(on_baon=self._baon_touched, size_hint_x=0.5)
        below.add_widget(self.players)
        below.add_widget(self.entry)
        self.add_widget(below)
        self.sheet_ahead = False  # the score sheet's cells asked for ahead of the game's end

    def refresh(self, view: dict[str, Any]) -> None:
        game = view["view"]
        if not self.sheet_ahead:
            # The score sheet's cells, a column a frame in the frames after the game's first
            # showing: the touch that ends the game then only gives them their words.
            self.sheet_ahead = True
            columns = len(view["players"]) + 1
            ahead(self, [lambda board, c=c: board.entry.sheet.make(c) for c in range(1, columns + 1)])
        self.players.show(view)
        for box, m in zip(self.tokens, game["majorities"]):
            box.token = m["token"]
            box.show(words.token_box(m, m["token"] in game["claimable"]))
            # The token a player could claim right now stands out.
            box.background = theme.PANEL_LIGHT if m["token"] in game["claimable"] else theme.PANEL
        self.counter.show(words.counter_box(game))
        # Once the game is over the score sheet needs the room; the tokens held are on each panel.
        over = view["result"] is not None
        self.strip.height, self.strip.opacity = (0, 0) if over else (STRIP, 1)
        self.entry.show(view)

    def _baon_touched(self, owner: str, container: str) -> None:
        """A baon touched in a player's line: cards to add to it, as if chosen from Add to a baon."""
        refused = self.entry.add_to(owner, container)
        if refused:
            self.say(refused)

    def _token_touched(self, token: str | None) -> None:
        refused = self.entry.claim(token) if token else None
        if refused:
            self.say(refused)

    def cancel_entry(self) -> str | None:
        return self.entry.cancel()
