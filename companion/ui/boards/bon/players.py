"""Tricks against the goal and the track, one line per player."""

from __future__ import annotations

from typing import Any

from kivy.uix.gridlayout import GridLayout

from companion.ui import theme
from companion.ui.boards.bon.text import SMALL, line_height
from companion.ui.kit.kept import in_place
from companion.ui.styling import symbol
from companion.ui.widgets import Panel, Text

DANGER_HEX = "ff6b6b"  # theme.DANGER, as markup wants it


def _cell(text: str, colour: list[float] | None = None, bold: bool = False, align: str = "center") -> Text:
    return Text(text=text, wrap=False, bold=bold, color=colour or theme.TEXT, halign=align, shorten=True,
                markup=True, size_hint_y=None, height=line_height(theme.FONT))


class PlayersPanel(Panel):
    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, theme.GAP), **kwargs)
        self.grid = GridLayout(cols=3, spacing=(theme.GAP, 0), size_hint_y=None)
        self._cells: list[Text] = []
        self.add_widget(self.grid)
        self.add_widget(Panel(background=(0, 0, 0, 0)))  # the room left over stays under the rows
        self.bind(height=self._fit)

    def show(self, game: dict[str, Any], colours: dict[str, list[float]], turn: str | None) -> None:
        rows: list[tuple[str, list[float] | None, bool, str]] = [
            ("", None, False, "left"), ("Tricks", theme.MUTED, False, "center"), ("Track", theme.MUTED, False, "center")]
        failed = {r["player"] for r in game["revokes"]}
        for p in game["players"]:
            name = p["name"]
            # A failure to follow proved this round stays marked by the name once its news has passed.
            mark = " " + symbol("✗", DANGER_HEX) if name in failed else ""
            rows.append((name + mark, colours[name], True, "left"))
            # On the goal: green; past it: red (the exact-trick rule), with no trick yet: plain.
            tricks = p["tricks"]
            mark = theme.GOOD if tricks == p["goal"] else theme.DANGER if tricks > p["goal"] else theme.TEXT
            rows.append((f"{tricks} / {p['goal']}", mark, True, "center"))
            rows.append((f"{p['track']} / {game['target']}", theme.ACCENT if p["track"] >= game["target"] else None,
                         True, "center"))
        # The same cells from move to move, their words changed in place: new cells at every move
        # left the old ones to the garbage collector, whose passes made the frames after a touch late.
        cells = in_place(self.grid, self._cells, len(rows), lambda: _cell(""))
        for cell, (text, colour, bold, align) in zip(cells, rows):
            cell.text, cell.color, cell.bold, cell.halign = text, colour or theme.TEXT, bold, align
        self._fit()

    def _fit(self, *_) -> None:
        """Five players and the heading fit the panel at 800x480 too: rows shrink, words stay 20 px or more."""
        cells = self.grid.children
        rows = len(cells) // 3
        if not rows:
            return
        each = max(line_height(SMALL) * 0.9, min(line_height(theme.FONT), (self.height - 2 * self.padding[1]) / rows))
        size = theme.FONT if each >= line_height(theme.FONT) else SMALL
        for cell in cells:
            cell.height, cell.font_size = each, size
        self.grid.height = each * rows
