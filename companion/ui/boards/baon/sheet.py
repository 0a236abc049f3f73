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
    """Its cells kept from one showing to the next (a game's end undone and redone, or shown
    again after the table is switched back on): each is only given its words, which it draws
    again only when they changed, where making the sheet's three dozen labels anew took most of
    the frame after the touch that ended the game."""

    def __init__(self, **kwargs) -> None:
        super().__init__(cols=2, spacing=(theme.GAP, 0), size_hint_y=None, **kwargs)
        self.kept: list[PlainLabel] = []
        self.bind(minimum_height=self.setter("height"))
        self.bind(width=lambda *_: setattr(self, "cols_minimum", {0: self.width * 0.4}))

    def make(self, columns: int) -> None:
        """The cells of at least this many columns, made now (the board makes them ahead)."""
        while len(self.kept) < columns * (len(ROWS) + 2):
            self.kept.append(_cell(""))

    def show(self, view: dict[str, Any]) -> None:
        sheet = view["view"]["scoring"]
        colours = {p["name"]: readable(p["colour"]) for p in view["players"]}
        winners = set(view["view"]["winners"])
        # Each cell's words, whether bold, its colour and its side, row by row.
        wanted = [("Score", True, None, "left")]
        wanted += [(row["player"], True, colours[row["player"]], "right") for row in sheet]
        for key, name in ROWS:
            wanted.append((name, False, theme.MUTED, "left"))
            wanted += [(str(row["lines"][key]), False, None, "right") for row in sheet]
        wanted.append(("Total", True, None, "left"))
        wanted += [(f"[color={hex_of(list(theme.ACCENT))}]{row['total']}[/color]" if row["player"] in winners
                    else str(row["total"]), True, None, "right") for row in sheet]
        self.cols = 1 + len(sheet)
        # The line names need room; the players' columns share the rest.
        self.cols_minimum = {0: self.width * 0.4}
        self.make(self.cols)
        cells = self.kept[:len(wanted)]
        for cell, (text, bold, colour, align) in zip(cells, wanted):
            cell.text, cell.bold, cell.color, cell.halign = text, bold, colour or theme.TEXT, align
        if self.children[::-1] != cells:
            self.clear_widgets()
            for cell in cells:
                self.add_widget(cell)
