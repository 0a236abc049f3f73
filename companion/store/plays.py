"""Reading what was played, for every command that only reads the table's database (history,
stats, export) and for the plays the table sends to a venue's hall: one reader, with the same
salvage and the same words as the table's own start.

A listing never writes to the database: the file is opened read-only (SQLite's mode=ro), so
neither a listing nor a mistake in one can change a game, reserve the log, or create a database
where there was none. A damaged file, or a damaged write-ahead log beside it, is read the way the
table reads it when it next starts (companion/store/recovery.py, companion/store/wal_salvage.py),
into a scratch copy: the listing shows what the table will keep, and says what was lost; the
table itself sets the damaged files aside when it next starts.
"""

from __future__ import annotations

import logging
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from importlib import resources
from pathlib import Path

from companion.core.game import Action
from companion.store import soundness
from companion.store.database import is_damage
from companion.store.guard import reason
from companion.store.migrations import LATEST
from companion.store.records import KEPT, MOVES_IN_EFFECT, GameRecord, readable

log = logging.getLogger(__name__)

_COLUMNS = "id, game, players, options, started_at, ended_at, status, result, cursor"
# What a reader adds to the notice: the files stay where they are until the table starts.
_UNTIL_START = "The table sets the damaged files aside and keeps this when it next starts."


class ReadError(Exception):
    """The database cannot be read as it is; the message says why."""


@contextmanager
def reading(path: Path | str, told: list[str] | None = None, *, live: bool = False
            ) -> Iterator[sqlite3.Connection | None]:
    """The table's database opened only to read, or None when no game was ever stored there.

    A damaged database or log is read as the table will read it at its next start; `told` gets
    what a person should know about that, in the words the table uses. `live`: the database the
    running table has open (the stats screen, the plays for the hall, the BG Stats link): its log
    is being written, so it is read as SQLite reads it; damage since the table opened it (a
    spoilt page, a dropped table, a move that cannot be read) is read and said as above."""
    path = Path(path)
    told = [] if told is None else told
    if not path.exists():
        yield None
        return
    with ExitStack() as stack:
        db = _open(path, told, stack, live)
        if db is not None:
            stack.callback(db.close)
        yield db


def _open(path: Path, told: list[str], stack: ExitStack, live: bool = False) -> sqlite3.Connection | None:
    # The running table's log is being written: SQLite reads it (its own checksums, up to the first
    # frame that fails); reading it whole here on every listing would cost seconds on a Pi. Damage
    # that reaches what SQLite reads is found by the checks below, as in a file no table holds.
    salvaged = None if live else _salvaged_log(path, told, stack)
    if salvaged is not None:
        return salvaged
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise ReadError(f"cannot read the game database {path}: {exc}") from None
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > LATEST:
            raise ReadError(f"the game database {path} was written by a newer companion (schema {version})")
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if path.stat().st_size == 0 and not live:
            trouble = "the file is empty"  # the table never leaves one so
        elif version == 0:
            if not _has_tables(db):
                db.close()
                return None
            trouble = "it holds no companion games"
        else:
            trouble = (f"integrity check: {check}" if check != "ok" else None) or soundness.problem(db)
    except ReadError:
        db.close()
        raise
    except sqlite3.DatabaseError as exc:
        db.close()
        if not is_damage(exc):  # a lock, a failing disk: nothing to salvage, and nothing to say it cost
            raise ReadError(f"cannot read the game database {path}: {reason(exc)}") from None
        trouble = str(exc)
        return _recovered(path, trouble, told, stack)
    if trouble is None:
        return db
    db.close()
    return _recovered(path, trouble, told, stack)


