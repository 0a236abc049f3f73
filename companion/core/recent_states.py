"""The states just behind the table's current move, kept in memory so that Undo is one step back.

Without them an Undo rebuilds the state from the timeline's nearest snapshot (up to 50 moves
back) by replaying every move since: tens of milliseconds of a touch on a Pi for B.O.N. The
session remembers the state before each move it makes, redoes or corrects, and each state it
rebuilds on the way to another (a resumed game), at that move's place.
That place is written again whenever the table passes it, and moves before the current one never
change (a correction is a new entry; a new move after undos replaces only later places), so what
is remembered below the current move is always the game's. A state not remembered (a resumed
game's older moves, more undos than are kept) is rebuilt from the timeline as before.
"""

from __future__ import annotations

import copy

from companion.core.game import State

KEPT = 32  # an evening's run of undos; each state is a few kilobytes


class RecentStates:
    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept  # states at most; the oldest places go first
        self._states: dict[int, State] = {}

    def remember(self, cursor: int, state: State) -> None:
        """`state` is the game after `cursor` moves of the current line."""
        self._states[cursor] = state
        while len(self._states) > self.kept:
            del self._states[min(self._states)]

    def at(self, cursor: int) -> State | None:
        """A private copy of the state after `cursor` moves, if it is remembered."""
        state = self._states.get(cursor)
        return None if state is None else copy.deepcopy(state)
