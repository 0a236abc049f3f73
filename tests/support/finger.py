"""A finger on the touchscreen, at a person's pace.

Tests touch far faster than people do. Two touches on one spot within a moment are a double tap,
and the table guards against one (its second touch goes nowhere when the first changed what lies
under the finger). A person who touches the same spot twice on purpose, the second time for
something new there, takes longer than that: so does this finger, and only then.
"""

from __future__ import annotations

import time

from kivy.tests.common import UnitTestTouch

DOUBLE_TAP_SECONDS = 0.7  # a double tap's two touches come closer together than this
SAME_SPOT = 24  # px: touches this close count as one spot

_last: tuple[float, float, float] | None = None  # x, y, when the finger last lifted


def tap(app, x: float, y: float) -> None:
    """Touch (x, y) in window coordinates and lift; `app` is the test's AppDriver."""
    global _last
    if _last is not None and abs(x - _last[0]) < SAME_SPOT and abs(y - _last[1]) < SAME_SPOT:
        wait = DOUBLE_TAP_SECONDS - (time.monotonic() - _last[2])
        if wait > 0:
            app.settle(wait)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    _last = (x, y, time.monotonic())
