"""How large Kivy draws some words, measured by its own text renderer, once a run.

Boards fit their words to the room they have (a long name steps down a size, a key's name wraps
between its words, a column widens for its widest cell), and a board being built measures the
same words again and again as its layout settles: a player's first touch of a new board waited
for dozens of Label widgets made only to be measured, each with its rules and its texture. A
core label measures the same words, drawn the same way, in a fraction of that, and words already
measured at a size are not measured again.
"""

from __future__ import annotations

from functools import lru_cache

from kivy.core.text import Label as CoreLabel
from kivy.core.text.markup import MarkupLabel


@lru_cache(maxsize=4096)
def drawn_size(text: str, font_size: float, *, bold: bool = False, markup: bool = False,
               width: float | None = None, font_name: str | None = None) -> tuple[int, int]:
    """The size of the texture a Label with these settings draws: on one line, or wrapped to
    `width` (as Label's text_size=(width, None)); (0, 0) for no words."""
    if not text:
        return (0, 0)  # as a Label shows no words (a core label would draw a 1x1 texture)
    options = {"font_size": font_size, "bold": bold}
    if font_name:
        options["font_name"] = font_name
    if width is not None:
        options["text_size"] = (width, None)
    if not markup and width is None and "\n" not in text:
        # One plain line: its extents are its texture's size, without drawing it.
        w, h = CoreLabel(**options).get_extents(text)
        return (int(w), int(h))
    label = (MarkupLabel if markup else CoreLabel)(text=text, **options)
    label.refresh()
    return tuple(label.texture.size) if label.texture is not None else (0, 0)


def drawn_width(text: str, font_size: float, *, bold: bool = False, markup: bool = False,
                font_name: str | None = None) -> float:
    """How wide these words are drawn on one line, in pixels."""
    return float(drawn_size(text, font_size, bold=bold, markup=markup, font_name=font_name)[0])
