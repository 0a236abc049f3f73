"""Games and moves still readable in a damaged database, copied into the new one that replaces it.

A bad sector or a scribbled page spoils the pages it hits, not the whole file: the other games
are still there. Two readers look for them:

1. SQLite's own recovery, as `sqlite3 FILE .recover` does (the sqlite3 program, Debian package
   `sqlite3`): it reads every page it can, also those no longer linked from the tables' roots,
   and writes SQL that rebuilds them in a scratch database. Rows of pages no table led to (below
   a spoilt inner page) it puts in a table of its own, lost_and_found: moves found there once
   are read too. Debian 12's program is built
   without the page reader it needs (it stops with "no such table: sqlite_dbpage"); then, or
   when the program is missing, the second reader has to do alone.
2. The damaged file read key by key: each game's row by its number, each move by its game and
   place. A lookup passes only through the pages on its own path, so a spoilt page costs the
   rows on it, not the rest.

A game's moves are put together by their number from both readings: a move one reader lost the
other may have read, so a game each read only in part may still come through whole (merge()).
A game whose row can be read is saved, with its number, players, options and result, so the
history, stats and export keep it. Its moves come along as far as they can be read (an undone
tail that was lost is dropped, so its redo is gone). When a move in effect is lost, the game is
saved without its whole story: the row keeps its count of moves, while the moves stored are
fewer (the store plays a game's moves only up to the first one missing, companion/store/
records.py), so no schema change is needed to mark it. Such a game cannot be rebuilt by
playing its moves again: one still being played is set aside as left unfinished, and never
resumed into a state it was not in. A game whose row cannot be read is counted as lost.
"""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
import subprocess
import tempfile
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)
# How a damaged file was read (which reader ran, what each one found) is logged at INFO: the log
# file keeps it for whoever looks into the card; the terminal and the screen get the one notice
# the caller writes in players' words (companion/store/database.py, companion/store/plays.py).

_GAME_COLUMNS = ("id, game, players, options, started_at, ended_at, status, result, cursor, "
                 "revision, length")
# Game numbers only grow and none is ever deleted: past this many missing numbers in a row,
# the table has ended (numbers of games lost on spoilt pages come between found ones).
_END_OF_GAMES = 32
# More games than a table plays in decades: a number beyond it is a spoilt page's noise.
_MOST_GAMES = 1_000_000
# A recovery that runs this long is stuck on the file: the table starts without it.
RECOVER_SECONDS = 60


@dataclass(frozen=True)
class Recovered:
    """How many games were copied into the new database (`partial` of them without every move in
    effect), and how many were there but could not be read."""

    saved: int
    lost: int
    how: str  # which readers ran, for the log
    partial: int = 0

    def words(self) -> str:
        if self.saved == 0 and self.lost == 0:
            return "no game could be read from it"
        games = f"{self.saved} game{'' if self.saved == 1 else 's'} saved"
        if not self.partial:
            return f"{games}, {self.lost} could not be read"
        if self.partial == self.saved:
            some = "without its whole story" if self.saved == 1 else "all without their whole story"
        else:
            some = f"{self.partial} of them without {'its' if self.partial == 1 else 'their'} whole story"
        return f"{games}, {some}; {self.lost} could not be read"


@dataclass(frozen=True)
class Reading:
    """What one reader read of a game: its row, and each move it could read by its place (idx)."""

    row: tuple
    moves: dict[int, tuple[str, str]]  # idx: (action, at)


@dataclass(frozen=True)
class _Game:
    row: tuple
    # (idx, action, at): the moves that could be read; a whole game's run unbroken from the first,
    # with its readable redo tail.
    moves: list[tuple[int, str, str]]
    whole: bool  # every move in effect was read


