"""Opening the table's database: durable settings, schema, and damaged files moved aside."""

from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import time
import urllib.parse
from collections.abc import Sequence
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.core.errors import StoreFailure
from companion.store import migrations, soundness
from companion.store.clock import utc_now
from companion.store.guard import Guarded, is_disk_trouble, reason
from companion.store.records import KEPT, MOVES_IN_EFFECT, GameRecord, readable
from companion.store.timeline import StoredTimeline

if TYPE_CHECKING:  # names in annotations only: the store opens before the rules are imported
    from companion.core.game import Action
    from companion.core.seats import Seat

log = logging.getLogger(__name__)

SCHEMA_VERSION = migrations.LATEST
# SQLite copies the write-ahead log into the database once it holds this many pages (its
# default, stated here because the log's reserved size follows from it), then writes the log
# again from its start.
WAL_CHECKPOINT_PAGES = 1000
# Room for the commit that crosses the checkpoint line as well.
WAL_RESERVE_PAGES = WAL_CHECKPOINT_PAGES + 64
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
    """The table's one database file. `notices` says what a person should know about opening it.

    `playing=False` opens it only to read what was played (companion history): read-only, it
    never creates, prepares, repairs or moves a file (run with sudo, a file it made would belong
    to root, and the table's own account could no longer save). Only the app, opening it to
    play, sets a damaged file aside, and it says so on the touchscreen.
    """

    def __init__(self, path: Path | str, *, playing: bool = True, reserve_log: bool = True) -> None:
        self.path = Path(path)
        self.playing = playing
        # False: the write-ahead log is reserved when reserve_log() is called (the app: after its
        # first frame, well before the first move), not while the table is starting.
        self._reserve_on_open = reserve_log
        self.notices: list[str] = []
        self._opened_epoch = int(time.time())  # epoch() of a database without a game yet
        if not playing:
            self._guard = Guarded(self._open_to_read(), self._open_to_read)
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
            raise StoreError(f"cannot make the folder for the game database {self.path.parent}: "
                             f"{getattr(exc, 'strerror', None) or exc}") from None
        try:
            self._salvage_log()  # before any connection: the first one would replay and reset it
            db = self._open_checked()
        except sqlite3.DatabaseError as exc:
            if is_disk_trouble(exc):
                # A full or failing disk may pass: the table starts, says so, and opens the
                # file as soon as it can (a service that stops here would start into the same
                # failure again and again, and systemd gives up after a few).
                why = self._disk_reason(exc)
                log.error("the game database %s cannot be opened yet: %s (%s)", self.path, why, exc)
                self._guard = Guarded(None, self._open_or_say_why, failure=why)
                return
            if not is_damage(exc):
                raise StoreError(f"cannot use the game database {self.path}: {exc}") from None
            moved = self._move_aside()
            db = self._open_checked()
            saved = self._recover(moved, db)
            log.error("The game database %s was damaged (%s). It was kept as %s and a new database was "
                      "started with what could still be read: %s.", self.path, exc, moved, saved)
            # For the touchscreen and the status screen: short enough to read at a glance, the
            # file's name beside the database (its whole path is in the log above).
            self.notices.append(f"The game database was damaged ({exc}). A new one holds what could still "
                                f"be read: {saved}. The damaged file is kept as {moved.name}.")
        self._guard = Guarded(db, self._open_checked)
        if not self._writable():
            # SQLite would say nothing until the first move: the touchscreen says it at once.
            self._guard.mark_read_only()
            log.error("the game database %s is read-only", self.path)

    @property
    def db(self) -> sqlite3.Connection | None:
        return self._guard.db

    @property
    def available(self) -> bool:
        """Whether the file is open; False while a full or failing disk keeps it from opening."""
        return self._guard.available

    def reconnect(self) -> bool:
        """Try again to open a file that could not be opened; whether it is open now."""
        return self._guard.reader() is not None

    def _disk_reason(self, exc: BaseException) -> str:
        # SQLite says "disk I/O error" when it cannot make its index file on a full disk.
        try:
            if shutil.disk_usage(self.path.parent).free < 256 * 1024:
                return "the disk is full"
        except OSError:
            pass
        return reason(exc)

    def _open_or_say_why(self) -> sqlite3.Connection:
        try:
            return self._open_checked()
        except sqlite3.Error as exc:
            raise StoreFailure(self._disk_reason(exc)) from exc

    @property
    def failure(self) -> str | None:
        """What the last write ran into (\"the disk is full\"), until a write succeeds again."""
        return self._guard.failure

    @property
    def failure_notice(self) -> str | None:
        """The failure in words for the touchscreen and the status screen, while it lasts."""
        if self.failure is None:
            return None
        return (f"Moves are not being saved: {self.failure}. Each move is refused "
                "until the game database can be written again; the table carries on by itself then.")

    def _writable(self) -> bool:
        # SQLite opens a file it may not write read-only, without a word: ask the system instead.
        # The folder too: the write-ahead log and its index are files beside the database.
        return os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)

    def _open_to_read(self) -> sqlite3.Connection:
        """Open without writing anything: a missing file or a damaged one is reported, not replaced."""
        if not self.path.is_file():
            raise StoreError(f"no game database at {self.path}: no game has been played with this configuration")
        if self.path.stat().st_size == 0:
            raise StoreError(f"the game database {self.path} is damaged (the file is empty); "
                             "the table keeps it aside and starts a new one when it next starts, "
                             "with the games still readable in it")
        uri = "file:" + urllib.parse.quote(str(self.path.resolve())) + "?mode=ro"
        try:
            db = sqlite3.connect(uri, uri=True, check_same_thread=False)
            db.execute("PRAGMA busy_timeout = 5000")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"the game database {self.path} was written by a newer companion (schema {version}); "
                    "update this one to read it"
                )
            if version == 0:
                raise sqlite3.DatabaseError("it holds no companion games")
            if version < SCHEMA_VERSION:
                # A listing never writes, so it cannot bring the file up to date (migrations.py).
                raise StoreError(f"the game database {self.path} was written by an earlier companion "
                                 f"(schema {version}); start the table once to bring it up to date")
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check: {check}")
        except sqlite3.DatabaseError as exc:
            if is_damage(exc) or "no companion games" in str(exc):
                raise StoreError(f"the game database {self.path} is damaged ({exc}); the table keeps it "
                                 "aside and starts a new one when it next starts, with the games still "
                                 "readable in it") from None
            raise StoreError(f"cannot read the game database {self.path}: {exc}") from None
        return db

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
            # (_reserve_wal lowers it briefly for filler, and sets it back.)
            db.execute("PRAGMA synchronous = FULL")
            db.execute("PRAGMA foreign_keys = ON")
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check: {check}")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            # A newer companion's tables are its own; an older one's are brought up to date below.
            trouble = soundness.problem(db) if version == SCHEMA_VERSION else None
            if trouble:  # a dropped table, a move that cannot be read: set aside as damage
                raise sqlite3.DatabaseError(trouble)
            if version > SCHEMA_VERSION:
                # Not damage: a newer companion's games, kept as they are for that version.
                raise StoreError(
                    f"the game database {self.path} was written by a newer companion (schema {version}); "
                    "update this one, or set [data] dir to another folder"
                )
            if version == 0:
                schema = resources.files("companion.store").joinpath("schema.sql").read_text()
                db.executescript(f"BEGIN; {schema} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
            elif version < SCHEMA_VERSION:
                # Written by an earlier companion: its games come along (migrations.py).
                try:
                    self.notices.append(migrations.upgrade(db, self.path, version))
                except migrations.MigrationError as exc:
                    raise StoreError(str(exc)) from None
            if self._reserve_on_open:
                self._reserve_wal(db)
        except BaseException:
            db.close()
            raise
        # A Python connection defaults to deferred transactions; `with db:` in the
        # timeline commits each change as one unit.
        db.isolation_level = "DEFERRED"
        return db

    def reserve_log(self) -> None:
        """Reserve the write-ahead log now, for a store opened with reserve_log=False; a file
        opened again later (after a full disk) reserves it as it opens."""
        self._reserve_on_open = True
        db = self._guard.db
        if db is None:
            return  # not open yet: reserved when it opens
        db.isolation_level = None  # each filler change its own commit, as while opening
        try:
            self._reserve_wal(db)
        finally:
            db.isolation_level = "DEFERRED"

    def _reserve_wal(self, db: sqlite3.Connection) -> None:
        """Give the write-ahead log its working length before the first move of the evening.

        Flushing a file that grew must also flush its new length (on ext4, a journal commit
        on the SD card); a log rewritten in place flushes its data alone. SQLite rewrites the
        log from its start after each checkpoint, so only the first pages after a start would
        grow it: bench/commit.py shows what that costs. SQLite deletes the log when the table
        closes, so this runs at each start, unless a pulled plug left a full-length log.
        """
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        wal = Path(f"{self.path}-wal")
        if wal.exists() and wal.stat().st_size >= WAL_RESERVE_PAGES * page_size:
            return  # a pulled plug left a full-length log
        if not self._writable():
            return  # a file it may not write: nothing to reserve (the touchscreen says so)
        free = shutil.disk_usage(self.path.parent).free
        if free < 2 * WAL_RESERVE_PAGES * page_size:
            # Filler written into the last free bytes would leave none for the checkpoint that
            # hands them back (it grows the database by a page): the disk stays full, no game
            # can start. With so little room, the short log it is.
            log.warning("The game log keeps its short length (%d kB free on the disk): moves still save, "
                        "a little slower", free // 1024)
            return
        # One page rewritten by many small commits lengthens the log without growing the
        # database. Those commits skip the flush (they hold nothing worth keeping) and no
        # checkpoint runs meanwhile, so a pulled plug here leaves only a torn log of filler,
        # which SQLite discards on the next open.
        reserved = True
        db.execute("PRAGMA wal_autocheckpoint = 0")
        db.execute("PRAGMA synchronous = OFF")
        try:
            db.execute("CREATE TABLE IF NOT EXISTS wal_filler (n INTEGER)")
            db.execute("INSERT INTO wal_filler VALUES (0)")
            for _ in range(WAL_RESERVE_PAGES):
                db.execute("UPDATE wal_filler SET n = n + 1")
        except sqlite3.OperationalError as exc:
            # Only a speed-up: a nearly full disk must not stop the table.
            reserved = False
            log.warning("The game log keeps its short length (%s): moves still save, a little slower", exc)
        finally:
            db.execute("PRAGMA synchronous = FULL")
            try:
                if not reserved:  # hand the space back before anything else is written
                    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                db.execute("DROP TABLE IF EXISTS wal_filler")  # flushed: the log's length with it
                # Reserved: the next commit writes from the log's start. If not: a short log.
                db.execute(f"PRAGMA wal_checkpoint({'RESTART' if reserved else 'TRUNCATE'})")
            except sqlite3.OperationalError as exc:
                log.warning("The game log could not be reset after reserving it (%s)", exc)
            db.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")

    def _recover(self, moved: Path, db: sqlite3.Connection) -> str:
        """Copy the games still readable in the file set aside into the new one; say how it went."""
        from companion.store.recovery import recover_into  # only for a damaged database

        try:
            return recover_into(moved, db).words()
        except (sqlite3.Error, OSError) as exc:
            # A full disk, say: the table starts all the same, with the file kept for later.
            log.error("the games of %s could not be copied: %s", moved, exc)
            return f"nothing, its games could not be copied ({reason(exc)})"

    def _salvage_log(self) -> None:
        """A damaged write-ahead log (or another database's) is set aside with the database, and a
        new database holds what SQLite would read plus every move the log's intact frames keep.

        Safe against a pulled plug at any moment: the new database is built complete beside the
        old one (`<name>.rebuilt`) before anything is moved; a start that finds one finishes the
        job (the files still in place set aside, the rebuilt one put in their place)."""
        log_path = Path(f"{self.path}-wal")
        rebuilt = self.path.with_name(f"{self.path.name}.rebuilt")
        building = self.path.with_name(f"{self.path.name}.rebuilding")
        building.unlink(missing_ok=True)  # a copy cut short: made again below if still needed
        if rebuilt.exists():
            moved = self._move_aside()
            os.replace(rebuilt, self.path)
            _flush_folder(self.path.parent)
            log.error("The table stopped while it set a damaged log aside; the database rebuilt from it is "
                      "in place now, the damaged files kept as %s", moved)
            self.notices.append("The table's storage was damaged, and the table was stopped while it kept what "
                                f"could be read; it is kept now. The damaged files are kept as {moved.name}.")
            return
        if not (self.path.is_file() and log_path.is_file() and log_path.stat().st_size > 0):
            return  # the usual start: no log left by a pulled plug
        from companion.store import wal, wal_salvage  # only after a pulled plug

        damage = wal.inspect(log_path)
        if damage is not None and not wal_salvage.holds_games(self.path, damage):
            log.info("the log beside %s is damaged only where the table reserved its length: nothing to "
                        "salvage", self.path)
            return
        if damage is None:
            with log_path.open("rb") as f:
                header = f.read(wal.HEADER)
            size = int.from_bytes(header[8:12], "big") if len(header) == wal.HEADER else 0
            if not size or not wal_salvage.foreign(self.path, log_path, size):
                return
        try:
            found = wal_salvage.salvage(self.path, damage, building)
            with building.open("rb+") as f:
                os.fsync(f.fileno())
            os.replace(building, rebuilt)
            _flush_folder(self.path.parent)
        except (sqlite3.Error, OSError) as exc:
            # The database file itself is damaged too: it is read as any damaged file is.
            building.unlink(missing_ok=True)
            moved = self._move_aside()
            log.info("the game database set aside as %s could not be rebuilt from its log: %s", moved, exc)
            db = self._open_checked()
            saved = self._recover(moved, db)
            db.close()
            said = f"The table's storage was damaged. A new game database holds what could still be read: {saved}."
            log.error("%s The damaged files are kept as %s and %s-wal.", said, moved, moved)
            self.notices.append(f"{said} The damaged files are kept as {moved.name}.")
            return
        moved = self._move_aside()
        os.replace(rebuilt, self.path)
        _flush_folder(self.path.parent)
        # Once on the terminal, in the words the screen shows, with the files' whole path.
        log.error("%s. The damaged files are kept as %s and %s-wal.", found.words(), moved, moved)
        self.notices.append(f"{found.words()}. The damaged files are kept as {moved.name}.")

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
        self._guard.close()

    # -- games ---------------------------------------------------------------

    def new_game(self, game: str, players: Sequence[Seat], options: dict[str, Any]) -> StoredTimeline:
        """Start a game's record; a game still marked as playing is set aside as abandoned."""
        now = utc_now()
        with self._guard.write() as db:  # StoreFailure: no record was started
            db.execute(
                "UPDATE games SET status = 'abandoned', ended_at = ? WHERE status = 'playing'", (now,)
            )
            cur = db.execute(
                "INSERT INTO games (game, players, options, started_at, status) VALUES (?, ?, ?, ?, 'playing')",
                (game, json.dumps([s.to_json() for s in players]), json.dumps(options), now),
            )
            for i, seat in enumerate(players):
                # Clock time ties within a second; the game id and seat never do.
                db.execute(
                    "INSERT INTO names_seen (name, recency) VALUES (?, ?)"
                    " ON CONFLICT(name) DO UPDATE SET name = excluded.name, recency = excluded.recency",
                    (seat.name, cur.lastrowid * 1000 - i),
                )
        return StoredTimeline(self._guard, cur.lastrowid)

    def timeline(self, game_id: int) -> StoredTimeline:
        return StoredTimeline(self._guard, game_id)

    def latest(self) -> GameRecord | None:
        """The most recent game that is playing or finished (what the table last showed)."""
        db = self._guard.reader()
        if db is None:
            return None  # the file cannot be opened yet: nothing to show, the touchscreen says why
        row = db.execute(
            f"SELECT {_RECORD_COLUMNS} FROM games WHERE status != 'abandoned' ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return GameRecord.from_row(row) if row else None

    def last_game_number(self) -> int | None:
        """The newest game's record number, whatever became of it (numbers only grow)."""
        db = self._guard.reader()
        return db.execute("SELECT max(id) FROM games").fetchone()[0] if db is not None else None

    def epoch(self) -> int:
        """This database's epoch, in seconds since 1970 (UTC): when its first game started, or,
        before it has any game, when this Store opened it. A new database (a Pi replaced) has a
        later one than the database it replaces, so the hall follows the newest Pi whatever its
        versions; a database copied, upgraded or recovered keeps its first game, so its epoch."""
        db = self._guard.reader()
        first = db.execute("SELECT min(started_at) FROM games").fetchone()[0] if db is not None else None
        if first:
            try:
                return int(datetime.fromisoformat(first).timestamp())
            except ValueError:
                pass
        return self._opened_epoch

    def unfinished(self) -> GameRecord | None:
        """The game to resume on start, if one was being played."""
        latest = self.latest()
        return latest if latest and latest.status == "playing" else None

    def abandon(self, game_id: int) -> None:
        with self._guard.write() as db:
            db.execute(
                "UPDATE games SET status = 'abandoned', ended_at = ? WHERE id = ? AND status = 'playing'",
                (utc_now(), game_id),
            )

    def history(self, limit: int | None = None) -> list[GameRecord]:
        """Games that are over (finished or abandoned), newest first, each with the moves it keeps."""
        db = self._guard.reader()
        if db is None:
            return []
        rows = db.execute(
            f"SELECT {_RECORD_COLUMNS}, {KEPT} FROM games WHERE status != 'playing' ORDER BY id DESC LIMIT ?",
            (-1 if limit is None else limit,),
        ).fetchall()
        return [GameRecord.from_row(r) for r in rows]

    def record(self, game_id: int) -> GameRecord | None:
        db = self._guard.reader()
        row = db.execute(f"SELECT {_RECORD_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone() if db else None
        return GameRecord.from_row(row) if row else None

    def played(self, game_id: int) -> list[tuple[Action, str]]:
        """A game's actions in effect (an undone tail left out), each with when it was accepted;
        only those before the first one lost, for a game saved from a damaged database."""
        db = self._guard.reader()
        if db is None:
            return []
        return readable(db.execute(MOVES_IN_EFFECT, (game_id,)))

    def names_seen(self, limit: int = 24) -> list[str]:
        """Names used before, most recent first, to offer when players sit down."""
        db = self._guard.reader()
        if db is None:
            return []
        rows = db.execute(
            "SELECT name FROM names_seen ORDER BY recency DESC LIMIT ?", (limit,)
        ).fetchall()
        return [r[0] for r in rows]

    def integrity(self) -> str:
        with self._guard.read() as db:
            return db.execute("PRAGMA integrity_check").fetchone()[0]


def _flush_folder(folder: Path) -> None:
    """A rename is on the card once its folder is flushed (ext4 keeps it in memory until then)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
