"""Widgets a board will need later, made one at a time in the frames before that.

A board's first round end, say, builds a line of the scoring table for every player: widgets
Kivy makes slowly (each label applies its style rules and makes its drawing instructions), all
in the one frame after the touch that ended the round. Made ahead, one a frame starting with the
frame after this call, each costs a frame a millisecond or two while the players are looking at
the board, and the touch that shows them only fills in their words.

    ahead(board, [lambda b: b.rows.make(4), lambda b: b.lines.make(4)])  # each job is given the board

The jobs hold the owner weakly: a board put away before they ran (a game closed) is not kept
alive by them, and what is left of them is dropped.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Any

from kivy.clock import Clock


def ahead(owner: Any, jobs: Sequence[Callable[[Any], Any]]) -> None:
    """Run each job (given the owner) in a frame of its own, from the next frame on."""
    alive = weakref.ref(owner)
    pending = list(jobs)

    def one(_dt: float) -> None:
        target = alive()
        if target is None or not pending:
            return
        pending.pop(0)(target)
        if pending:
            Clock.schedule_once(one, 0)

    if pending:
        Clock.schedule_once(one, 0)