def recover_into(damaged: Path, new: sqlite3.Connection) -> Recovered:
    """Copy every game of `damaged` (with its -wal beside it) whose row can be read into `new`, with
    every move either reader read of it; count those saved without every move in effect, and those
    whose row could not be read."""
    with tempfile.TemporaryDirectory(prefix="companion-recover-") as scratch:
        folder = Path(scratch)
        copy = folder / "damaged.db"  # the kept file stays byte for byte as it was found
        for suffix in ("", "-wal"):
            with suppress(FileNotFoundError):
                shutil.copyfile(f"{damaged}{suffix}", f"{copy}{suffix}")
        sources: list[tuple[str, sqlite3.Connection]] = []
        how = []
        rebuilt = _sqlite_recover(copy, folder / "recovered.db")
        if rebuilt is not None and _readable(rebuilt, "the database sqlite3 .recover rebuilt"):
            sources.append(("recover", rebuilt))
            how.append("SQLite's recovery")
        direct = _open(copy)
        if direct is not None and _readable(direct, "the damaged game database"):
            sources.append(("direct", direct))
            how.append("key by key")
        try:
            return _copy_games(sources, new, " and ".join(how) or "nothing could open it")
        finally:
            for _, db in sources:
                db.close()


def _sqlite_recover(copy: Path, target: Path) -> sqlite3.Connection | None:
    """The scratch database `sqlite3 COPY .recover` rebuilds, or None when the program cannot."""
    program = shutil.which("sqlite3")
    if program is None:
        log.info("the sqlite3 program is not installed (Debian package sqlite3): the damaged game "
                    "database is read key by key only")
        return None
    try:
        done = subprocess.run([program, str(copy), ".recover"], capture_output=True, timeout=RECOVER_SECONDS,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.info("sqlite3 .recover could not run: %s", exc)
        return None
    # A recovery that stopped halfway writes a beginning of SQL and an error: it is not used.
    if done.returncode != 0 or done.stderr.strip() or not done.stdout.strip():
        log.info("sqlite3 .recover could not recover the damaged game database (exit %s): %s",
                    done.returncode, done.stderr.decode("utf-8", "replace").strip()[:300])
        return None
    db = sqlite3.connect(target, isolation_level=None)
    try:
        db.executescript(done.stdout.decode("utf-8", "surrogateescape"))
    except (sqlite3.Error, UnicodeError) as exc:
        log.info("the SQL from sqlite3 .recover could not be run: %s", exc)
        db.close()
        return None
    return db


def _open(copy: Path) -> sqlite3.Connection | None:
    try:
        return sqlite3.connect(copy, isolation_level=None)
    except sqlite3.Error as exc:
        log.info("the damaged game database cannot be opened: %s", exc)
        return None


def _readable(db: sqlite3.Connection, what: str) -> bool:
    """Whether the games' table can be found at all (the schema's own page is readable); closes it
    if not. Without the moves' table the games are still saved, each without its story."""
    try:
        db.execute("SELECT 1 FROM games LIMIT 0")
    except sqlite3.Error as exc:
        log.info("%s has no readable tables of games: %s", what, exc)
        db.close()
        return False
    return True


def _copy_games(sources: list[tuple[str, sqlite3.Connection]], new: sqlite3.Connection, how: str) -> Recovered:
    numbers: set[int] = set()
    for _, db in sources:
        numbers |= _game_numbers(db)
    found: dict[int, _Game] = {}
    orphans = {name: _orphan_moves(db) for name, db in sources if name == "recover"}
    for number in sorted(numbers):
        readings = {name: _read_game(db, number, orphans.get(name, {})) for name, db in sources}
        game = merge(readings.get("recover"), readings.get("direct"))
        if game is not None:
            found[number] = game
    names = _names(sources)
    with new:  # one transaction: all of it is in the new database, or none of it
        for game in found.values():
            new.execute(
                f"INSERT INTO games ({_GAME_COLUMNS}, snap_idx, snap_state)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL)",
                # No snapshot comes along (it may be the spoilt part): resuming replays the moves.
                _row_to_keep(game),
            )
            new.executemany("INSERT INTO actions (game_id, idx, action, at) VALUES (?, ?, ?, ?)",
                            [(game.row[0], idx, action, at) for idx, action, at in game.moves])
        new.executemany(
            "INSERT INTO names_seen (name, recency) VALUES (?, ?) ON CONFLICT(name) DO NOTHING", names
        )
    partial = sum(1 for game in found.values() if not game.whole)
    result = Recovered(saved=len(found), lost=len(numbers) - len(found), how=how, partial=partial)
    log.info("damaged game database read (%s): %s", how, result.words())
    return result


def _game_numbers(db: sqlite3.Connection) -> set[int]:
    """Every game number the file shows signs of: its own row, moves that name it, or a spoilt
    page where it would be, below the highest number seen."""
    top = 0
    for sql in ("SELECT max(id) FROM games", "SELECT max(game_id) FROM actions"):
        with suppress(sqlite3.Error, TypeError):
            top = max(top, int(db.execute(sql).fetchone()[0] or 0))
    top = min(top, _MOST_GAMES)  # a spoilt page may hold any number
    present: set[int] = set()
    spoilt: set[int] = set()
    number, streak = 1, 0
    while number <= _MOST_GAMES and (number <= top or streak < _END_OF_GAMES):
        try:
            there = db.execute("SELECT 1 FROM games WHERE id = ?", (number,)).fetchone() is not None
            there = there or db.execute("SELECT 1 FROM actions WHERE game_id = ? LIMIT 1", (number,)).fetchone()
        except sqlite3.Error:
            spoilt.add(number)
            there = False
        if there:
            present.add(number)
            streak = 0
        else:
            streak += 1
        number += 1
    last = max([top, *present])
    return present | {n for n in spoilt if n <= last}


def _row_to_keep(game: _Game) -> tuple:
    """The game's row for the new database: as it was, for a game read whole. One with moves lost
    keeps its count of moves in effect (what tells the story where it stops), has no redo tail
    (it can never be played on), and one still being played is set aside as left unfinished
    when its last readable move was made: replaying what is left would resume it in a state it
    was never in."""
    (gid, kind, players, options, started, ended, status, result, cursor, revision, _length) = game.row
    if game.whole:
        return (gid, kind, players, options, started, ended, status, result, cursor, revision, len(game.moves))
    if status == "playing":
        status, ended = "abandoned", max([started, *(at for _, _, at in game.moves)])
    return (gid, kind, players, options, started, ended, status, result, cursor, revision, cursor)


def _orphan_moves(db: sqlite3.Connection) -> dict[tuple[int, int], tuple[str, str]]:
    """Moves SQLite's recovery found on pages no table led to (its lost_and_found table): below a
    spoilt inner page of the moves' table, say. A move found there in two versions (an older copy
    on a page since freed) is left out: which one was in effect cannot be known."""
    found: dict[tuple[int, int], tuple[str, str] | None] = {}
    try:
        rows = db.execute("SELECT c0, c1, c2, c3 FROM lost_and_found WHERE nfield = 4 AND id IS NULL").fetchall()
    except sqlite3.Error:
        return {}  # nothing was lost and found
    for gid, idx, action, at in rows:
        if isinstance(gid, int) and isinstance(idx, int) and idx >= 0 and _sound_move(action, at):
            key = (gid, idx)
            found[key] = (action, at) if found.get(key, (action, at)) == (action, at) else None
    return {key: move for key, move in found.items() if move is not None}


def _read_game(db: sqlite3.Connection, number: int,
               orphans: dict[tuple[int, int], tuple[str, str]] | None = None) -> Reading | None:
    """The game's row with every move of it that can be read (from its table, else among
    `orphans`), or None when its row cannot be read."""
    try:
        row = db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (number,)).fetchone()
    except sqlite3.Error:
        return None
    if row is None or not _sound(row):
        return None
    moves = {}
    for idx in range(row[10]):  # its length: the moves in effect and the redo tail
        try:
            move = db.execute("SELECT action, at FROM actions WHERE game_id = ? AND idx = ?",
                              (number, idx)).fetchone()
        except sqlite3.Error:
            move = None
        if move is not None and _sound_move(*move):
            moves[idx] = (move[0], move[1])
        elif orphans and (number, idx) in orphans:
            moves[idx] = orphans[(number, idx)]
    return Reading(tuple(row), moves)


