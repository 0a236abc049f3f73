"""The BondCones board: both counting frames, the last roll and its demand, entry by touch, the tray."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.boards.base import Board
from companion.ui.boards.bondcones import words
from companion.ui.boards.bondcones.entry import EntryPanel
from companion.ui.boards.bondcones.frames import CountingFrame
from companion.ui.boards.bondcones.roll import RollPanel
from companion.ui.widgets import Text



class BondConesBoard(Board):
    """Reads only the session's public view; every touch goes through act()."""

    def __init__(self, act, say, **kwargs) -> None:
        super().__init__(act, say, spacing=theme.GAP, **kwargs)
        # The frames take about a quarter of the width, "battle: 2 turns left" on one line at 800x480:
        # the capture entry needs the rest for five values a finger can hit beside captions and Done.
        left = BoxLayout(orientation="vertical", size_hint_x=0.27, spacing=theme.GAP)
        self.frames = [CountingFrame(even=self._even), CountingFrame(even=self._even)]
        for frame in self.frames:
            left.add_widget(frame)
        self.add_widget(left)
        right = BoxLayout(orientation="vertical", size_hint_x=0.73, spacing=theme.GAP)
        self.roll = RollPanel(size_hint_y=0.46)
        self.entry = EntryPanel(act=self.act, size_hint_y=0.54)
        right.add_widget(self.roll)
        right.add_widget(self.entry)
        # Under the entry, where the rolls are entered: whether to roll into the tray or tap the face.
        self.tray = Text(text="", markup=True, wrap=False, font_size=theme.FONT_SMALL, color=theme.MUTED,
                         size_hint_y=None, height=theme.FONT_SMALL * 1.2)
        right.add_widget(self.tray)
        self.add_widget(right)

    def refresh(self, view: dict[str, Any]) -> None:
        game = view["view"]
        players = view["players"]
        colours = {p["name"]: words.readable(p["colour"]) for p in players}
        acting = view["expected"]["turn"]
        windows = {w["player"]: w for w in game["windows"]}
        for frame, player in zip(self.frames, players):
            name = player["name"]
            frame.show(player, game["sides"][name], game["target"], name == acting, windows.get(name),
                       game["winner"])
        self.roll.show(view, colours)
        self.entry.show(view)

    def _even(self) -> None:
        """Both counting frames' numbers in one size: the size the tighter frame allows."""
        ready = [f for f in getattr(self, "frames", ()) if f.wanted]
        for frame in ready:
            frame.lay_out(min(f.wanted for f in ready))

    def show_devices(self, statuses) -> None:
        """The dice tray's state, so the table knows whether to roll into it or tap the face."""
        self.tray.text = words.tray_markup(words.find_tray(statuses))
