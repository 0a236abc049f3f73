"""Reading what was played, for stats and exports: a listing never writes to the database.

The file is opened read-only (SQLite's mode=ro), so neither a listing nor a mistake in one can
change a game, reserve the log, or create a database where there was none.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.core.game import Action
from companion.store.migrations import LATEST
from companion.store.records import MOVES_IN_EFFECT, GameRecord, unbroken

_COLUMNS = "id, game, players, options, started_at, ended_at, status, result, cursor"


class ReadError(Exception):
    """The database cannot be read as it is; the message says why."""


@contextmanager
def reading(path: Path | str) -> Iterator[sqlite3.Connection | None]:
    """The table's database opened only to read, or None when no game was ever stored there."""
    path = Path(path)
    if not path.exists():
        yield None
        return
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        version = db.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise ReadError(f"cannot read the game database {path}: {exc}") from None
    try:
        if version > LATEST:
            raise ReadError(f"the game database {path} was written by a newer companion (schema {version})")
        yield db if version else None
    finally:
        db.close()


def finished(db: sqlite3.Connection) -> list[GameRecord]:
    """Every finished game, oldest first (the order plays are logged in)."""
    rows = db.execute(f"SELECT {_COLUMNS} FROM games WHERE status = 'finished' ORDER BY id").fetchall()
    return [GameRecord.from_row(r) for r in rows]


def unfinished_ids(db: sqlite3.Connection) -> set[int]:
    """The numbers of the games in the log that are not finished (playing, or reopened by an undo)."""
    return {row[0] for row in db.execute("SELECT id FROM games WHERE status != 'finished'")}


def unfinished_starts(db: sqlite3.Connection) -> dict[int, str]:
    """unfinished_ids with when each game started (a play's name at the hall holds both)."""
    return {row[0]: row[1] for row in db.execute("SELECT id, started_at FROM games WHERE status != 'finished'")}


def actions(db: sqlite3.Connection, game_id: int) -> list[Action]:
    """A game's log entries in effect (a correction is one entry: companion/core/correction.py);
    only those before the first one lost, for a game saved from a damaged database."""
    return [json.loads(action) for action, _at in unbroken(db.execute(MOVES_IN_EFFECT, (game_id,)))]
