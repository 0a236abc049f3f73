"""Only touches a player meant: every screen and board at once, at the window, before any widget.

A touchscreen at a table bounces (the Pi's panel can report one tap as two downs ~20 ms apart),
and a player whose screen seems slow taps again. Kivy hands each touch to whatever is under it
when the touch is dispatched: a button that appeared in the frame after the first tap (a new
screen, a pad in place of a button, the same button now for the next player) takes the second.
So a touch counts only on a control that was shown, where it is and meaning what it means, when
that touch went down (touch.time_start), and for SETTLE_SECONDS more; a second down on the spot
of one still held or just made is the same finger, and so is a second touch on the control (or the
spot) of the last touch that counted, within SETTLE_SECONDS of it: a double tap is one touch. A touch that does not count reaches nothing,
its move and its lift included.

What a control "means" is its place on the screen, its words, whether it is greyed or down, and
the app's context (the screen shown and the game's revision: after any move, the buttons of the
board speak for the next step, even where their words stay the same, such as a "Face down"
button that stays where it is for the next player).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.stencilview import StencilView
from kivy.uix.widget import Widget

# How long a control that appeared, moved or changed meaning ignores touches. A double tap's
# second touch follows the first within 0.1-0.3 s (Kivy's own double_tap_time is 0.25 s); a
# deliberate touch on something new needs it seen and aimed at, which takes a player more than
# 0.4 s (a visual choice reaction alone is about 0.3-0.4 s, before the finger moves). Longer, and
# a practised player's quick entry would be lost; shorter, and a slow double tap gets through.
SETTLE_SECONDS = 0.4
# Two downs closer in time than this on one spot are the panel bouncing, never two touches: the
# fastest deliberate repeated tapping of one finger is about 0.1 s a tap.
BOUNCE_SECONDS = 0.08
SAME_SPOT = 16  # px: a bounce or a resting finger's slide lands within this of the first down

Clock = Callable[[], float]


def is_control(widget: Widget) -> bool:
    """A widget a touch acts on: a button (or toggle), a row or tile that answers touches itself,
    words with links in them, or a widget that says it takes touches (a notice)."""
    return (isinstance(widget, ButtonBehavior) or getattr(widget, "touched", None) is not None
            or getattr(widget, "takes_touches", False)
            or (isinstance(widget, Label) and "[ref=" in (widget.text or "") and widget.markup))


def signature(widget: Widget, at: tuple[float, float] | None = None) -> tuple[Any, ...]:
    """What a player sees of a control: where it is (`at`, its window position, if known), its
    words, greyed or not, down or not."""
    x, y = at if at is not None else widget.to_window(*widget.pos)
    return (x, y, widget.width, widget.height, getattr(widget, "text", None), widget.disabled,
            getattr(widget, "state", None))


def same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Two signatures of one control alike: in the same place to within a pixel, the rest equal."""
    return all(abs(p - q) <= 1 for p, q in zip(a[:4], b[:4])) and a[4:] == b[4:]


def shown_controls(window: Any) -> list[tuple[Widget, tuple[float, float]]]:
    """Every control a player can see in the window, with its window position. One pass, no
    recursion: a transparent widget hides all it holds, and in a scrolling list (a StencilView)
    what lies outside its box is not looked into (a story of 600 moves shows a few)."""
    found: list[tuple[Widget, tuple[float, float]]] = []
    # (widget, the offset from its parent's coordinates to the window's, the clip box or None)
    stack: list[tuple[Widget, float, float, tuple[float, float, float, float] | None]] = [
        (layer, 0.0, 0.0, None) for layer in window.children]
    while stack:
        widget, dx, dy, clip = stack.pop()
        if widget.opacity <= 0:
            continue
        left, bottom = widget.x + dx, widget.y + dy
        right, top = left + widget.width, bottom + widget.height
        if clip is not None and (right < clip[0] or left > clip[2] or top < clip[1] or bottom > clip[3]) \
                and widget.width > 0 and widget.height > 0:
            continue  # scrolled out of sight
        if is_control(widget):
            found.append((widget, (left, bottom)))
        if isinstance(widget, StencilView):
            box = (left, bottom, right, top)
            clip = box if clip is None else (max(clip[0], left), max(clip[1], bottom), min(clip[2], right),
                                             min(clip[3], top))
        # Children's coordinates: the widget's own translation (a RelativeLayout, a ScrollView).
        ox, oy = widget.to_parent(0, 0)
        for child in widget.children:
            stack.append((child, dx + ox, dy + oy, clip))
    return found


