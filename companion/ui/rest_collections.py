"""Python's full garbage collections while nobody touches the table, not in the frame after a touch.

A full collection walks every object the table holds that the start did not set aside
(first_frame.keep_out_of_collections): the game's history, the widgets built since. Python starts
one whenever enough objects have survived the younger collections, which is most often right
after a touch that built a panel: measured here at 200-300 ms in whole games by touch
(bench/whole_game_touches.py), several times that on a Pi 4, a frame a player sees come late.

So the automatic full collections are put off (the two younger generations still collect by
themselves: they are small and quick), and the table runs a full one itself once nobody has
touched it for REST seconds. A table touched without a pause for long still gets one at the
latest when OVERDUE times Python's own count of younger collections has passed, so memory held
by cycles is never left to grow without end.
"""

from __future__ import annotations

import gc
import time
from typing import Any

REST = 1.0  # seconds without a touch: the players are looking, thinking, drawing a card
CHECK_EVERY = 0.5
OVERDUE = 10  # a full collection at the latest after 10x Python's own wait for one
_PUT_OFF = 1_000_000  # a generation-2 threshold no table reaches: Python's own full passes are off


class RestCollections:
    def __init__(self, clock: Any = time.monotonic) -> None:
        self._clock = clock
        self._touched_at = float("-inf")
        self._due_after = gc.get_threshold()[2]  # Python's own: 10 younger collections
        self.passes = 0  # full collections run (at rest or overdue)
        self.overdue = 0  # of which were run without a rest
        self.seconds = 0.0  # their time in all

    def start(self) -> None:
        """From the app's thread once the window exists (launch.py, after the first frames)."""
        from kivy.clock import Clock
        from kivy.core.window import Window

        self._python_own = gc.get_threshold()
        young, middle, _ = self._python_own
        gc.set_threshold(young, middle, _PUT_OFF)
        Window.bind(on_touch_down=self.touched, on_touch_up=self.touched)
        self._checks = Clock.schedule_interval(lambda _dt: self.check(), CHECK_EVERY)

    def stop(self) -> None:
        """Python's own full collections again (tests that start many tables in one process)."""
        from kivy.core.window import Window

        self._checks.cancel()
        Window.unbind(on_touch_down=self.touched, on_touch_up=self.touched)
        gc.set_threshold(*self._python_own)

    def touched(self, *_args: Any) -> None:
        self._touched_at = self._clock()  # returns None: the touch goes on to the widgets

    def check(self) -> bool:
        """Run a full collection if one is due and the table is at rest (or it is long overdue)."""
        waiting = gc.get_count()[2]  # younger collections since the last full one
        if waiting < self._due_after:
            return False
        at_rest = self._clock() - self._touched_at >= REST
        if not at_rest and waiting < self._due_after * OVERDUE:
            return False
        began = time.perf_counter()
        gc.collect()
        self.seconds += time.perf_counter() - began
        self.passes += 1
        self.overdue += not at_rest
        return True
