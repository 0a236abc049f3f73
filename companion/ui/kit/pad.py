"""Value pads: one big button per value, in as many columns as a finger allows.

`value_grid` is a pad for one question. `ValuePad` is the pad of a whole entry of several steps
(a card's value, then the next card's, then a count): it shows every value any step may take, in
the same place from the first step to the last, and greys the ones a step does not take. A
second tap on the same spot always means the same value, or nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.kit import fields as f
from companion.ui.kit.layout import GAP, READABLE, button
from companion.ui.kit.measure import drawn_width
from companion.ui.widgets import BigButton


class ValueButton(BigButton):
    """A value: one or two digits on one line. Only a deck printed past 9 makes these narrower
    than a finger; the digits then shrink to fit instead of wrapping one under the other.

    With `words` (a font size) the value is a name ("BORROWED TIME"): it wraps between its words
    and steps down from that size until its longest word fits, never below `layout.READABLE`."""

    def __init__(self, value: Any = None, words: float | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.value = value
        self.words = words
        if words is None:
            self.bind(size=self._fit_digits, text_size=self._one_line)
        else:
            self.bind(size=self._fit_words)

    def _fit_digits(self, *_) -> None:
        self.font_size = min(theme.FONT_TITLE, self.width * 0.6)

    def _one_line(self, *_) -> None:
        if self.text_size[0] is not None:
            self.text_size = (None, None)

    def _fit_words(self, *_) -> None:
        room = max(1.0, self.width - WORD_MARGIN)
        assert self.words is not None
        # Lines break between words: the longest word is what must fit.
        widest = max(drawn_width(word, self.words, bold=True, markup=self.markup) for word in _words(self.text))
        self.font_size = max(READABLE, min(self.words, self.words * room / max(widest, 1)))
        self.text_size = (room, None)


WORD_MARGIN = 4  # px of a value button's width a name keeps clear of (2 each side)


def _words(text: str) -> list[str]:
    """The words of a button's text, markup tags kept on their words so they measure as drawn."""
    bare = text.replace("[b]", "").replace("[/b]", "")
    return [f"[b]{word}[/b]" for word in bare.split()] or [""]


