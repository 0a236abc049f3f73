"""The store's one connection, whose failures reach the game as StoreFailure with words a person can act on.

A full disk, a read-only file or an I/O error must never close the table: each write is one
transaction that is kept whole or not at all, and a failed one raises StoreFailure, which the
session turns into a refusal ("Not recorded: the disk is full. The game is as it was.").
`failure` says, for the status screen, what the last write ran into, until one succeeds again.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from companion.core.errors import StoreFailure

log = logging.getLogger(__name__)

# SQLite's primary result codes (sqlite_errorname without the extended part) -> what to say.
_REASONS = {
    "SQLITE_FULL": "the disk is full",
    "SQLITE_READONLY": "the game database is read-only",
    "SQLITE_IOERR": "the disk failed to read or write (I/O error)",
    "SQLITE_BUSY": "the game database is in use by another program",
    "SQLITE_LOCKED": "the game database is in use by another program",
    "SQLITE_CANTOPEN": "the game database cannot be opened",
    "SQLITE_CORRUPT": "the game database is damaged",
    "SQLITE_NOTADB": "the game database is damaged",
    "SQLITE_PERM": "the game database may not be written",
}


def reason(exc: BaseException) -> str:
    """What went wrong, in a few words a person can act on (no class names, no codes)."""
    name = getattr(exc, "sqlite_errorname", None) or ""
    base = "_".join(name.split("_")[:2])  # SQLITE_IOERR_WRITE -> SQLITE_IOERR
    if base in _REASONS:
        return _REASONS[base]
    if isinstance(exc, OSError):
        return f"the game database failed ({exc.strerror or exc})"
    return f"the game database failed ({exc})"


def is_disk_trouble(exc: BaseException) -> bool:
    """A disk that is full or failing: it may pass (space freed), unlike a wrong path or a damaged file."""
    return (getattr(exc, "sqlite_errorname", None) or "").startswith(("SQLITE_FULL", "SQLITE_IOERR"))


def is_read_only(exc: BaseException) -> bool:
    return (getattr(exc, "sqlite_errorname", None) or "").startswith("SQLITE_READONLY")


class Guarded:
    """One SQLite connection; `write()` and `read()` turn its failures into StoreFailure.

    `db` is None while the file could not be opened at all (a full disk at start-up): every
    read and write tries to open it first, so the table needs no restart once space returns.
    """

    def __init__(self, db: sqlite3.Connection | None, reopen: Callable[[], sqlite3.Connection],
                 failure: str | None = None) -> None:
        self.db = db
        self.failure = failure
        self._reopen = reopen
        # A connection SQLite opened read-only stays read-only even once the file is writable
        # again: the next write first opens the file anew, so the table recovers by itself.
        self._stale = db is None

    @property
    def available(self) -> bool:
        return self.db is not None

    def reader(self) -> sqlite3.Connection | None:
        """The connection to read from, opened now if it could not be before; None if it still cannot."""
        if self.db is None:
            try:
                self._fresh()
            except StoreFailure:
                return None
        return self.db

    def mark_read_only(self) -> None:
        self.failure = _REASONS["SQLITE_READONLY"]
        self._stale = True

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One transaction: on disk whole when the block ends, else rolled back and StoreFailure."""
        if self._stale:
            self._fresh()
        try:
            with self.db:
                yield self.db
        except (sqlite3.Error, OSError) as exc:
            self._roll_back()
            why = reason(exc)
            self.failure = why
            self._stale = is_read_only(exc)
            log.error("a write to the game database failed: %s (%s)", why, exc)
            raise StoreFailure(why) from exc
        if self.failure is not None:
            log.warning("the game database saves again")
        self.failure = None

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        if self.db is None:
            self._fresh()
        try:
            yield self.db
        except (sqlite3.Error, OSError) as exc:
            why = reason(exc)
            log.error("a read from the game database failed: %s (%s)", why, exc)
            raise StoreFailure(why) from exc

    def _fresh(self) -> None:
        try:
            db = self._reopen()
        except StoreFailure as exc:  # the opener's own words ("the disk is full")
            self.failure = str(exc)
            raise
        except (sqlite3.Error, OSError) as exc:
            self.failure = reason(exc)
            raise StoreFailure(self.failure) from exc
        except Exception as exc:  # noqa: BLE001 - e.g. StoreError from the checks: not usable yet
            self.failure = str(exc)
            raise StoreFailure(self.failure) from exc
        old, self.db, self._stale = self.db, db, False
        if old is None:
            # Opened at last (it could not be at start-up): its own checks read and wrote it.
            log.warning("the game database opens again")
            self.failure = None
        if old is not None:
            try:
                old.close()
            except sqlite3.Error:
                pass

    def _roll_back(self) -> None:
        # Python's `with db:` rolls back a failed block, and (3.11) a failed commit leaves no
        # transaction open in SQLite either; made sure here, so the next write starts clean.
        try:
            if self.db.in_transaction:
                self.db.rollback()
        except sqlite3.Error:
            pass

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
