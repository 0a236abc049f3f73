"""A finger on the touchscreen, at a person's pace.

Tests touch far faster than people do. The table counts a touch only on a control that was shown
where it is, meaning what it means, a moment (SETTLE_SECONDS) before the touch went down
(companion/ui/kit/touch_guard.py), and asks before the same player enters the same thing twice in
that moment. A person who touches what just appeared has seen it first, and one who enters the
same thing twice takes longer than a double tap: so does this finger. It waits on the test's own
clock (TEST_CLOCK), which touches are timed by too, so waiting costs the test nothing.

How it touches can be changed for a whole test (`style`): as a person does ("once"), or with a
double tap ("double": a second touch on the same spot 0.12 s later), a bounce ("bounce": a second
down 20 ms after the first, 3 px away, while the first is still down) or a short slide ("slide":
3 px between down and lift). The table must record exactly the same in every style.
"""

from __future__ import annotations

import time

import kivy.input.motionevent as motionevent
from kivy.tests.common import UnitTestTouch

from companion.ui.kit.touch_guard import SETTLE_SECONDS

DOUBLE_TAP_GAP = 0.12  # s between the touches of a player's double tap
BOUNCE_GAP = 0.02  # s between the two downs of the panel's bounce
SLIDE = 3  # px a resting finger slides
STYLES = ("once", "double", "bounce", "slide")


class TestClock:
    """A clock that moves only when a test waits: touches and the table's guard read it alike,
    so a double tap's 0.12 s is 0.12 s however slowly a loaded machine draws its frames."""

    __test__ = False  # not a test class

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += max(0.0, seconds)


TEST_CLOCK = TestClock()
style = "once"  # how every tap touches (see the docstring); a test sets it and puts it back
_last_at = float("-inf")  # when the finger last went down, on TEST_CLOCK


def use_test_clock(app) -> None:
    """Time every touch, and the app's guard, by TEST_CLOCK (Kivy stamps a touch's time_start with
    time.time(), read in its motionevent module)."""
    motionevent.time = TEST_CLOCK
    app.touch_clock = TEST_CLOCK


def wait_like_a_player(app, x: float, y: float) -> None:
    """Until the control at (x, y) has been shown long enough, and a deliberate moment after the
    finger's last touch; `app` is the test's AppDriver."""
    app.frames(2)  # what changed is drawn: a player sees it before touching it
    guard = app.app.touch_guard
    if guard is not None:
        TEST_CLOCK.advance(guard.settles_in(x, y))
    TEST_CLOCK.advance(_last_at + SETTLE_SECONDS - TEST_CLOCK())


def tap(app, x: float, y: float) -> None:
    """Touch (x, y) in window coordinates and lift, in the test's `style`."""
    global _last_at
    wait_like_a_player(app, x, y)
    _last_at = TEST_CLOCK()
    touch = UnitTestTouch(x, y)
    if style == "bounce":
        touch.touch_down()
        TEST_CLOCK.advance(BOUNCE_GAP)
        bounce = UnitTestTouch(x + SLIDE, y)
        bounce.touch_down()
        touch.touch_up()
        bounce.touch_up()
    elif style == "slide":
        touch.touch_down()
        touch.touch_move(x + SLIDE, y)
        touch.touch_up()
    else:
        touch.touch_down()
        touch.touch_up()
    if style == "double":
        app.frames(2)  # the first touch's change is drawn: what lies under the finger now
        TEST_CLOCK.advance(DOUBLE_TAP_GAP)
        second = UnitTestTouch(x, y)
        second.touch_down()
        second.touch_up()
