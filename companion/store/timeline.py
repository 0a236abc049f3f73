"""A session's timeline kept in SQLite: each change is one committed transaction."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from companion.core.timeline import KEEP, SNAPSHOT_EVERY, Timeline
from companion.store.clock import utc_now
from companion.store.guard import Guarded

if TYPE_CHECKING:  # in annotations only: the store opens before the rules are imported
    from companion.core.game import Action, State


class StoredTimeline(Timeline):
    """Reads only what it needs: resume costs the same for a short game and a long one.

    Its own cursor, length and revision change only after a write is on disk: a write that
    fails (StoreFailure) leaves the timeline exactly as it was, in memory as on disk.
    """

    def __init__(self, guard: Guarded, game_id: int) -> None:
        self._guard = guard
        self.game_id = game_id
        with guard.read() as db:
            row = db.execute(
                "SELECT cursor, revision, length, snap_idx, snap_state FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        self._cursor, self._revision, self._length, self._snap_idx, self._snap_state = row

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def revision(self) -> int:
        return self._revision

    def __len__(self) -> int:
        return self._length

    def action(self, index: int) -> Action:
        with self._guard.read() as db:
            row = db.execute(
                "SELECT action FROM actions WHERE game_id = ? AND idx = ?", (self.game_id, index)
            ).fetchone()
        if row is None:
            raise IndexError(index)
        return json.loads(row[0])

    def record(self, action: Action, state_after: State, snapshot: bool = False,
               ending: dict[str, Any] | None | str = KEEP) -> None:
        cursor = self._cursor
        snap_idx, snap_state = self._snap_idx, self._snap_state
        with self._guard.write() as db:  # one transaction: all of it is on disk, or none of it
            if self._length > cursor:  # a new move after undo drops the redo tail
                db.execute("DELETE FROM actions WHERE game_id = ? AND idx >= ?", (self.game_id, cursor))
            if snap_idx > cursor:  # the newest snapshot belonged to the dropped redo tail
                db.execute("DELETE FROM snapshots WHERE game_id = ? AND idx > ?", (self.game_id, cursor))
                snap_idx, snap_state = db.execute(
                    "SELECT coalesce(max(idx), 0), (SELECT state FROM snapshots WHERE game_id = ?1"
                    " ORDER BY idx DESC LIMIT 1) FROM snapshots WHERE game_id = ?1",
                    (self.game_id,),
                ).fetchone()
            db.execute(
                "INSERT INTO actions (game_id, idx, action, at) VALUES (?, ?, ?, ?)",
                (self.game_id, cursor, json.dumps(action, separators=(",", ":")), utc_now()),
            )
            if snapshot or (cursor + 1) % SNAPSHOT_EVERY == 0:
                snap_idx, snap_state = cursor + 1, json.dumps(state_after, separators=(",", ":"))
                db.execute(
                    "INSERT OR REPLACE INTO snapshots (game_id, idx, state) VALUES (?, ?, ?)",
                    (self.game_id, snap_idx, snap_state),
                )
            db.execute(
                "UPDATE games SET cursor = ?1, length = ?1, revision = revision + 1,"
                " snap_idx = ?2, snap_state = ?3 WHERE id = ?4",
                (cursor + 1, snap_idx, snap_state, self.game_id),
            )
            if ending != KEEP:  # a correction that ends the game, or opens it again: in the same commit
                self._write_ending(db, ending)
        self._cursor, self._length, self._revision = cursor + 1, cursor + 1, self._revision + 1
        self._snap_idx, self._snap_state = snap_idx, snap_state

    def move(self, cursor: int) -> None:
        with self._guard.write() as db:
            db.execute(
                "UPDATE games SET cursor = ?, revision = revision + 1 WHERE id = ?", (cursor, self.game_id)
            )
        self._cursor, self._revision = cursor, self._revision + 1

    def snapshot_at_or_before(self, index: int) -> tuple[int, State | None]:
        if self._snap_state is not None and self._snap_idx <= index:
            return self._snap_idx, json.loads(self._snap_state)
        with self._guard.read() as db:
            row = db.execute(
                "SELECT idx, state FROM snapshots WHERE game_id = ? AND idx <= ? ORDER BY idx DESC LIMIT 1",
                (self.game_id, index),
            ).fetchone()
        return (row[0], json.loads(row[1])) if row else (0, None)

    def finish(self, result: dict[str, Any] | None) -> None:
        with self._guard.write() as db:
            self._write_ending(db, result)

    def _write_ending(self, db, result: dict[str, Any] | None) -> None:
        """Inside a transaction: the game is over with `result`, or (None) being played."""
        if result is None:
            db.execute(
                "UPDATE games SET status = 'playing', ended_at = NULL, result = NULL WHERE id = ?",
                (self.game_id,),
            )
        else:
            # A finished game corrected afterwards keeps the time it ended.
            db.execute(
                "UPDATE games SET ended_at = CASE WHEN status = 'finished' AND ended_at IS NOT NULL"
                " THEN ended_at ELSE ?1 END, status = 'finished', result = ?2 WHERE id = ?3",
                (utc_now(), json.dumps(result), self.game_id),
            )
