"""Contact chatter filtered from a button's edges, judged on the edges' own timestamps.

gpiozero's bounce_time ignores every edge for a while after the first one, so a real press
shorter than it is lost and the device can be left thinking the button is still down
(gpiozero issues 550, 1039). Here nothing is ignored: each edge is recorded with its time,
and a level counts only once it has stayed put for `settle` seconds. Chatter (pulses of
well under a few milliseconds) never lasts that long; a finger's press (30 ms or more) always
does. Because the decision uses the edges' times, not the time the decision is made, a
slow thread can decide late but never wrongly.

Pure: no threads, no clock of its own. Feed it `edge(t, active)` as edges arrive and call
`poll(now)` at `deadline()`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    kind: str  # "press", "release" or "hold"
    at: float  # when it became certain (seconds, the edges' clock)
    held: bool = False  # for a release: the press had already counted as a hold


class Debouncer:
    """One button. Emits press, release and (with `hold` set) hold, each exactly once per press."""

    def __init__(self, settle: float, hold: float | None = None, active: bool = False, now: float = 0.0):
        self.settle = settle
        self.hold = hold
        self.pressed = active  # the debounced state
        self._level = active  # the raw level since the last edge
        self._since = now  # when the raw level last changed
        self._press_start = now
        self._held = False

    def edge(self, t: float, active: bool) -> list[Event]:
        """The raw level changed to `active` at time `t`; events the previous level decided."""
        if active == self._level:
            return []  # a repeated report of the same level: nothing changed
        out = self._decide(t)
        self._level, self._since = active, t
        return out

    @property
    def level(self) -> bool:
        """The raw level its last edge reported."""
        return self._level

    def poll(self, now: float) -> list[Event]:
        """Events that became certain by `now` while the level stayed as it is."""
        return self._decide(now)

    def deadline(self) -> float | None:
        """The next time at which `poll` may have something to say (None: only an edge can)."""
        times = []
        if self._level != self.pressed:
            times.append(self._since + self.settle)
        elif self.pressed and self._level and self.hold is not None and not self._held:
            times.append(self._press_start + self.hold)
        return min(times) if times else None

    def _decide(self, end: float) -> list[Event]:
        """Judge the current raw segment (level since `_since`) as lasting until `end`."""
        out = []
        self._check_hold(end, out)
        # Compared as `end >= since + settle`, the very sum deadline() gives, so polling at
        # the deadline always decides (a difference could round to just under `settle`).
        if self._level != self.pressed and end >= self._since + self.settle:
            at = self._since + self.settle
            if self._level:
                self.pressed, self._press_start, self._held = True, self._since, False
                out.append(Event("press", at))
                self._check_hold(end, out)
            else:
                self.pressed = False
                out.append(Event("release", at, self._held))
        return out

    def _check_hold(self, end: float, out: list[Event]) -> None:
        if not self.pressed or self._held or self.hold is None:
            return
        due = self._press_start + self.hold
        # Down now and until `end`; or let go, but only after the hold time had passed.
        lasted = end >= due if self._level else self._since >= due
        if lasted:
            self._held = True
            out.append(Event("hold", due))
