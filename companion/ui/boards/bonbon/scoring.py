"""The round's scoring table, one line per player, each part in its own column to check against the cards."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.kit.measure import drawn_width
from companion.ui.widgets import Panel, PlainLabel, Text

# (heading, key, width weight); the name column comes first.
COLUMNS = (
    ("sets", "sets_points", 1.25),  # the points, and under them how many sets: "1" over "2 sets"
    ("cards", "card_values", 1.0),
    ("tile", "tile_points", 1.0),
    ("total", "total", 1.15),
    ("played", "cards_played", 1.1),
    ("down", "face_down_cards", 1.0),
    ("tokens", "token", 1.2),
)
NAME_WEIGHT = 2.35
NAME_ROOM = 96  # px the name column may claim at 800x480 before the numbers' columns run short
NOTE = ("Sets: each set of face-down cards in a row scores its size less 1. "
        "Ties: most cards played (not zeros), then most face-down cards.")
# The widest words a column's cells print besides its heading: the count of sets under the points.
WIDEST = {"sets_points": "2 sets"}
MARGIN = 6  # px a column keeps beside its widest words
KIVY_MARGIN = 3  # Kivy shortens a one-line label a few px before its text reaches the edge
ROW = 46  # a line's height while the panel has room: a finger's width
TWO_LINES = 50  # a line whose sets cell prints the count of sets under the points, in 20 px words


def name_fit(name: str) -> tuple[float, float]:
    """A name's size in the table and the width its column keeps for it: the body size when it
    fits the room the numbers leave, else the small size; a longer name still ends in "..."."""
    for size in (theme.FONT, theme.FONT_SMALL):
        wanted = drawn_width(name, size, bold=True, markup=True) + MARGIN + KIVY_MARGIN
        if wanted <= NAME_ROOM:
            return size, wanted
    return theme.FONT_SMALL, NAME_ROOM


def least_widths() -> dict[str, float]:
    """Each column's narrowest width: its heading, and its widest cell, whole in 20 px words. At
    800x480 the columns get these first and share what is left by weight; at 1024x600 the weights rule."""
    return {key: max(drawn_width(heading, theme.FONT_SMALL, markup=True),
                    drawn_width(WIDEST.get(key, ""), theme.FONT_SMALL, markup=True))
            + MARGIN for heading, key, _weight in COLUMNS}


def _cell(text: str, weight: float, colour=None, bold: bool = False, size: float | None = None,
          halign: str = "center", shorten: bool = True, least: float = 0) -> PlainLabel:
    label = PlainLabel(text=text, markup=True, bold=bold, font_size=size or theme.FONT, color=colour or theme.TEXT,
                       size_hint_x=weight, size_hint_min_x=least, halign=halign, valign="middle", shorten=shorten,
                       shorten_from="right")
    label.bind(size=lambda w, *_: setattr(w, "text_size", w.size))
    return label


def rings(held: int, won: bool, to_win: int) -> str:
    """The tokens a player holds after the round; the one just won in amber."""
    old = held - 1 if won else held
    text = "●" * old + (f"[color={words.hex_of(theme.ACCENT)}]●[/color]" if won else "")
    text += f"[color={words.hex_of(theme.MUTED)}]{'○' * max(0, to_win - held)}[/color]"
    return words.symbol(text)


def cell_text(line: dict[str, Any], key: str) -> str:
    """One number of a line as the table prints it."""
    if key == "tile_points" and line["tile"] is None:
        return "–"
    return str(line[key])


def sets_text(line: dict[str, Any], height: float) -> tuple[str, float]:
    """The sets cell: the points from sets, and on a second line how many sets of face-down cards.

    Both lines in words a player reads from their seat, 20 px at least: a line with a count of sets is
    made tall enough for both (see ScoringTable._fit). The sizes of the sets ("2+1") beside the points
    were cut to "0(…" in a column this narrow, and told a player less.
    """
    points, sets = line["sets_points"], len(line["face_down_sets"])
    if not sets:
        return str(points), max(theme.FONT_SMALL, min(theme.FONT, height * 0.46))
    muted = words.hex_of(theme.MUTED)
    return f"{points}\n[color={muted}]{sets} set{'s' if sets > 1 else ''}[/color]", theme.FONT_SMALL


class ScoringTable(Panel):
    """Who scored what this round, and who takes a bonbon token.

    Its words are the same widgets from one round to the next (the title, the heading, each line's
    cells, the footnote): a cell whose words did not change is not drawn again. A new table at every
    round end drew some thirty words afresh, a few ms each, in the frame after the touch."""

    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(theme.PAD, 6), spacing=2, **kwargs)
        self.lines: list[Panel] = []
        self.kept_lines: list[ScoringLine] = []
        self.title = Text(text="", markup=True, font_size=theme.FONT_SMALL)
        self.decided = Text(text="", bold=True, color=theme.ACCENT, font_size=theme.FONT_SMALL)
        self.note = Text(text=NOTE, color=theme.MUTED, font_size=theme.FONT_SMALL)
        self.least = least_widths()
        self.head = BoxLayout(size_hint_y=None, height=theme.FONT_SMALL * 1.4)
        self.head_name = _cell("", NAME_WEIGHT)
        self.head.add_widget(self.head_name)
        for heading, key, weight in COLUMNS:
            self.head.add_widget(_cell(heading, weight, theme.MUTED, size=theme.FONT_SMALL, least=self.least[key]))
        self.rest = BoxLayout()
        self.least_row = 34.0  # px: a line's least height (see show)
        self.shown = False
        # The width too: the wrapped lines under the table are taller in a narrower panel.
        self.bind(size=self._fit)

    def show(self, scoring: dict[str, Any], colours: dict[str, list[float]], tokens: dict[str, int],
             to_win: int) -> None:
        self.clear_widgets()
        title = f"Round {scoring['round']} scoring"
        reason = words.end_reason(scoring.get("end_reason"))
        muted = words.hex_of(theme.MUTED)
        # The reason goes under the title when the line is too narrow for both: never cut short.
        self.title.text = f"[b]{title}[/b]  [color={muted}]({reason})[/color]" if reason else f"[b]{title}[/b]"
        self.add_widget(self.title)
        # One width for the name column in every line, so the numbers stand in columns.
        self.name_least = max(name_fit(line["player"])[1] for line in scoring["lines"])
        self.head_name.size_hint_min_x = self.name_least
        self.add_widget(self.head)
        self.make(len(scoring["lines"]))
        self.lines = self.kept_lines[:len(scoring["lines"])]
        for row, line in zip(self.lines, scoring["lines"]):
            row.show(line, colours[line["player"]], rings(tokens[line["player"]], line["token"], to_win),
                     self.name_least)
        # The total in its large size needs 34 px; a count of sets under the points, two lines of 20 px.
        two = any(line["face_down_sets"] and not line["eliminated"] for line in scoring["lines"])
        self.least_row = TWO_LINES if two else 34
        for row in self.lines:
            self.add_widget(row)
        self.decided.text = words.decided(scoring)
        self.add_widget(self.decided)
        self.add_widget(self.note)
        self.add_widget(self.rest)
        self.shown = True
        self._fit()

    def make(self, count: int) -> None:
        """At least `count` lines, made now (the board makes them ahead, kit/made_ahead.py)."""
        while len(self.kept_lines) < count:
            self.kept_lines.append(ScoringLine(self.least))

    def _fit(self, *_) -> None:
        """Lines as tall as the panel allows (a finger's width at most); the footnote goes first when
        short, then the title and the winner's line."""
        if not self.shown:
            return
        # Measure the wrapped lines at the width they will have in this panel, not the width they
        # have now. A text not laid out yet is 100 px wide, so many lines tall: when a game resumes
        # straight into its scoring table, the panel gets its final height before its children their
        # width, and a footnote taken out while too tall never got a width again. Fitted to those
        # heights, the rows stayed at their smallest and the footnote gone, as no height came after.
        inner = max(1.0, self.width - self.padding[0] - self.padding[2])
        for text in (self.title, self.decided, self.note):
            # Drawn again only when its words or width changed (every size of the panel fits it
            # again): drawn now, not once more on the next frame, which the change had asked for.
            if tuple(text.text_size) != (inner, None) or text._trigger_texture.is_triggered:
                text.text_size = (inner, None)
                text.texture_update()  # its height follows its texture at once
                text._trigger_texture.cancel()
        # Put back what an earlier, shorter panel took out, each in its place: the title on top,
        # the winner's line and the footnote under the lines (above the spacer).
        if not self.title.parent:
            self.add_widget(self.title, index=len(self.children))
        if not self.decided.parent:
            self.add_widget(self.decided, index=1)
        if not self.note.parent:
            self.add_widget(self.note, index=1)
        # When short, the footnote gives way to the lines first, then the title and the winner's
        # line (the top bar says both): six players' lines of two rows once pushed the table up
        # over the top bar's buttons.
        for gone in ((), (self.note,), (self.note, self.title), (self.note, self.title, self.decided)):
            for part in gone:
                if part.parent:
                    self.remove_widget(part)
            others = [w for w in self.children if w not in self.lines and w.size_hint_y is None]
            fixed = sum(w.height for w in others) + self.spacing * (len(self.children) - 1) + self.padding[1] * 2
            each = (self.height - fixed) / len(self.lines)
            if each >= self.least_row:
                break
        # Never shorter than its words: a table too tall for its panel loses the footnote, not the words.
        each = max(self.least_row, min(max(ROW, self.least_row), each))
        for row in self.lines:
            row.height = each


class ScoringLine(Panel):
    """One player's line of the table, its cells kept from one round to the next."""

    def __init__(self, least: dict[str, float]) -> None:
        super().__init__(size_hint_y=None, height=34, radius=6)
        self.line: dict[str, Any] = {}
        self.name = _cell("", NAME_WEIGHT, bold=True, halign="left")
        self.out = _cell("out: does not score", sum(w for _h, _k, w in COLUMNS[:-1]), theme.DANGER,
                         bold=True, size=theme.FONT_SMALL, halign="left",
                         least=sum(least[k] for _h, k, _w in COLUMNS[:-1]))
        # A shortened label is one line: the count goes under the points.
        self.sets = _cell("", COLUMNS[0][2], shorten=False, least=least[COLUMNS[0][1]])
        self.numbers = {key: _cell("", weight, bold=key == "total",
                                   size=theme.FONT_TITLE if key == "total" else theme.FONT, least=least[key])
                        for _heading, key, weight in COLUMNS[1:-1]}
        _heading, key, weight = COLUMNS[-1]
        self.held = _cell("", weight, least=least[key])
        self.bind(height=self._fit_sets)

    def show(self, line: dict[str, Any], colour: list[float], held: str, name_least: float) -> None:
        self.line = line
        self.background = theme.PANEL_LIGHT if line["token"] else theme.PANEL
        # A longer name ("Johanna") in the small size rather than cut short; the column keeps room for it.
        name = line["player"]
        size, _least = name_fit(name)
        self.name.text, self.name.color, self.name.font_size = name, colour, size
        self.name.size_hint_min_x = name_least
        cells = [self.name] + ([self.out] if line["eliminated"] else [self.sets, *self.numbers.values()]) + [self.held]
        if not line["eliminated"]:
            for key, cell in self.numbers.items():
                cell.text = cell_text(line, key)
            self._fit_sets()
        self.held.text = held
        if self.children[::-1] != cells:
            self.clear_widgets()
            for cell in cells:
                self.add_widget(cell)

    def _fit_sets(self, *_) -> None:
        if self.line and not self.line["eliminated"]:
            self.sets.text, self.sets.font_size = sets_text(self.line, self.height)
