"""The round's scoring table, one line per player, each part in its own column to check against the cards."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.widgets import Panel, Text

# (heading, key, width weight); the name column comes first.
COLUMNS = (
    ("sets", "sets_points", 1.0),
    ("cards", "card_values", 1.0),
    ("tile", "tile_points", 1.0),
    ("total", "total", 1.15),
    ("played", "cards_played", 1.1),
    ("down", "face_down_cards", 1.0),
    ("token", "token", 1.0),
)
NAME_WEIGHT = 2.0


def _cell(text: str, weight: float, colour=None, bold: bool = False, size: float | None = None,
          halign: str = "center") -> Label:
    label = Label(text=text, markup=True, bold=bold, font_size=size or theme.FONT, color=colour or theme.TEXT,
                  size_hint_x=weight, halign=halign, valign="middle", shorten=True, shorten_from="right")
    label.bind(size=lambda w, *_: setattr(w, "text_size", w.size))
    return label


def cell_text(line: dict[str, Any], key: str) -> str:
    """One number of a line as the table prints it; the token as a filled ring."""
    if key == "token":
        return words.symbol("●") if line["token"] else ""
    if key == "tile_points" and line["tile"] is None:
        return "–"
    if key == "sets_points" and line["face_down_sets"]:
        runs = "+".join(str(r) for r in line["face_down_sets"])
        return f"{line[key]}[size={int(theme.FONT_SMALL * 0.8)}][color=#C5CED8] ({runs})[/color][/size]"
    return str(line[key])


class ScoringTable(Panel):
    """Who scored what this round, and who takes a bonbon token."""

    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, 6), spacing=2, **kwargs)

    def show(self, scoring: dict[str, Any], colours: dict[str, list[float]]) -> None:
        self.clear_widgets()
        title = f"Round {scoring['round']} scoring"
        reason = words.end_reason(scoring.get("end_reason"))
        self.add_widget(Text(text=f"[b]{title}[/b]  [color=#C5CED8]({reason})[/color]" if reason else title,
                             markup=True, wrap=False, size_hint_y=None, height=theme.FONT * 1.3,
                             font_size=theme.FONT_SMALL))
        head = BoxLayout(size_hint_y=None, height=theme.FONT_SMALL * 1.4)
        head.add_widget(_cell("", NAME_WEIGHT))
        for heading, _key, weight in COLUMNS:
            head.add_widget(_cell(heading, weight, theme.MUTED, size=theme.FONT_SMALL * 0.9))
        self.add_widget(head)
        lines = scoring["lines"]
        each = min(46.0, max(32.0, (self.height - 150) / max(1, len(lines))))
        for line in lines:
            self.add_widget(self._line(line, colours[line["player"]], each))
        self.add_widget(Text(text=words.decided(scoring), bold=True, color=theme.ACCENT, font_size=theme.FONT_SMALL))
        self.add_widget(Text(text="Sets: each set of face-down cards in a row scores its size less 1. "
                                  "Ties: most cards played (not zeros), then most face-down cards.",
                             color=theme.MUTED, font_size=theme.FONT_SMALL * 0.85))
        self.add_widget(BoxLayout())

    def _line(self, line: dict[str, Any], colour: list[float], height: float) -> Panel:
        row = Panel(size_hint_y=None, height=height, radius=6,
                    background=theme.PANEL_LIGHT if line["token"] else theme.PANEL)
        row.add_widget(_cell(line["player"], NAME_WEIGHT, colour, bold=True, halign="left"))
        if line["eliminated"]:
            row.add_widget(_cell("out: does not score", sum(w for _h, _k, w in COLUMNS), theme.DANGER, bold=True,
                                 size=theme.FONT_SMALL, halign="left"))
            return row
        for _heading, key, weight in COLUMNS:
            bold = key in ("total", "token")
            tint = theme.ACCENT if key == "token" else theme.TEXT
            row.add_widget(_cell(cell_text(line, key), weight, tint, bold=bold,
                                 size=theme.FONT_TITLE if key == "total" else theme.FONT))
        return row
