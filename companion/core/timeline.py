"""Where a session keeps its accepted actions: in memory, or durably (companion.store).

The timeline is the list of accepted actions plus a cursor: actions before the
cursor are in effect, those after it are the redo tail. Every accepted change
raises the revision, which never goes down, so viewers can drop stale updates.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # in annotations only: the store's timeline loads before the rules
    from companion.core.game import Action, State

# A state snapshot every this many actions keeps resume and undo bounded,
# whatever the length of the game.
SNAPSHOT_EVERY = 50

# `record(..., ending=KEEP)`: the entry leaves the game's end as it was. A result (dict) or None
# (not over) is written with the entry itself, in the same transaction.
KEEP = "keep"


class Timeline(ABC):
    """The port through which a session records what it accepted."""

    @property
    @abstractmethod
    def cursor(self) -> int:
        """How many actions are in effect."""

    @property
    @abstractmethod
    def revision(self) -> int:
        """How many changes (actions, undos, redos) were ever accepted."""

    @abstractmethod
    def __len__(self) -> int:
        """Actions in effect plus the redo tail."""

    @abstractmethod
    def action(self, index: int) -> Action:
        """The action at a position (0-based)."""

    @abstractmethod
    def record(self, action: Action, state_after: State, snapshot: bool = False,
               ending: dict[str, Any] | None | str = KEEP) -> None:
        """Drop the redo tail, append the action after the cursor and move past it; durable on return.

        `snapshot`: keep `state_after` whatever the position (after a correction, so that the
        state is found again without replaying the corrected line from the start). `ending`:
        the game's result after it, or None for not over, recorded with it as one (KEEP: as it was).
        """

    @abstractmethod
    def move(self, cursor: int) -> None:
        """Move the cursor for an undo or redo; durable on return."""

    @abstractmethod
    def snapshot_at_or_before(self, index: int) -> tuple[int, State | None]:
        """The latest stored state after at most `index` actions, or (0, None) to start from setup."""

    def finish(self, result: dict[str, Any] | None) -> None:
        """The game ended (result) or was reopened by an undo (None)."""


class MemoryTimeline(Timeline):
    """A timeline that lives as long as the process: replays, tests, previews."""

    def __init__(self) -> None:
        self._actions: list[Action] = []
        self._cursor = 0
        self._revision = 0
        self._snapshots: dict[int, State] = {}
        self.result: dict[str, Any] | None = None

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def revision(self) -> int:
        return self._revision

    def __len__(self) -> int:
        return len(self._actions)

    def action(self, index: int) -> Action:
        return self._actions[index]

    def record(self, action: Action, state_after: State, snapshot: bool = False,
               ending: dict[str, Any] | None | str = KEEP) -> None:
        if ending != KEEP:
            self.result = ending
        del self._actions[self._cursor :]
        for idx in [i for i in self._snapshots if i > self._cursor]:
            del self._snapshots[idx]
        self._actions.append(copy.deepcopy(action))  # the log never shares objects with a caller
        self._cursor += 1
        self._revision += 1
        if snapshot or self._cursor % SNAPSHOT_EVERY == 0:
            # Through JSON, as the store keeps it: state that does not survive that fails here too.
            self._snapshots[self._cursor] = json.loads(json.dumps(state_after))

    def move(self, cursor: int) -> None:
        self._cursor = cursor
        self._revision += 1

    def snapshot_at_or_before(self, index: int) -> tuple[int, State | None]:
        best = max((i for i in self._snapshots if i <= index), default=0)
        return (best, copy.deepcopy(self._snapshots[best])) if best else (0, None)

    def finish(self, result: dict[str, Any] | None) -> None:
        self.result = result