def merge(recovered: Reading | None, direct: Reading | None) -> _Game | None:
    """One game from what SQLite's recovery read of it and what the key-by-key read did (either
    may be None: its row could not be read): each move read by either, by its place; None when
    neither read its row.

    Where the two differ, the key-by-key reading is the one trusted: its lookups follow the live
    tables from their roots, so what it reads is the game as the table last wrote it. SQLite's
    recovery also gathers rows from pages no longer linked into the tables, and such a page may
    hold an older copy: a row from before the last moves, or a move that was undone and then
    replaced by another. So a move the two read differently is the key-by-key one, and a row
    they read differently is the key-by-key one, without the recovery's moves (they may be of
    the game at another moment)."""
    if direct is None or recovered is None:
        reading = direct or recovered
        return None if reading is None else _settle(reading.row, reading.moves)
    if recovered.row != direct.row:
        log.info("game %s reads differently in SQLite's recovery and key by key: the key-by-key "
                    "reading is kept", direct.row[0])
        return _settle(direct.row, direct.moves)
    differ = sorted(idx for idx in recovered.moves.keys() & direct.moves.keys()
                    if recovered.moves[idx] != direct.moves[idx])
    if differ:
        log.info("game %s: moves %s read differently in SQLite's recovery and key by key: the "
                    "key-by-key ones are kept", direct.row[0], ", ".join(str(idx + 1) for idx in differ))
    return _settle(direct.row, {**recovered.moves, **direct.moves})


