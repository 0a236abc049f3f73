"""Small building blocks every screen uses, styled once here."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.graphics import Color, Rectangle, RoundedRectangle
from kivy.properties import ColorProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.kit.drawn_once import DrawnOnce
from companion.ui.kit.measure import drawn_width
from companion.ui.styling import symbol


class Panel(BoxLayout):
    """A box with a flat background colour."""

    background = ColorProperty(theme.PANEL)

    def __init__(self, radius: float = 10, **kwargs) -> None:
        super().__init__(**kwargs)
        with self.canvas.before:
            self._colour = Color(rgba=self.background)
            self._rect = RoundedRectangle(pos=self.pos, size=self.size, radius=[radius])
        self.bind(pos=self._redraw, size=self._redraw, background=self._recolour)

    def _redraw(self, *_) -> None:
        self._rect.pos, self._rect.size = self.pos, self.size

    def _recolour(self, *_) -> None:
        self._colour.rgba = self.background


class PanelButton(ButtonBehavior, Panel):
    """A whole panel that is one button (a history row), lighter while pressed as buttons are."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._normal = list(self.background)
        self.bind(state=self._pressed)

    def _pressed(self, *_) -> None:
        if self.state == "down":
            self._normal = list(self.background)  # its colour now: the turn's panel changes colour
            self.background = [min(1, c + 0.12) for c in self._normal[:3]] + [1]
        else:
            self.background = self._normal


class PlainLabel(DrawnOnce, Label):
    """Kivy's Label as it is, its words drawn once its layouts have settled (kit/drawn_once.py)."""


class Text(PlainLabel):
    """A label that wraps inside its width and grows to fit its text."""

    def __init__(self, wrap: bool = True, **kwargs) -> None:
        kwargs.setdefault("color", theme.TEXT)
        kwargs.setdefault("font_size", theme.FONT)
        kwargs.setdefault("halign", "left")
        kwargs.setdefault("valign", "middle")
        super().__init__(**kwargs)
        if wrap:
            self.bind(width=lambda *_: setattr(self, "text_size", (self.width, None)))
            self.bind(texture_size=lambda *_: setattr(self, "height", self.texture_size[1]))
            self.size_hint_y = None
            self.height = self.texture_size[1]  # an empty text never changes texture_size: not 100 px tall
        else:
            self.bind(size=lambda *_: setattr(self, "text_size", self.size))
        self.shorten = not wrap
        self.shorten_from = "right"


class BigButton(DrawnOnce, Button):
    """A flat button at least one finger tall, high contrast."""

    def __init__(self, primary: bool = False, **kwargs) -> None:
        kwargs.setdefault("font_size", theme.FONT)
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", theme.TOUCH)
        kwargs.setdefault("background_normal", "")
        kwargs.setdefault("background_down", "")
        kwargs.setdefault("background_color", theme.ACCENT if primary else theme.PANEL_LIGHT)
        kwargs.setdefault("color", theme.ACCENT_TEXT if primary else theme.TEXT)
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        super().__init__(**kwargs)
        self.bind(size=lambda *_: setattr(self, "text_size", (self.width - theme.GAP * 2, None)))
        self._normal = self.background_color
        self.bind(state=self._pressed)

    def _pressed(self, *_) -> None:
        # Visible feedback on a touchscreen: the pressed button goes lighter.
        self.background_color = [min(1, c + 0.25) for c in self._normal[:3]] + [1] if self.state == "down" else self._normal

    def on_disabled(self, _, disabled: bool) -> None:
        self.opacity = 0.35 if disabled else 1


