"""The table's first frames: shown before anything that can wait, which then follows a piece a frame.

What a player sees first (Home, or the game being resumed) is built before the first frame; the
broker's connection, the buttons and the dice tray, then the other screens (anything queued with
`later`) follow once two frames are on the screen, one piece a frame, so no frame, and no touch,
waits for all of them; and none at all within a moment of a touch, so a player's first touches
are answered as soon as if nothing waited.

It also serves bench/start.py: with COMPANION_FIRST_FRAME=exit in the environment, the app prints
the monotonic time its second frame was drawn, the CPU time the process had used by then and its
peak memory so far ("first-frame T CPU KB"); once the queued work is done, the time of that
("settled T"); then it stops as a table does. The second frame, not the first: a window's first
frame may still be its bare background. bench/bare_kivy.py counts frames the same way.
"""

from __future__ import annotations

import gc
import logging
import os
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

ENV = "COMPANION_FIRST_FRAME"
SHOWN = "first-frame "
SETTLED = "settled "
# A window that draws nothing (minimised, say) must not keep the broker and the buttons waiting.
AT_THE_LATEST = 20.0  # seconds after the app starts (a loaded machine can take several)
# What waited runs while nobody touches the screen: a player's touch, and the frames that answer
# it, never share their time with building a screen nobody asked for yet.
QUIET_AFTER_TOUCH = 0.8  # seconds


def measuring() -> bool:
    return os.environ.get(ENV) == "exit"


def peak_kb() -> int:
    """The process's peak resident memory so far, in kB (Linux's VmHWM; 0 where there is none)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration, ValueError):
        return 0


def keep_out_of_collections() -> None:
    """Every object the start made so far (Kivy, the games' rules, the screens) is set aside from
    Python's cyclic garbage collector: they live as long as the table, and a full collection walking
    all of them took about 60 ms here, which a player met as a frame that came late after a touch
    (several times that on a Pi). Objects made from now on are collected as before. For the table's
    own run (launch.py), not for tests that start many apps in one process."""
    gc.collect()
    gc.freeze()


class FirstFrames:
    """Counts the first frames drawn, then runs the start-up work that waited for them."""

    def __init__(self) -> None:
        self.drawn = 0
        self._waiting: list[Callable[[], None]] = []
        self._on_settled: Callable[[], None] | None = None
        self.begun = False  # the work that waited has begun (after the first frames, or at the latest)
        self.settled = False
        self._touched_at = float("-inf")
        self._due: Any = None  # one Clock trigger: however often asked, one piece a frame

    @property
    def shown(self) -> bool:
        """Whether the first frames are on the screen."""
        return self.drawn >= 2

    def later(self, task: Callable[[], None], first: bool = False) -> None:
        """Run `task` on the app's thread once the first frames are shown (soon, if they are);
        `first`: before everything else still waiting (a part of the first screen itself)."""
        if first:
            self._waiting.insert(0, task)
        else:
            self._waiting.append(task)
        if self.begun:
            self._next_soon()

    def watch(self, on_settled: Callable[[], None] | None = None) -> None:
        """Start counting frames (from App.on_start, when the window exists)."""
        from kivy.core.window import Window

        from kivy.clock import Clock

        self._on_settled = on_settled
        Window.bind(on_flip=self._flipped, on_touch_down=self._touched, on_touch_up=self._touched)
        self._late = Clock.schedule_once(self._no_frames, AT_THE_LATEST)

    def _flipped(self, window: Any) -> None:
        self.drawn += 1
        if self.drawn == 1:
            window.canvas.ask_update()  # a still first frame would be the only one
            return
        window.unbind(on_flip=self._flipped)
        self._late.cancel()
        if measuring():
            print(f"{SHOWN}{time.monotonic():.6f} {time.process_time():.6f} {peak_kb()}", flush=True)
        self._begin()

    def _touched(self, *_args: Any) -> None:
        self._touched_at = time.monotonic()  # returns None: the touch goes on to the widgets

    def _no_frames(self, _dt: float) -> None:
        """No frames yet, long after the start: what waited for them starts anyway."""
        log.warning("no frame drawn %s s after the start: the broker and the inputs start anyway", AT_THE_LATEST)
        self._begin()

    def _begin(self) -> None:
        if not self.begun:
            self.begun = True
            self._next_soon()

    def _next_soon(self) -> None:
        """The next piece after the next frame; asked again before then, still one piece."""
        if self._due is None:
            from kivy.clock import Clock

            self._due = Clock.create_trigger(self._run_next, 0)
        self._due()

    def _run_next(self, _dt: float) -> None:
        from kivy.clock import Clock

        quiet_for = time.monotonic() - self._touched_at
        if self._waiting and quiet_for < QUIET_AFTER_TOUCH:
            Clock.schedule_once(lambda _dt: self._next_soon(), QUIET_AFTER_TOUCH - quiet_for)
            return
        if self._waiting:
            task = self._waiting.pop(0)
            try:
                task()
            except Exception:  # noqa: BLE001 - the table runs on without what failed; the log says what
                log.exception("start-up work after the first frame failed")
        if self._waiting:
            self._next_soon()
        elif not self.settled:
            self.settled = True
            if measuring():
                print(f"{SETTLED}{time.monotonic():.6f}", flush=True)
            if self._on_settled is not None:
                self._on_settled()
