"""Whether a player can read what a screen shows from their seat: no words under 20 px (the
kit's READABLE, theme.FONT_SMALL), inline [size=] markup included, and no one-line label cut
short with "...", and no raw identifier of the program ("last_trick") where words belong. Used on
Kivy widgets rendered headless."""

from __future__ import annotations

import re
from collections.abc import Iterable

from kivy.core.text import Label as CoreLabel
from kivy.core.text.markup import MarkupLabel
from kivy.uix.label import Label

MIN_TEXT = 20
MARKUP_SIZE = re.compile(r"\[size=(\d+(?:\.\d+)?)(?:sp|dp|px)?\]")
MARKUP = re.compile(r"\[/?[^\]]*\]")
# A word with an underscore between letters is the program's name for something, not a player's.
IDENTIFIER = re.compile(r"\b[A-Za-z]+_[A-Za-z0-9_]*[A-Za-z0-9]\b")


def plain_words(text: str) -> str:
    """The words a player reads in a label's text: markup (sizes, colours, bold) taken out."""
    return MARKUP.sub("", text or "").strip()


def cut_short(label: Label) -> bool:
    """Whether a one-line label shows less than its whole text: Kivy's own verdict on what it drew
    (it shortens a pixel or two sooner than a measure of the text says, and may cut in the middle)."""
    if not label.shorten or not label.text.strip():
        return False
    label.texture_update()
    return label.is_shortened


def overflows(label: Label) -> bool:
    """Whether a label wrapped inside a box of fixed size has more lines than the box shows
    (the last ones are simply not drawn)."""
    width, height = label.text_size
    if label.shorten or width is None or height is None or not label.text.strip():
        return False
    core = (MarkupLabel if label.markup else CoreLabel)(
        text=label.text, font_size=label.font_size, bold=label.bold, font_name=label.font_name,
        text_size=(width - label.padding[0] - label.padding[2], None), halign=label.halign)
    core.refresh()
    return core.texture.height > height + 2


def raw_names(words: str) -> list[str]:
    """The program's names among a screen's words ("last_trick"); a file's path or a topic, which a
    maker reads and types as it is ("/var/lib/companion/companion.db"), is not one."""
    out = []
    for m in IDENTIFIER.finditer(words):
        before, after = words[m.start() - 1:m.start()], words[m.end():m.end() + 1]
        if before in ("/", ".", "\\") or after in ("/", ".", "\\"):
            continue
        out.append(m.group())
    return out


def unreadable(widgets: Iterable) -> list[str]:
    """What among `widgets` (those on screen) a player could not read whole."""
    out = []
    for w in widgets:
        if not isinstance(w, Label) or not w.text.strip() or w.width <= 1 or w.height <= 1:
            continue
        if w.font_size < MIN_TEXT - 0.5:
            out.append(f"{w.text!r} is {w.font_size:.0f} px")
        if w.markup:
            out += [f"{w.text!r} has words in {size} px" for size in MARKUP_SIZE.findall(w.text)
                    if float(size) < MIN_TEXT - 0.5]
        out += [f"{w.text!r} shows the program's name {raw!r}, not a player's words"
                for raw in raw_names(plain_words(w.text))]
        if cut_short(w):
            out.append(f"{w.text!r} is cut short in {w.width:.0f} px")
        elif overflows(w):
            out.append(f"{w.text!r} has more lines than its {w.height:.0f} px show")
    return out
