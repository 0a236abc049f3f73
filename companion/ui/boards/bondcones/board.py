"""The BondCones board: both counting frames, the last roll and its demand, entry by touch, the tray."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.boards.base import Board
from companion.ui.boards.bondcones import words
from companion.ui.boards.bondcones.entry import EntryPanel
from companion.ui.boards.bondcones.frames import CountingFrame
from companion.ui.boards.bondcones.roll import RollPanel
from companion.ui.widgets import Text

TRAY_SECONDS = 3.0  # how often the tray's state is looked at while the board is on screen


class BondConesBoard(Board):
    """Reads only the session's public view; every touch goes through app.act()."""

    def __init__(self, app, session, **kwargs) -> None:
        super().__init__(app, session, spacing=theme.GAP, **kwargs)
        left = BoxLayout(orientation="vertical", size_hint_x=0.32, spacing=theme.GAP)
        self.frames = [CountingFrame(), CountingFrame()]
        for frame in self.frames:
            left.add_widget(frame)
        self.tray = Text(text="", markup=True, wrap=False, font_size=theme.FONT_SMALL, color=theme.MUTED,
                         size_hint_y=None, height=theme.FONT_SMALL * 1.2)
        left.add_widget(self.tray)
        self.add_widget(left)
        right = BoxLayout(orientation="vertical", spacing=theme.GAP)
        self.roll = RollPanel(size_hint_y=0.46)
        self.entry = EntryPanel(act=self.app.act, size_hint_y=0.54)
        right.add_widget(self.roll)
        right.add_widget(self.entry)
        self.add_widget(right)
        self._tray_event = None
        self.bind(parent=self._placed)

    def refresh(self, view: dict[str, Any]) -> None:
        game = view["view"]
        players = view["players"]
        colours = {p["name"]: words.readable(p["colour"]) for p in players}
        acting = view["expected"]["turn"]
        windows = {w["player"]: w for w in game["windows"]}
        for frame, player in zip(self.frames, players):
            name = player["name"]
            frame.show(player, game["sides"][name], game["target"], name == acting, windows.get(name))
        self.roll.show(view, colours)
        self.entry.show(view)
        self.show_tray()

    def show_tray(self, *_dt) -> None:
        """The dice tray's state, so the table knows whether to roll into it or tap the face."""
        self.tray.text = words.tray_markup(words.find_tray(self.app.device_statuses()))

    def _tick(self, _dt: float) -> None:
        if self.get_root_window() is not None:  # only while the play screen shows this board
            self.show_tray()

    def _placed(self, _board, parent) -> None:
        """Look at the tray every few seconds while the board is part of the play screen."""
        if parent is not None and self._tray_event is None:
            self._tray_event = Clock.schedule_interval(self._tick, TRAY_SECONDS)
        elif parent is None and self._tray_event is not None:
            self._tray_event.cancel()
            self._tray_event = None
