"""Whether what a screen shows stands clear: no visible label or button drawn over another one it
does not belong to, and none partly outside the screen. Used beside tests/support/readable.py on
Kivy widgets rendered headless, by every screenshot a UI test takes.

What is compared is what a player sees: a button's whole box (its background is drawn there), a
label's ink (Kivy draws a label's texture centred in its box, and the letters take only part of
that texture: a label wider than its words, or a big number's room for accents above its digits,
is not drawn over anything), both cut to what a scrolling list (any StencilView) shows.
A widget inside another (a button's own label, a row's name inside the row button) belongs to it.
A scrolling list's bar, where one is drawn, lies over nothing: its track (the whole edge it slides
along) is kept clear of the list's words and buttons.
Widgets of different layers (a dialog over the screen under it) are not compared: a dialog covers
the screen on purpose."""

from __future__ import annotations

from collections.abc import Iterable

from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.stencilview import StencilView
from kivy.uix.widget import Widget

from tests.support.readable import plain_words

# px: boxes that share an edge or meet by rounding stand clear, and so do a label's few pixels of
# line space above and below its letters (a name over a big number meet there by 2 px, unseen).
TOLERANCE = 3.0

Box = tuple[float, float, float, float]  # left, bottom, right, top in window pixels


def _window_box(widget: Widget, x: float, y: float, width: float, height: float) -> Box:
    left, bottom = widget.to_window(x, y)
    return (left, bottom, left + width, bottom + height)


def _intersect(a: Box, b: Box) -> Box | None:
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[2] - box[0] > TOLERANCE and box[3] - box[1] > TOLERANCE else None


def shown(widget: Widget) -> bool:
    """Whether the widget and everything it is inside are drawn at all."""
    if widget.get_root_window() is None:
        return False
    w = widget
    while isinstance(w, Widget):
        if w.opacity <= 0:
            return False
        w = w.parent
    return True


def drawn_box(widget: Widget) -> Box | None:
    """Where the widget shows, in window pixels, cut to the scrolling lists it is in; None when
    nothing of it shows (scrolled away, hidden, or empty)."""
    if isinstance(widget, ButtonBehavior):
        box = _window_box(widget, widget.x, widget.y, widget.width, widget.height)
    else:
        widget.texture_update()
        tw, th = widget.texture_size
        ink = _ink(widget.texture)
        if ink is None:
            return None
        left, bottom, right, top = ink
        x0, y0 = widget.center_x - tw / 2, widget.center_y - th / 2
        box = _window_box(widget, x0 + left, y0 + bottom, right - left, top - bottom)
    parent = widget.parent
    while isinstance(parent, Widget):
        if isinstance(parent, StencilView):
            box = _intersect(box, _window_box(parent, parent.x, parent.y, parent.width, parent.height))
            if box is None:
                return None
        parent = parent.parent
    return box


def _ink(texture) -> Box | None:
    """Where a label's texture has any pixel drawn, in its own pixels from the lower left."""
    if texture is None:
        return None
    w, h = texture.size
    pixels = texture.pixels
    alpha_rows = [y for y in range(h) if any(pixels[y * w * 4 + 3:(y + 1) * w * 4:4])]
    if not alpha_rows:
        return None
    columns = [x for x in range(w) if any(pixels[x * 4 + 3::w * 4])]
    first, last = alpha_rows[0], alpha_rows[-1] + 1
    # A label's texture is stored top row first (drawn flipped): its row 0 is the top.
    bottom, top = (h - last, h - first) if texture.uvsize[1] < 0 else (first, last)
    return (columns[0], bottom, columns[-1] + 1, top)


def _counts(widget: Widget) -> bool:
    """A widget a player reads or touches: a button, or a label with words."""
    if widget.width <= 1 or widget.height <= 1 or not shown(widget):
        return False
    if isinstance(widget, ButtonBehavior):
        return True
    return isinstance(widget, Label) and bool(plain_words(widget.text))


