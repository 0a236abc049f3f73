"""Whether colour is never the only sign of who or which suit a thing is, for a player with a
colour-vision deficiency: B.O.N's suits (red, yellow, blue), Baon's suit colours and every player's
colour must be told apart by a viewer with protanopia, deuteranopia or tritanopia, and with normal
vision. Used beside tests/support/readable.py and placement.py by every screenshot a UI test takes.

What counts as an identity colour: a colour the program paints a suit or a player in (B.O.N's card
colours, Baon's suit colours, the seat palette, the colours of the players of the game on screen),
as painted or as lightened for words on the dark panels (companion.ui.styling.readable). Theme
colours (amber for "look here", green and red for good and bad news, white words) are not.

A thing on screen carries an identity colour when a widget is filled with it (a button's or a
panel's background, a rank token, a player's stripe: a Color before a filled shape on its canvas),
when a label's words are in it, or when a [color=] span of a label's markup is. What names it is
its own letters and symbols (a card "Red 8", a key "Lec", a name "Ann", "Player 2" with its
number; digits alone, punctuation and state marks such as the turn arrow or the winner's star say
nothing of who or which suit it is), or else, when it has none (a card "8", a score "12", a bar),
those of a label beside it in its group (its parent's widgets, then its grandparent's...): one in
the same identity colour (the player's name over their score and bar), or else the nearest in the
same row or column (a card pad's row name "Red").
A [color=] span without letters is named by the last name read before it in its label ("Ado 3 4":
the 4 is Adobo's, the suit being written only where it changes).

Each identity colour is rendered as each viewer sees it: Machado, Oliveira & Fernandes (2009) at
severity 1.0 for protan, deutan and tritan (colorspacious' "sRGB1+CVD" space, severity 100), and as
it is. Two things of different identities whose simulated colours lie closer than THRESHOLD in
CAM02-UCS (colorspacious' deltaE) and whose names are the same (both none included) fail: only
their colour would tell them apart, and that viewer cannot see it.

Cheap by design: the simulated colours are computed once per colour (a cache), a picture only
walks its widgets and compares the few identities it finds (a few ms for a full board)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import cached_property, lru_cache

import numpy as np
from colorspacious import cspace_convert
from kivy.graphics import BorderImage, Color, Ellipse, Rectangle, RoundedRectangle
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import get_color_from_hex

from companion.core.seats import PALETTE
from companion.games.baon.cards import COLOURS as BAON_COLOURS
from companion.ui.boards.bon.colours import FILL as BON_FILL, NAME as BON_NAME
from companion.ui.styling import readable
from tests.support.placement import shown
from tests.support.readable import plain_words

# ΔE' in CAM02-UCS under which two colours pass for one on the table: a chosen line, not a standard.
# One unit is about the smallest difference seen between two large patches side by side; a suit or
# a player is told from small words or a card across a dim table, at a glance, not side by side,
# so the line is many times that. For scale: B.O.N's red and yellow cards are 29 apart for a
# deuteranope (told apart by colour), Baon's red and brown 5, the seat palette's orange and
# vermilion lightened for words 12 (alike: their names must tell them apart).
THRESHOLD = 20.0
VIEWERS = {
    "protanopia": "protanomaly",
    "deuteranopia": "deuteranomaly",
    "tritanopia": "tritanomaly",
    "normal vision": None,
}
# Marks of a state (whose turn, who won, what is checked), the same for every suit and player.
STATE_MARKS = frozenset("▶◀★☆✓✗●○•·")
# White is the words' own colour: a player in white is told by the name beside, as all words are.
PLAIN = {(255, 255, 255)}
SPAN = re.compile(r"\[color=(#[0-9A-Fa-f]{6})[0-9A-Fa-f]{0,2}\](.*?)\[/color\]", re.S)
FILLS = (Rectangle, RoundedRectangle, BorderImage, Ellipse)

RGB = tuple[int, int, int]


def _rgb(colour) -> RGB:
    return _rgb_of(colour if isinstance(colour, str) else tuple(colour)[:3])


@lru_cache(maxsize=4096)
def _rgb_of(colour: str | tuple[float, ...]) -> RGB:
    if isinstance(colour, str):
        colour = tuple(get_color_from_hex(colour))
    return tuple(int(round(c * 255)) for c in colour[:3])  # type: ignore[return-value]


def _painted(hex_colour: str, name: str, out: dict[RGB, str]) -> None:
    """An identity colour as painted and as lightened for words on the dark panels."""
    for rgb in (_rgb(hex_colour), _rgb(readable(hex_colour))):
        if rgb not in PLAIN:
            out.setdefault(rgb, name)


@lru_cache(maxsize=1)
def _known() -> dict[RGB, str]:
    out: dict[RGB, str] = {}
    for key, fill in BON_FILL.items():
        if key != "pass":
            _painted("#%02X%02X%02X" % _rgb(fill), f"B.O.N's {BON_NAME[key]}", out)
    for name, hex_colour in BAON_COLOURS.items():
        _painted(hex_colour, f"Baon's {name} suit", out)
    for hex_colour in PALETTE:
        _painted(hex_colour, f"player colour {hex_colour}", out)
    return out


def identities(player_colours: Iterable[str] = ()) -> dict[RGB, str]:
    """Every identity colour (as shown) and what it is, the players of the game on screen added."""
    out = dict(_known())
    for hex_colour in player_colours:
        # A player's colour that is also a suit's is their colour on this screen.
        for rgb in (_rgb(hex_colour), _rgb(readable(hex_colour))):
            if rgb not in PLAIN:
                out[rgb] = f"player colour {hex_colour.upper()}"
    return out


_UCS: dict[tuple[RGB, str], np.ndarray] = {}


def _ucs(colours: Iterable[RGB], viewer: str) -> None:
    """CAM02-UCS coordinates of colours as this viewer sees them (sRGB clipped to what a screen
    shows), computed together (one conversion for many colours costs about what one costs)."""
    todo = [rgb for rgb in dict.fromkeys(colours) if (rgb, viewer) not in _UCS]
    if not todo:
        return
    srgb = np.array(todo, dtype=float) / 255
    cvd = VIEWERS[viewer]
    if cvd is not None:
        srgb = np.clip(cspace_convert(srgb, {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100}, "sRGB1"), 0, 1)
    for rgb, jab in zip(todo, cspace_convert(srgb, "sRGB1", "CAM02-UCS")):
        _UCS[(rgb, viewer)] = jab


def difference(a: RGB, b: RGB, viewer: str) -> float:
    """ΔE' (CAM02-UCS, colorspacious' deltaE: the distance in that space) between two colours as
    this viewer sees them."""
    if (a, viewer) not in _UCS or (b, viewer) not in _UCS:
        _ucs([a, b], viewer)
    return float(np.linalg.norm(_UCS[(a, viewer)] - _UCS[(b, viewer)]))


@lru_cache(maxsize=4096)
def name_of(text: str) -> str:
    """What in a thing's words says who or which suit it is ("Red 8" -> "red8", "Player 2" ->
    "player2"): its letters, symbols and digits, once it has a letter or a symbol; "" for digits
    alone (a card "8", a score "12": a value, not whose or which) and for state marks alone."""
    kept, named = [], False
    for ch in plain_words(text):
        if ch in STATE_MARKS:
            continue
        kind = unicodedata.category(ch)
        if kind[0] == "L" or kind == "So":
            named = True
            kept.append(ch)
        elif kind[0] == "N":
            kept.append(ch)
    return "".join(kept).casefold() if named else ""


class Mark:
    """One thing on screen in an identity colour. What names it is found only when asked: most
    pairs of colours on a screen are far apart for every viewer and need no name at all."""

    def __init__(self, identity: str, rgb: RGB, widget: Widget, own: str | None, known: dict[RGB, str],
                 words: str | None = None) -> None:
        self.identity = identity  # what the colour stands for ("B.O.N's Red", "player colour #E69F00")
        self.rgb = rgb  # the colour as shown
        self.widget, self.own, self.known, self.words = widget, own, known, words

    @cached_property
    def name(self) -> str:
        """name_of what it shows or, without letters, of what is beside it; "" when nothing names it."""
        own = name_of(_own_words(self.widget)) if self.own is None else self.own  # None: its words and its children's
        return own or _beside(self.widget, self.rgb, self.known)

    @property
    def shown(self) -> str:
        """How a message points at it."""
        return repr(self.words) if self.words is not None else _pointed(self.widget)


def _read_before(text: str) -> str:
    """The last name read before a span without letters, in the same words ("Ado 3 4": the 4 is
    Adobo's, as the suit is written only where it changes)."""
    names = [name_of(word) for word in plain_words(text).split()]
    return next((name for name in reversed(names) if name), "")


def _shown(widget: Widget) -> bool:
    """Drawn at all, and more than a sliver."""
    return widget.width > 1 and widget.height > 1 and shown(widget)


def _box(widget: Widget) -> tuple[float, float, float, float]:
    left, bottom = widget.to_window(widget.x, widget.y)
    return left, bottom, left + widget.width, bottom + widget.height


def _fills(widget: Widget) -> Iterator[RGB]:
    """The colours the widget fills shapes with (a background, a token, a stripe); not its words'
    texture (a Rectangle with a texture) nor its outlines."""
    for group in (widget.canvas.before, widget.canvas):
        colour = None
        for ins in group.children:
            if isinstance(ins, Color):
                colour = ins.rgba
            elif colour is not None and isinstance(ins, FILLS) and colour[3] > 0:
                if isinstance(widget, Label) and type(ins) is Rectangle and ins.texture is widget.texture:  # its words
                    continue
                yield _rgb(colour)


def _own_words(widget: Widget) -> str:
    """The words the widget shows, its children's included (a card panel's "Red 8")."""
    return " ".join(w.text for w in widget.walk(restrict=True)
                    if isinstance(w, Label) and isinstance(w.text, str) and w.text)


def _beside(widget: Widget, rgb: RGB | None, known: dict[RGB, str], levels: int = 3) -> str:
    """The name beside the widget in its group (its parent's widgets, then its grandparent's, up
    to `levels`): a label in the same identity colour anywhere there (the player's name over their
    score and bar), else the nearest label in the same row or column not in another identity colour
    (a card pad's row name), in the closest group that has one."""
    box = _box(widget)
    groups, group = [], widget
    for _ in range(levels):
        group = group.parent
        if not isinstance(group, Widget):
            break
        groups.append(group)
    if not groups:
        return ""
    nearest: list[tuple[int, float, str]] = []
    for other in groups[-1].walk(restrict=True):
        if other is widget or not isinstance(other, Label) or not _shown(other):
            continue
        if _inside(other, widget) or _inside(widget, other):
            continue
        name = name_of(other.text)
        if not name:
            continue
        colour = _rgb(other.color)
        if rgb is not None and colour in known and known[colour] == known[rgb]:
            return name
        if colour in known:
            continue
        o = _box(other)
        same_row = min(box[3], o[3]) - max(box[1], o[1]) > 0.5 * min(box[3] - box[1], o[3] - o[1])
        same_column = min(box[2], o[2]) - max(box[0], o[0]) > 0.5 * min(box[2] - box[0], o[2] - o[0])
        if same_row or same_column:
            level = next(i for i, g in enumerate(groups) if _inside(other, g))
            gap = max(o[0] - box[2], box[0] - o[2], 0) + max(o[1] - box[3], box[1] - o[3], 0)
            nearest.append((level, gap, name))
    return min(nearest)[2] if nearest else ""


def _inside(inner: Widget, outer: Widget) -> bool:
    w = inner.parent
    while isinstance(w, Widget):
        if w is outer:
            return True
        w = w.parent
    return False


def _pointed(widget: Widget) -> str:
    words = plain_words(_own_words(widget)).replace("\n", " ")
    return repr(words) if words else f"a {type(widget).__name__}"


def marks(widgets: Iterable[Widget], known: dict[RGB, str]) -> list[Mark]:
    """The things on screen in an identity colour."""
    out: list[Mark] = []
    for w in widgets:
        if not _shown(w):
            continue
        for rgb in dict.fromkeys(_fills(w)):
            if rgb in known:
                out.append(Mark(known[rgb], rgb, w, None, known))
        if not isinstance(w, Label) or not isinstance(w.text, str) or not plain_words(w.text):
            continue
        rgb = _rgb(w.color)
        if rgb in known:
            out.append(Mark(known[rgb], rgb, w, name_of(w.text), known))
        if w.markup and "[color=" in w.text:
            for span in SPAN.finditer(w.text):
                rgb, words = _rgb(span.group(1)), span.group(2)
                if rgb in known and plain_words(words):
                    own = name_of(words) or _read_before(w.text[:span.start()])
                    out.append(Mark(known[rgb], rgb, w, own, known, plain_words(words)))
    return out


def colour_only(widgets: Iterable[Widget], player_colours: Iterable[str] = ()) -> list[str]:
    """Pairs of things on screen of different suits or players that a viewer (protanopia,
    deuteranopia, tritanopia, or normal vision) sees in colours closer than THRESHOLD, with nothing
    but colour to tell them apart."""
    known = identities(player_colours)
    for viewer in VIEWERS:
        _ucs(known, viewer)
    shown: dict[tuple[str, RGB], list[Mark]] = {}
    for m in marks(widgets, known):
        shown.setdefault((m.identity, m.rgb), []).append(m)
    out, told = [], set()
    keys = sorted(shown)
    for i, (a, rgb_a) in enumerate(keys):
        for b, rgb_b in keys[i + 1:]:
            if a == b or (a, b) in told:
                continue
            alike = [(v, d) for v in VIEWERS if (d := difference(rgb_a, rgb_b, v)) < THRESHOLD]
            if not alike:
                continue
            names_a = {m.name: m for m in shown[(a, rgb_a)]}
            names_b = {m.name: m for m in shown[(b, rgb_b)]}
            common = sorted(names_a.keys() & names_b.keys())
            if not common:
                continue
            name = common[0]
            said = f"both named {name!r}" if name else "neither named by a letter, symbol or name"
            viewers = ", ".join(f"{v} (ΔE' {d:.1f})" for v, d in alike)
            out.append(f"{names_a[name].shown} ({a}) and {names_b[name].shown} ({b}) look alike with "
                       f"{viewers}, under {THRESHOLD:.0f} in CAM02-UCS, {said}")
            told.add((a, b))
    return out
