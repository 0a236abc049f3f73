"""The final count on the board, line by line per player, so the table can check it with its own."""

from __future__ import annotations

from typing import Any

from kivy.uix.gridlayout import GridLayout

from companion.ui import theme
from companion.ui.widgets import PlainLabel
from companion.ui.styling import hex_of, readable

# The lines of view.scoring, as the board names them (short enough for a column of the sheet).
ROWS = (
    ("variety", "Variety"),
    ("generosity", "Generosity"),
    ("tokens", "Tokens"),
    ("food_both", "Food at 5"),
    ("food_one", "Food at 3"),
    ("food_neither", "Food at 1"),
    ("wilds", "Treats"),
)
ROW = theme.FONT * 1.15


def _cell(text: str, *, bold: bool = False, colour=None, align: str = "right") -> PlainLabel:
    cell = PlainLabel(text=text, markup=True, bold=bold, font_size=theme.FONT * 0.92, color=colour or theme.TEXT,
                 halign=align, valign="middle", size_hint_y=None, height=ROW, shorten=True)
    cell.bind(size=lambda w, *_: setattr(w, "text_size", w.size))
    return cell


class ScoreSheet(GridLayout):
    def __init__(self, **kwargs) -> None:
        super().__init__(cols=2, spacing=(theme.GAP, 0), size_hint_y=None, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.bind(width=lambda *_: setattr(self, "cols_minimum", {0: self.width * 0.4}))

    def show(self, view: dict[str, Any]) -> None:
        sheet = view["view"]["scoring"]
        colours = {p["name"]: readable(p["colour"]) for p in view["players"]}
        winners = set(view["view"]["winners"])
        self.clear_widgets()
        self.cols = 1 + len(sheet)
        # The line names need room; the players' columns share the rest.
        self.cols_minimum = {0: self.width * 0.4}
        self.add_widget(_cell("Score", bold=True, align="left"))
        for row in sheet:
            self.add_widget(_cell(row["player"], bold=True, colour=colours[row["player"]]))
        for key, name in ROWS:
            self.add_widget(_cell(name, colour=theme.MUTED, align="left"))
            for row in sheet:
                self.add_widget(_cell(str(row["lines"][key])))
        self.add_widget(_cell("Total", bold=True, align="left"))
        for row in sheet:
            mark = f"[color={hex_of(list(theme.ACCENT))}]{row['total']}[/color]" if row["player"] in winners \
                else str(row["total"])
            self.add_widget(_cell(mark, bold=True))