def _has_tables(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0


def _salvaged_log(path: Path, told: list[str], stack: ExitStack) -> sqlite3.Connection | None:
    """The database rebuilt with its damaged log's intact frames, or None when the log is sound."""
    log_path = Path(f"{path}-wal")
    try:
        if not log_path.is_file() or log_path.stat().st_size == 0:
            return None
    except OSError:
        return None
    from companion.store import wal, wal_salvage

    damage = wal.inspect(log_path)
    if damage is not None and not wal_salvage.holds_games(path, damage):
        log.info("the log beside %s is damaged only where the table reserved its length: nothing to "
                    "salvage", path)
        return None
    if damage is None:
        with log_path.open("rb") as f:
            header = f.read(wal.HEADER)
        size = int.from_bytes(header[8:12], "big") if len(header) == wal.HEADER else 0
        if not size or not wal_salvage.foreign(path, log_path, size):
            return None
    target = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="companion-read-"))) / "read.db"
    try:
        found = wal_salvage.salvage(path, damage, target)
    except (sqlite3.Error, OSError) as exc:
        log.info("the game database beside its damaged log cannot be rebuilt to read: %s", exc)
        return None  # read as a damaged file is, below
    told.append(f"{found.words()}. {_UNTIL_START}")
    return sqlite3.connect(target)


def _recovered(path: Path, trouble: str, told: list[str], stack: ExitStack) -> sqlite3.Connection:
    """A scratch database with every game still readable in the damaged file."""
    from companion.store.recovery import recover_into

    target = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="companion-read-"))) / "read.db"
    db = sqlite3.connect(target, isolation_level=None)
    schema = resources.files("companion.store").joinpath("schema.sql").read_text()
    db.executescript(f"BEGIN; {schema} PRAGMA user_version = {LATEST}; COMMIT;")
    try:
        saved = recover_into(path, db).words()
    except (sqlite3.Error, OSError) as exc:
        saved = f"nothing, its games could not be read ({exc})"
    told.append(f"The game database is damaged ({trouble}). What could still be read of it: {saved}. "
                f"{_UNTIL_START}")
    db.isolation_level = "DEFERRED"
    return db


def finished(db: sqlite3.Connection) -> list[GameRecord]:
    """Every finished game, oldest first (the order plays are logged in)."""
    rows = db.execute(f"SELECT {_COLUMNS} FROM games WHERE status = 'finished' ORDER BY id").fetchall()
    return [GameRecord.from_row(r) for r in rows]


def past(db: sqlite3.Connection, limit: int | None = None) -> list[GameRecord]:
    """Games that are over (finished or abandoned), newest first, each with the moves it keeps."""
    rows = db.execute(
        f"SELECT {_COLUMNS}, {KEPT} FROM games WHERE status != 'playing' ORDER BY id DESC LIMIT ?",
        (-1 if limit is None else limit,),
    ).fetchall()
    return [GameRecord.from_row(r) for r in rows]


def unfinished_ids(db: sqlite3.Connection) -> set[int]:
    """The numbers of the games in the log that are not finished (playing, or reopened by an undo)."""
    return {row[0] for row in db.execute("SELECT id FROM games WHERE status != 'finished'")}


def unfinished_starts(db: sqlite3.Connection) -> dict[int, str]:
    """unfinished_ids with when each game started (a play's name at the hall holds both)."""
    return {row[0]: row[1] for row in db.execute("SELECT id, started_at FROM games WHERE status != 'finished'")}


def actions(db: sqlite3.Connection, game_id: int) -> list[Action]:
    """A game's log entries in effect (a correction is one entry: companion/core/correction.py);
    only those before the first one lost or unreadable, for a game saved from damaged storage."""
    return [action for action, _at in readable(db.execute(MOVES_IN_EFFECT, (game_id,)))]


def shortfall(record: GameRecord, kept: int) -> str:
    """What a finished game's record lacks of its moves, in words for a listing."""
    lost = record.actions - kept
    return (f"game {record.id} ({', '.join(record.names)}) is counted as far as it can be read: "
            f"{'its last move' if lost == 1 else f'its last {lost} moves'} cannot be read")
