"""The table's dial on a board's pad: where it rests is the board's own, never a move.

Turning the dial is looking for a card, not playing one: a highlight kept in the game would be
a durable write a step, an Undo that takes back a step of the dial, and a story of the game full
of them. So the board keeps where the dial rests, and only Confirm (or the dial's push) sends an
action: the one a touch on the highlighted button sends.

    cursor = DialCursor()
    cursor.offer(every_value(field), values(field))   # on every refresh: the pad's order, what is possible
    cursor.answer(control)   # DIAL_UP / DIAL_DOWN: STEPPED; CONFIRM / DIAL_PUSH: the highlighted value
                             # (or NOTHING_HIGHLIGHTED); any other control: None
    cursor.highlighted       # the value to frame on the pad, or None
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from companion.core import controls

STEPS = {controls.DIAL_UP: 1, controls.DIAL_DOWN: -1}
CHOOSE = (controls.CONFIRM, controls.DIAL_PUSH)


class _Said:
    """An answer that is not a value of the pad (so no value can be mistaken for it)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


STEPPED = _Said("STEPPED")  # the dial moved the highlight: nothing to say, nothing sent
NOTHING_HIGHLIGHTED = _Said("NOTHING_HIGHLIGHTED")  # a push, or a step, with nothing to highlight


class DialCursor:
    """Where the dial rests among a pad's values, in the pad's order, skipping those greyed."""

    def __init__(self) -> None:
        self.values: tuple[Any, ...] = ()
        self.live: set[Any] = set()
        self.at: Any = None  # kept while its value is greyed (played), so the next step starts there

    def offer(self, values: Sequence[Any], live: Iterable[Any]) -> None:
        """The pad's values in order and those possible now; another pad starts afresh."""
        values = tuple(values)
        if values != self.values:
            self.at = None
        self.values, self.live = values, set(live)

    def clear(self) -> None:
        """Nowhere: the next step starts from the first (or the last) possible value."""
        self.at = None

    def rest(self, value: Any) -> None:
        """The dial now rests here (a touch on the pad took over from it)."""
        self.at = value if value in self.values else None

    @property
    def highlighted(self) -> Any:
        return self.at if self.at in self.live else None

    def step(self, by: int) -> Any:
        """One step of the dial (+1 on, -1 back), wrapping round; the value it rests on, or None."""
        order = [v for v in self.values if v in self.live or v == self.at]
        if not any(v in self.live for v in order):
            return None
        if self.at not in order:
            self.at = next(v for v in (order if by > 0 else reversed(order)) if v in self.live)
            return self.at
        i = order.index(self.at)
        while True:
            i = (i + by) % len(order)
            if order[i] in self.live:
                self.at = order[i]
                return self.at

    def answer(self, control: str) -> Any:
        """What a control means to the highlight: STEPPED, the value to choose, NOTHING_HIGHLIGHTED,
        or None when it is not the dial's (the game's own bindings answer it)."""
        if control in STEPS:
            return STEPPED if self.step(STEPS[control]) is not None else NOTHING_HIGHLIGHTED
        if control in CHOOSE:
            return self.highlighted if self.highlighted is not None else NOTHING_HIGHLIGHTED
        return None