def _name(widget: Widget) -> str:
    words = plain_words(getattr(widget, "text", "") or "")
    if words:
        return repr(words.replace("\n", " "))
    inner = [plain_words(w.text) for w in widget.walk(restrict=True) if isinstance(w, Label) and plain_words(w.text)]
    return f"a {type(widget).__name__}" + (f" showing {inner[0]!r}" if inner else "")


def _inside(inner: Widget, outer: Widget) -> bool:
    w = inner.parent
    while isinstance(w, Widget):
        if w is outer:
            return True
        w = w.parent
    return False


def misplaced(layers: Iterable[Iterable[Widget]], screen: tuple[float, float]) -> list[str]:
    """What among the widgets on screen (one iterable per layer, as drawn) lies over another it
    does not belong to, or partly outside a screen of this size."""
    out: list[str] = []
    width, height = screen
    for layer in layers:
        placed = []
        for w in layer:
            if not _counts(w):
                continue
            box = drawn_box(w)
            if box is None:
                continue
            if box[0] < -TOLERANCE or box[1] < -TOLERANCE or box[2] > width + TOLERANCE or box[3] > height + TOLERANCE:
                out.append(f"{_name(w)} lies partly outside the {width:.0f}x{height:.0f} screen "
                           f"(at {box[0]:.0f},{box[1]:.0f} to {box[2]:.0f},{box[3]:.0f})")
            placed.append((w, box))
        for i, (a, box_a) in enumerate(placed):
            for b, box_b in placed[i + 1:]:
                if _inside(a, b) or _inside(b, a):
                    continue
                common = _intersect(box_a, box_b)
                if common is not None:
                    out.append(f"{_name(a)} and {_name(b)} are drawn over each other "
                               f"({common[2] - common[0]:.0f}x{common[3] - common[1]:.0f} px at "
                               f"{common[0]:.0f},{common[1]:.0f})")
    return out


def bar_tracks(scroll: ScrollView) -> list[Box]:
    """Where a scrolling list draws its bars, in window pixels: the whole track each slides along
    (as Kivy's style.kv draws them: only while the content overflows, in _bar_color)."""
    if scroll.bar_width <= 0 or not shown(scroll) or scroll._bar_color[3] <= 0:
        return []
    if "bars" not in scroll.scroll_type and not scroll.bar_inactive_color[3] and not scroll.bar_color[3]:
        return []
    tracks = []
    right = scroll.right - scroll.bar_margin
    if scroll.do_scroll_y and scroll.viewport_size[1] > scroll.height + 1:
        tracks.append(_window_box(scroll, right - scroll.bar_width, scroll.y, scroll.bar_width, scroll.height))
    if scroll.do_scroll_x and scroll.viewport_size[0] > scroll.width + 1:
        tracks.append(_window_box(scroll, scroll.x, scroll.y + scroll.bar_margin, scroll.width, scroll.bar_width))
    return tracks


def under_scroll_bars(layers: Iterable[Iterable[Widget]]) -> list[str]:
    """Words or buttons of a scrolling list that its bar is drawn over (the correction editor's bar
    once lay over the last letter of "Pass + tile" and the first "Drop")."""
    out: list[str] = []
    for layer in layers:
        layer = list(layer)
        for scroll in (w for w in layer if isinstance(w, ScrollView)):
            tracks = bar_tracks(scroll)
            if not tracks:
                continue
            for w in layer:
                if not _inside(w, scroll) or not _counts(w):
                    continue
                box = drawn_box(w)
                for track in tracks:
                    common = box and _intersect(box, track)
                    if common is not None and common:
                        out.append(f"the scroll bar is drawn over {_name(w)} "
                                   f"({common[2] - common[0]:.0f}x{common[3] - common[1]:.0f} px at "
                                   f"{common[0]:.0f},{common[1]:.0f})")
    return out