def _settle(row: tuple, read: dict[int, tuple[str, str]]) -> _Game:
    """The game as it is saved from the moves read of it: whole when every move in effect was read
    (with its redo tail up to the first one lost); else its moves in effect that were read."""
    cursor, length = row[8], row[10]
    whole = all(idx in read for idx in range(cursor))
    moves = []
    for idx in range(length if whole else cursor):
        if idx in read:
            moves.append((idx, *read[idx]))
        elif idx >= cursor:
            break  # the undone tail ends here; its redo goes with it
    # A game with moves lost is never played on: the moves it undid are no story of it.
    return _Game(row, moves, whole)


def _sound(row: tuple) -> bool:
    gid, kind, players, options, started, ended, status, result, cursor, revision, length = row
    texts_ok = all(isinstance(v, str) for v in (kind, players, options, started))
    ints_ok = all(isinstance(v, int) and v >= 0 for v in (gid, cursor, revision, length)) and cursor <= length
    if not (texts_ok and ints_ok and status in ("playing", "finished", "abandoned")):
        return False
    try:
        return (isinstance(json.loads(players), list) and isinstance(json.loads(options), dict)
                and (result is None or isinstance(json.loads(result), dict)))
    except (TypeError, ValueError):
        return False


def _sound_move(action: object, at: object) -> bool:
    if not isinstance(action, str) or not isinstance(at, str):
        return False
    try:
        return isinstance(json.loads(action), dict)
    except ValueError:
        return False


def _names(sources: list[tuple[str, sqlite3.Connection]]) -> list[tuple[str, int]]:
    """The names offered when players sit down: as many as can be read (a lost one is typed again)."""
    found: dict[str, int] = {}
    for _, db in sources:
        with suppress(sqlite3.Error):
            for name, recency in db.execute("SELECT name, recency FROM names_seen"):
                if isinstance(name, str) and isinstance(recency, int):
                    found.setdefault(name, recency)
    return list(found.items())
