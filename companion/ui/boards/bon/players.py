"""Tricks against the goal and the track, one line per player."""

from __future__ import annotations

from typing import Any

from kivy.uix.gridlayout import GridLayout

from companion.ui import theme
from companion.ui.widgets import Panel, Text


def _cell(text: str, colour: list[float] | None = None, bold: bool = False, align: str = "center") -> Text:
    return Text(text=text, wrap=False, bold=bold, color=colour or theme.TEXT, halign=align, shorten=True,
                markup=True, size_hint_y=None, height=theme.FONT * 1.4)


class PlayersPanel(Panel):
    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, theme.GAP), **kwargs)
        self.grid = GridLayout(cols=3, spacing=(theme.GAP, 0))
        self.add_widget(self.grid)

    def show(self, game: dict[str, Any], colours: dict[str, list[float]], turn: str | None) -> None:
        self.grid.clear_widgets()
        self.grid.add_widget(_cell("", align="left"))
        self.grid.add_widget(_cell("Tricks", theme.MUTED))
        self.grid.add_widget(_cell("Track", theme.MUTED))
        for p in game["players"]:
            name = p["name"]
            self.grid.add_widget(_cell(name, colours[name], bold=True, align="left"))
            # On the goal: green; past it: red (the exact-trick rule), with no trick yet: plain.
            tricks = p["tricks"]
            mark = theme.GOOD if tricks == p["goal"] else theme.DANGER if tricks > p["goal"] else theme.TEXT
            self.grid.add_widget(_cell(f"{tricks} / {p['goal']}", mark, bold=True))
            self.grid.add_widget(_cell(f"{p['track']} / {game['target']}", theme.ACCENT if p["track"] >= game["target"] else None,
                                       bold=True))