class TouchGuard:
    """Sees each frame's controls as the player sees them, and lets through only meant touches."""

    def __init__(self, window: Any, context: Callable[[], Any] = lambda: None,
                 clock: Clock = time.time) -> None:
        # `clock` must be the one touches are timed by: Kivy's MotionEvent stamps time_start
        # with time.time(); a test gives both its own clock instead of sleeping.
        self.window, self.context, self.clock = window, context, clock
        self._seen: dict[Widget, tuple[tuple[Any, ...], float]] = {}
        self._context: Any = None
        self._context_at = float("-inf")
        self._held: dict[Any, tuple[float, float, float]] = {}  # touches down now: uid -> x, y, when
        self._downs: list[tuple[float, float, float]] = []  # recent downs: x, y, time_start
        self._last_meant: tuple[Widget | None, float, float, float] | None = None  # control, x, y, when
        self._ignored: set[Any] = set()  # touches that count for nothing, down to their lift
        self.ignored = 0  # how many touches were ignored (for the log and the tests)

    def install(self) -> TouchGuard:
        """Before every widget: bound handlers run before the window hands a touch on."""
        self.window.bind(on_flip=self._look, on_touch_down=self._down, on_touch_move=self._move,
                         on_touch_up=self._up)
        self.look()
        return self

    def uninstall(self) -> None:
        self.window.unbind(on_flip=self._look, on_touch_down=self._down, on_touch_move=self._move,
                           on_touch_up=self._up)

    # -- what the player has seen ------------------------------------------------------------

    def _look(self, *_args: Any) -> None:
        self.look()

    def look(self) -> None:
        """The frame just shown: a control new, moved or changed since the last one is placed now."""
        now = self.clock()
        context = self.context()
        if context != self._context:
            self._context, self._context_at = context, now
        seen: dict[Widget, tuple[tuple[Any, ...], float]] = {}
        for widget, at in shown_controls(self.window):
            sig = signature(widget, at)
            before = self._seen.get(widget)
            seen[widget] = before if before is not None and same(before[0], sig) else (sig, now)
        self._seen = seen

    def placed_at(self, widget: Widget) -> float:
        """When this control was last shown where it is, meaning what it means (now, if it has
        changed since the last frame drawn, or is not shown at all)."""
        now = self.clock()
        seen = self._seen.get(widget)
        if seen is None or not same(seen[0], signature(widget)) or self.context() != self._context:
            return now
        return max(seen[1], self._context_at)

    def target(self, x: float, y: float) -> Widget | None:
        """The control a touch at (x, y) would reach, as Kivy hands touches on: the topmost layer
        first, children before their parent, the last added first; none past an open dialog."""
        def hit(widget: Widget) -> Widget | None:
            if isinstance(widget, StencilView) and not widget.collide_point(*widget.to_widget(x, y)):
                return None  # a scrolling list answers only touches within it
            for child in widget.children:
                found = hit(child)
                if found is not None:
                    return found
            if is_control(widget) and widget.collide_point(*widget.to_widget(x, y)):
                return widget
            return None

        for layer in self.window.children:
            found = hit(layer)
            if found is not None or isinstance(layer, ModalView):
                return found
        return None

    def settles_in(self, x: float, y: float) -> float:
        """Seconds until a touch at (x, y) would count (0 if it would now): how long a player
        who has just seen the screen change there waits before touching."""
        control = self.target(x, y)
        if control is None:
            return 0.0
        return max(0.0, self.placed_at(control) + SETTLE_SECONDS - self.clock())

    # -- touches -----------------------------------------------------------------------------

    def meant(self, touch: Any) -> bool:
        """Whether a touch going down now is one a player meant (see the module's docstring)."""
        at, x, y = touch.time_start, touch.x, touch.y
        self._downs = [d for d in self._downs if at - d[2] < SETTLE_SECONDS]
        same_spot = [d for d in self._downs if abs(d[0] - x) <= SAME_SPOT and abs(d[1] - y) <= SAME_SPOT]
        # A finger resting on a spot is reported again there only around its first down.
        held_here = any(abs(hx - x) <= SAME_SPOT and abs(hy - y) <= SAME_SPOT and 0 <= at - t < SETTLE_SECONDS
                        for hx, hy, t in self._held.values())
        self._downs.append((x, y, at))
        if held_here or any(0 <= at - d[2] < BOUNCE_SECONDS for d in same_spot):
            return False  # the panel bouncing, or a resting finger reported twice
        control = self.target(x, y)
        last = self._last_meant
        if last is not None and 0 <= at - last[3] < SETTLE_SECONDS and (
                (control is not None and control is last[0])
                or (abs(last[1] - x) <= SAME_SPOT and abs(last[2] - y) <= SAME_SPOT)):
            # The second touch of a double tap: what the first did may have changed what this
            # control means without changing how it looks (a pad's key, first a container, then
            # a suit), so it is one touch, as the player meant.
            return False
        if control is not None and at < self.placed_at(control) + SETTLE_SECONDS:
            return False
        self._last_meant = (control, x, y, at)
        return True

    def _down(self, _window: Any, touch: Any) -> bool | None:
        meant = self.meant(touch)
        self._held[touch.uid] = (touch.x, touch.y, touch.time_start)
        if meant:
            return None  # on to the widgets
        self._ignored.add(touch.uid)
        self.ignored += 1
        return True

    def _move(self, _window: Any, touch: Any) -> bool | None:
        return True if touch.uid in self._ignored else None

    def _up(self, _window: Any, touch: Any) -> bool | None:
        self._held.pop(touch.uid, None)
        if touch.uid in self._ignored:
            self._ignored.discard(touch.uid)
            return True
        return None