class ValueGrid(GridLayout):
    """Value buttons in as many columns as asked, but never so many that a button gets narrower than
    a finger ("Back" on one line), unless that would take more rows than its panel has room for
    (a deck printed up to 20): the panel's height is the harder limit, a narrow button still works.

    With `fill` the grid takes the height its panel gives it and its rows share it (bigger targets
    where a board has the room); otherwise it is as tall as its finger-high rows."""

    def __init__(self, cells: list[Widget], cols: int, spacing: float, rows: int, fill: bool = False) -> None:
        super().__init__(cols=cols, spacing=spacing, size_hint_y=1 if fill else None)
        self.most = cols
        self.fill = fill
        self.fewest_cols = math.ceil(len(cells) / rows)
        for cell in cells:
            if fill:
                cell.size_hint_y = 1
            self.add_widget(cell)
        self._fit_height()
        self.bind(width=self._fit)  # once laid out: the width it has now is not yet its own

    def _fit(self, *_) -> None:
        gap = self.spacing[0]
        by_finger = max(1, min(self.most, int((self.width + gap) // (theme.TOUCH + gap))))
        self.cols = max(by_finger, self.fewest_cols)
        self._fit_height()

    def _fit_height(self) -> None:
        rows = max(1, math.ceil(len(self.children) / self.cols))
        if self.fill:
            # Never shorter than finger-high rows: a panel too small shows it, it does not squash it.
            self.size_hint_min_y = rows * theme.TOUCH + (rows - 1) * self.spacing[1]
            return
        self.height = rows * theme.TOUCH + (rows - 1) * self.spacing[1]


def _cell(value: Any, text: str, choose: Callable[[Any], Any], words: float | None = None) -> ValueButton:
    named = words is not None and not _is_number(value)
    cell = ValueButton(value, words=words if named else None, text=f"[b]{text}[/b]", markup=True,
                       font_size=words if named else theme.FONT_TITLE)
    cell.bind(on_release=lambda *_: choose(value))
    return cell


def value_button(value: int, choose: Callable[[int], Any]) -> ValueButton:
    """One value's big button, as value_grid makes them (for a pad that keeps its buttons)."""
    return _cell(value, str(value), choose)


def value_grid(values: list[int], choose: Callable[[int], Any], cols: int = 5,
               back: Callable[[], Any] | None = None, spacing: float = GAP, rows: int = 2) -> ValueGrid:
    """One big button per value (and Back in the last cell), in at most `rows` rows."""
    cells: list[Widget] = [_cell(v, str(v), choose) for v in values]
    if back:
        cells.append(button("Back", back, font_size=theme.FONT_SMALL))
    return ValueGrid(cells, cols, spacing, rows)


class ValuePad(ValueGrid):
    """The pad of one entry, built from the typed fields (choice or range JSON) its steps ask.

        pad = ValuePad([values_field, count_field], choose, back=undo_one)
        pad.offer(values_field, back=False)   # the first step: only the values, nothing to go back to
        pad.offer(count_field)                # a later step: only the counts, in the same places

    Every value of every field has its button from the start, in order; `offer` greys the ones the
    step does not take (disabled, never removed), so no button moves while the entry lasts.

    `labels` gives a value other words than its option's (a long name broken where it reads best,
    "BULLET-\nPROOF"); `words` (a font size) draws values that are names rather than numbers in
    that size, wrapped and fitted to the button (see ValueButton); `fill` as for ValueGrid.
    """

    def __init__(self, fields: Sequence[f.Field], choose: Callable[[Any], Any], *,
                 back: Callable[[], Any] | None = None, cols: int = 5, rows: int = 2, spacing: float = GAP,
                 labels: Mapping[Any, str] | None = None, words: float | None = None, fill: bool = False,
                 as_given: bool = False) -> None:
        self.buttons = {v: _cell(v, text, self._chose, words) for v, text in pad_buttons(fields, labels, as_given)}
        self.choose = choose
        self.back = button("Back", back, font_size=theme.FONT_SMALL) if back else None
        cells: list[Widget] = list(self.buttons.values()) + ([self.back] if self.back else [])
        super().__init__(cells, cols, spacing, rows, fill=fill)

    def offer(self, field: f.Field | None, chosen: f.Chosen | None = None, back: bool = True) -> None:
        """Take only the values `field` offers now (None: none); Back only while there is something to undo."""
        live = set(map(_key, f.values(field, chosen)))
        for value, cell in self.buttons.items():
            cell.disabled = _key(value) not in live
        if self.back is not None:
            self.back.disabled = not back

    def _chose(self, value: Any) -> None:
        if not self.buttons[value].disabled:
            self.choose(value)


def pad_buttons(fields: Sequence[f.Field], labels: Mapping[Any, str] | None = None,
                as_given: bool = False) -> list[tuple[Any, str]]:
    """The buttons a ValuePad of these fields has, in order: each value and its words. Two sets of
    fields with the same buttons (one player's three cards to reveal and the next one's two) are
    served by the same pad: offer() says which of them each step takes."""
    texts: dict[Any, str] = {}
    for field in fields:
        for value in f.every_value(field):
            texts.setdefault(value, f.label(field, value))
    texts.update({v: t for v, t in (labels or {}).items() if v in texts})
    # Numbers in order, unless the field's own order reads better (-1 before -9).
    order = list(texts) if as_given else sorted(texts, key=_order)
    return [(v, texts[v]) for v in order]


def _key(value: Any) -> Any:
    return (type(value).__name__, value)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _order(value: Any) -> tuple[int, Any]:
    """Numbers first, in order; anything else after, as given."""
    return (0, value) if _is_number(value) else (1, 0)