class Chip(DrawnOnce, ToggleButton):
    """A toggle one finger tall, for picking from a few choices."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("font_size", theme.FONT)
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", theme.TOUCH)
        kwargs.setdefault("background_normal", "")
        kwargs.setdefault("background_down", "")
        super().__init__(**kwargs)
        self.bind(state=self._paint)
        self._paint()

    def _paint(self, *_) -> None:
        on = self.state == "down"
        self.background_color = theme.ACCENT if on else theme.PANEL_LIGHT
        self.color = theme.ACCENT_TEXT if on else theme.TEXT


class FillBar(Widget):
    """A value against its limit as a filled bar (scores against a target, a total against a limit)."""

    def __init__(self, radius: float = 4, **kwargs) -> None:
        super().__init__(**kwargs)
        self.fraction = 0.0
        self.radius = radius
        self._rgba: list[float] = list(theme.ACCENT)
        with self.canvas:
            Color(rgba=theme.PANEL_LIGHT)
            self._back = RoundedRectangle(radius=[radius])
            self._colour = Color(rgba=theme.ACCENT)
            self._fill = RoundedRectangle(radius=[radius])
        self.bind(pos=self._redraw, size=self._redraw)

    def show(self, fraction: float, colour: list[float]) -> None:
        self.fraction = max(0.0, min(1.0, fraction))
        self._rgba = list(colour)
        self._redraw()

    def _redraw(self, *_) -> None:
        self._back.pos, self._back.size = self.pos, self.size
        self._fill.pos = self.pos
        width = self.width * self.fraction
        # Kivy's RoundedRectangle keeps drawing its last shape when given a zero size, or corners
        # wider than itself: so the fill always keeps a drawable size, with corners that fit, and an
        # empty bar hides it by colour. (An emptied bar once showed its old, fuller fill.)
        empty = width < 0.5  # less than half a pixel: nothing to see
        drawn = max(width, 1.0)
        self._fill.radius = [max(0.0, min(self.radius, drawn / 2, self.height / 2))]
        self._fill.size = (drawn, self.height)
        self._colour.rgba = [*self._rgba[:3], 0.0] if empty else self._rgba

    @property
    def drawn_width(self) -> float:
        """How wide the fill shows on screen (0 when empty): what a player reads the value by."""
        return 0.0 if self._colour.a == 0 else float(self._fill.size[0])


class Toast(Label):
    """A message in place of the words of the screen's top bar: refusals, ignored rolls, notices.

    It takes the place the screen gives it (the play screen's prompt, another screen's heading),
    hiding what it covers while it shows, so it is never drawn over a button a player is about
    to touch (it once sat over the bottom row: Baon's "Drop last" and "Pack baon"). A message too
    long for the first place takes the next, larger one (the whole top bar); one too long for
    every place makes the last one taller while it shows, so the screen's content moves down to
    make room instead of lying under it (a damaged database's notice hid "Choose a game" and the
    top of the games' buttons). A touch on the message dismisses it and does nothing else: what
    it covers is out of sight, so out of reach. A short message also gets out of the way as soon
    as the screen is touched elsewhere; that touch reaches its button. A long one (a damaged
    database at start-up) stays its time through touches elsewhere: it must be read.
    """

    @property
    def takes_touches(self) -> bool:
        """A control of its own while shown (companion/ui/kit/touch_guard.py), and only then."""
        return self.opacity > 0

    STAY_THROUGH_TOUCHES = 5.0  # seconds shown from which a message outlasts the next touch

    def __init__(self, **kwargs) -> None:
        super().__init__(
            size_hint=(None, None),
            font_size=theme.FONT,
            color=theme.TEXT,
            opacity=0,
            padding=(theme.PAD, 2),
            halign="center",
            valign="middle",
            **kwargs,
        )
        with self.canvas.before:
            self._bg = Color(rgba=theme.PANEL_LIGHT)
            self._rect = Rectangle()
        self._sticky = False
        self._covered: Widget | None = None  # what the message stands in place of, hidden meanwhile
        self._was_disabled = False  # whether that place was greyed before the message hid it
        self._out_of_reach = False  # whether the message disabled the place it hides
        self._places: list[Widget] = []
        self._grown: tuple[Widget, float, float] | None = None  # a place made taller: (it, its own height, ours)
        self.bind(pos=self._redraw, size=self._redraw, opacity=self._uncover)

    def _redraw(self, *_) -> None:
        self._rect.pos, self._rect.size = self.pos, self.size

    def _place(self, message: str, places: list[Widget]) -> None:
        """Size and put the message over the first place it fits in whole (in the body size or
        the smallest readable one); else over the last, made as tall as the message needs.
        Placed again whenever a place moves or grows (a notice at start-up comes before the
        screen's first layout)."""
        self._shrink()
        for old in self._places:
            old.unbind(pos=self._replace, size=self._replace)
        self._places = list(places)
        for place in self._places:
            place.bind(pos=self._replace, size=self._replace)
        self.text = message
        shown = [p for p in places if p.get_root_window() is not None and p.width > 1]
        if not shown:  # no screen to take a place from (start-up): a strip near the bottom
            parent_width = self.parent.width if self.parent else 800
            width = min(parent_width - theme.PAD * 4, 720)
            self.font_size = theme.FONT
            self.text_size = (width - 2 * self.padding[0], None)
            self.texture_update()
            self.size = (width, self.texture_size[1])
            self.pos = ((parent_width - width) / 2, theme.PAD)
            self._cover(None)
            return
        for place in shown:
            for size in (theme.FONT, theme.FONT_SMALL):
                self.font_size = size
                self.text_size = (place.width - 2 * self.padding[0], None)
                self.texture_update()
                if self.texture_size[1] <= place.height:
                    break
            else:
                continue
            break
        height = max(place.height, self.texture_size[1])
        if height > place.height + 0.5 and place.size_hint_y is None:
            # The layout gives the room to the place: what lay under the message moves down.
            self._grown = (place, place.height, height)
            place.height = height
        self._cover(place)
        self._fit()

    def _fit(self) -> None:
        """Over the place it covers, from its top down, as tall as the message."""
        place = self._covered
        if place is None:
            return
        left, bottom = place.to_window(place.x, place.y)
        height = max(place.height, self.texture_size[1])
        self.text_size = (place.width - 2 * self.padding[0], height)
        self.size = (place.width, height)
        self.pos = (left, bottom + place.height - height)

    def _shrink(self) -> None:
        """The place made taller for a long message back to its own height."""
        if self._grown is not None:
            place, own, ours = self._grown
            self._grown = None
            if place.height == ours:  # unless the screen has set it since
                place.height = own

    def _replace(self, *_) -> None:
        if self.opacity <= 0:
            return
        if self._grown is not None:
            # The place it made taller moved or was laid out again (a notice at start-up is placed
            # before the screen's first layout, in a place 100 px wide): the same place, as tall
            # as the words need at its width now. Choosing a place again would find the message
            # fits the heading, now as tall as the bar, then shrink the bar, and so on.
            place, own, ours = self._grown
            if place.height != ours:  # its screen set a height of its own meanwhile (a longer prompt)
                own = place.height
            self.text_size = (place.width - 2 * self.padding[0], None)
            self.texture_update()
            needed = self.texture_size[1]
            if needed <= own:  # it fits the place as the screen has it: no room to make
                self._grown = (place, own, place.height)
                self._place(self.text, self._places)
            else:
                self._grown = (place, own, needed)
                place.height = needed
                self._fit()
        else:
            self._place(self.text, self._places)
        if self._sticky:
            self._keep_out_of_reach()

    def _cover(self, place: Widget | None) -> None:
        if self._covered is not None and self._covered is not place:
            self._show_again(self._covered)
        if place is not None and place is not self._covered:
            place.opacity = 0
        self._covered = place

    def _keep_out_of_reach(self) -> None:
        """A message that stays through touches keeps what it hides out of reach: a touch on it
        must not land on a button nobody can see (the top bar's Undo under a long notice). A
        short one gets out of the way at the next touch, which goes on to the button beneath."""
        place = self._covered
        if place is not None and not self._out_of_reach:
            self._was_disabled, self._out_of_reach = place.disabled, True
            place.disabled = True

    def _show_again(self, place: Widget) -> None:
        place.opacity = 1
        if self._out_of_reach:
            place.disabled, self._out_of_reach = self._was_disabled, False

    def _uncover(self, *_) -> None:
        if self.opacity <= 0 and self._covered is not None:
            self._show_again(self._covered)
            self._covered = None
            self._shrink()

    def show(self, message: str, level: str = "error", seconds: float = 3.5,
             places: list[Widget] | None = None) -> None:
        """Show `message` for `seconds` in the first of `places` it fits (the screen's top bar)."""
        Animation.cancel_all(self)
        self._place(message, list(places or []))
        # "tip": a learning game's rule (companion/core/learning.py), in the colour of a note.
        self._bg.rgba = {"error": theme.DANGER, "info": theme.PANEL_LIGHT, "ok": theme.GOOD, "tip": theme.WARNING}[level]
        self.color = theme.ACCENT_TEXT if level in ("error", "ok", "tip") else theme.TEXT
        self.opacity = 1
        if self._covered is not None:
            self._covered.opacity = 0
        self._sticky = seconds >= self.STAY_THROUGH_TOUCHES
        if self._sticky:
            self._keep_out_of_reach()
        (Animation(opacity=1, duration=seconds) + Animation(opacity=0, duration=0.4)).start(self)

    def on_touch_down(self, touch) -> bool:
        if self.opacity <= 0:
            return False
        if self.collide_point(*touch.pos):
            # A touch on the message is for the message: it goes, and nothing under it (Undo,
            # hidden beneath a refusal, once took back what was being entered) hears of it.
            self.hide()
            return True
        if not self._sticky:
            Animation.cancel_all(self)
            Animation(opacity=0, duration=0.15).start(self)
        return False  # read, not answered: a touch elsewhere goes on to whatever it was meant for

    def hide(self) -> None:
        Animation.cancel_all(self)
        self.opacity = 0
        self._uncover()


def fill(widget, colour) -> None:
    """Paint a widget's background (screens and bars)."""
    with widget.canvas.before:
        Color(rgba=colour)
        rect = Rectangle(pos=widget.pos, size=widget.size)
    widget.bind(pos=lambda *_: setattr(rect, "pos", widget.pos), size=lambda *_: setattr(rect, "size", widget.size))


class MoreSign(Text):
    """The line under a scrolling list that says how many of its rows are out of sight and which
    way to slide for them, while the list is longer than its room (a row cut at the fold, with
    nothing to say more followed, was taken for the last one). Its room is kept while the list
    overflows, so nothing moves as the list scrolls; it takes none otherwise.

    It counts what a player sees as a row: `pieces` gives the widgets to count (the list's own
    rows unless told), and pieces side by side at the same height make one row, so a pad of six
    lines of chips is six rows of choices, not one. `one` and `many` name that row ("option",
    "move", "row of choices") as the player reads it."""

    def __init__(self, scroll: ScrollView, rows: Widget, one: str, many: str,
                 pieces: Callable[[], Iterable[Widget]] | None = None, **kwargs) -> None:
        kwargs.setdefault("font_size", theme.FONT_SMALL)
        super().__init__(text="", wrap=False, markup=True, halign="center", color=theme.ACCENT,
                         size_hint_y=None, height=0, opacity=0, **kwargs)
        self.scroll, self.rows, self.one, self.many = scroll, rows, one, many
        self.pieces = pieces or (lambda: self.rows.children)
        # The bar never fades either: a second sign, beside the rows themselves.
        scroll.bar_width = theme.GAP
        scroll.bar_inactive_color = scroll.bar_color
        scroll.scroll_type = ["bars", "content"]
        beside_the_bar(scroll, rows)
        self._soon = Clock.create_trigger(self._say, -1)
        scroll.bind(scroll_y=self._soon, height=self._soon)
        rows.bind(height=self._soon)
        self.bind(width=self._soon)

    def hidden(self) -> tuple[int, int]:
        """How many rows are not wholly in view: (above the part shown, below it)."""
        view_bottom = self.scroll.to_window(self.scroll.x, self.scroll.y)[1]
        view_top = view_bottom + self.scroll.height
        # Each row as (bottom, top) on the screen: pieces whose bottoms are level join one row.
        spans = sorted((bottom, bottom + piece.height) for piece in self.pieces()
                       for bottom in [piece.to_window(piece.x, piece.y)[1]])
        rows: list[list[float]] = []
        for bottom, top in spans:
            if rows and bottom - rows[-1][0] <= 1:
                rows[-1][1] = max(rows[-1][1], top)
            else:
                rows.append([bottom, top])
        above = below = 0
        for bottom, top in rows:
            if bottom < view_bottom - 1:
                below += 1
            elif top > view_top + 1:
                above += 1
        return above, below

    def _say(self, *_) -> None:
        # Against the room the list has without this line: a list that overflowed only while
        # its layout settled gets the line's room back.
        overflows = self.rows.height > self.scroll.height + self.height + 1
        self.height = self.font_size * 1.3 if overflows else 0
        above, below = self.hidden() if overflows else (0, 0)
        if below:
            said = f"{symbol('▼')} {below} more {self.one if below == 1 else self.many} below", ": slide the list up"
        elif above:
            said = f"{symbol('▲')} {above} {self.one if above == 1 else self.many} above", ": slide the list down"
        else:
            said = "", ""
        # Which way to slide, where there is room to say it (a narrow column has only the count).
        whole = "".join(said)
        fits = drawn_width(whole, self.font_size, markup=True) <= self.width - 2 * theme.GAP
        self.text = whole if fits else said[0]
        self.opacity = 1 if self.text else 0


def beside_the_bar(scroll: ScrollView, rows: Widget) -> None:
    """The list's rows end short of its scroll bar's track, so the bar is never drawn over the
    last letter of a row (the correction editor's bar lay over "Pass + tile" and "Drop")."""
    if not hasattr(rows, "padding"):
        return

    def keep_clear(*_) -> None:
        left, top, right, bottom = rows.padding
        room = scroll.bar_width + scroll.bar_margin + 2
        if right < room:
            rows.padding = [left, top, room, bottom]

    scroll.bind(bar_width=keep_clear, bar_margin=keep_clear)
    keep_clear()


def scrolling_grid(cols: int = 1, spacing: float = theme.GAP) -> tuple[ScrollView, GridLayout]:
    """A grid as tall as its rows inside a vertical scroller: lists longer than the screen."""
    grid = GridLayout(cols=cols, spacing=spacing, size_hint_y=None)
    grid.bind(minimum_height=grid.setter("height"))
    scroll = ScrollView(do_scroll_x=False)
    scroll.add_widget(grid)
    beside_the_bar(scroll, grid)
    return scroll, grid
