"""Opening the table's database: durable settings, schema, and damaged files moved aside."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Sequence
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

from companion.core.seats import Seat
from companion.store.clock import utc_now
from companion.store.records import GameRecord
from companion.store.timeline import StoredTimeline

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
# The cursor is the number of actions in effect: no need to count a long game's rows.
_RECORD_COLUMNS = "id, game, players, options, started_at, ended_at, status, result, cursor"


class StoreError(Exception):
    """The database cannot be used as it is, and must not be set aside: the message says why."""


# What SQLite says about a file that is not (or no longer) a sound database. Anything else
# (a full disk, a lock, a permission) is not damage: the file is left alone and start-up stops.
_DAMAGE = ("not a database", "malformed", "file is empty", "integrity check", "corrupt")


def is_damage(exc: sqlite3.DatabaseError) -> bool:
    return any(word in str(exc) for word in _DAMAGE)


class Store:
    """The table's one database file. `notices` says what a person should know about opening it."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.notices: list[str] = []
        try:
            self.db = self._open_checked()
        except sqlite3.DatabaseError as exc:
            if not is_damage(exc):
                raise StoreError(f"cannot use the game database {self.path}: {exc}") from None
            moved = self._move_aside()
            notice = (
                f"The game database {self.path} was damaged ({exc}). It was kept as {moved} "
                "and a new, empty database was started."
            )
            log.error(notice)
            self.notices.append(notice)
            self.db = self._open_checked()

    def _open_checked(self) -> sqlite3.Connection:
        if self.path.exists() and self.path.stat().st_size == 0:
            # SQLite would take an empty file as a new database: ours never is.
            raise sqlite3.DatabaseError("the file is empty")
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout = 5000")
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode != "wal":
                raise sqlite3.DatabaseError(f"cannot use write-ahead logging (journal mode {mode})")
            # FULL: a commit is on disk before dispatch returns, so a pulled plug loses nothing shown.
            db.execute("PRAGMA synchronous = FULL")
            db.execute("PRAGMA foreign_keys = ON")
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check: {check}")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                # Not damage: a newer companion's games, kept as they are for that version.
                raise StoreError(
                    f"the game database {self.path} was written by a newer companion (schema {version}); "
                    "update this one, or set [data] dir to another folder"
                )
            if version == 0:
                schema = resources.files("companion.store").joinpath("schema.sql").read_text()
                db.executescript(f"BEGIN; {schema} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
        except BaseException:
            db.close()
            raise
        # A Python connection defaults to deferred transactions; `with db:` in the
        # timeline commits each change as one unit.
        db.isolation_level = "DEFERRED"
        return db

    def _move_aside(self) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        for suffix in ("", "-wal", "-shm"):
            src = Path(f"{self.path}{suffix}")
            if src.exists():
                os.replace(src, Path(f"{target}{suffix}"))
        return target

    def close(self) -> None:
        self.db.close()

    # -- games ---------------------------------------------------------------

    def new_game(self, game: str, players: Sequence[Seat], options: dict[str, Any]) -> StoredTimeline:
        """Start a game's record; a game still marked as playing is set aside as abandoned."""
        now = utc_now()
        with self.db:
            self.db.execute(
                "UPDATE games SET status = 'abandoned', ended_at = ? WHERE status = 'playing'", (now,)
            )
            cur = self.db.execute(
                "INSERT INTO games (game, players, options, started_at, status) VALUES (?, ?, ?, ?, 'playing')",
                (game, json.dumps([s.to_json() for s in players]), json.dumps(options), now),
            )
            for i, seat in enumerate(players):
                # Clock time ties within a second; the game id and seat never do.
                self.db.execute(
                    "INSERT INTO names_seen (name, recency) VALUES (?, ?)"
                    " ON CONFLICT(name) DO UPDATE SET name = excluded.name, recency = excluded.recency",
                    (seat.name, cur.lastrowid * 1000 - i),
                )
        return StoredTimeline(self.db, cur.lastrowid)

    def timeline(self, game_id: int) -> StoredTimeline:
        return StoredTimeline(self.db, game_id)

    def latest(self) -> GameRecord | None:
        """The most recent game that is playing or finished (what the table last showed)."""
        row = self.db.execute(
            f"SELECT {_RECORD_COLUMNS} FROM games WHERE status != 'abandoned' ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return GameRecord.from_row(row) if row else None

    def unfinished(self) -> GameRecord | None:
        """The game to resume on start, if one was being played."""
        latest = self.latest()
        return latest if latest and latest.status == "playing" else None

    def abandon(self, game_id: int) -> None:
        with self.db:
            self.db.execute(
                "UPDATE games SET status = 'abandoned', ended_at = ? WHERE id = ? AND status = 'playing'",
                (utc_now(), game_id),
            )

    def history(self, limit: int | None = None) -> list[GameRecord]:
        """Games that are over (finished or abandoned), newest first."""
        rows = self.db.execute(
            f"SELECT {_RECORD_COLUMNS} FROM games WHERE status != 'playing' ORDER BY id DESC LIMIT ?",
            (-1 if limit is None else limit,),
        ).fetchall()
        return [GameRecord.from_row(r) for r in rows]

    def names_seen(self, limit: int = 24) -> list[str]:
        """Names used before, most recent first, to offer when players sit down."""
        rows = self.db.execute(
            "SELECT name FROM names_seen ORDER BY recency DESC LIMIT ?", (limit,)
        ).fetchall()
        return [r[0] for r in rows]

    def integrity(self) -> str:
        return self.db.execute("PRAGMA integrity_check").fetchone()[0]
