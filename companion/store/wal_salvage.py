"""A game database whose write-ahead log is damaged, rebuilt with every move the log still holds.

SQLite replays the log up to its first bad frame and drops the rest (companion/store/wal.py):
the moves committed after that frame would be lost without a word, and the database would look
sound. Here the database is rebuilt as SQLite would open it (the file and the frames before the
damage), then the intact pages of the transactions committed after the damage are read row by
row (companion/store/btree.py): the games' rows and the moves. Each game keeps its moves from
the first as far as they run unbroken (a move whose predecessor is lost is never played on a
state it was not made in); the rest are counted, and the words say, game by game, what was lost.

A game that lost moves keeps its count of moves in its row while fewer are stored, as a game
saved from a damaged database file does (companion/store/recovery.py): its story stops at the
first move lost and says so, and one still being played is set aside as left unfinished.
"""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
import tempfile
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from companion.store import btree
from companion.store.wal import HEADER, LogDamage

log = logging.getLogger(__name__)

_STATUSES = ("playing", "finished", "abandoned")
_GAME_COLUMNS = 13  # schema.sql's games table


@dataclass
class _Found:
    """What the pages hold of one game: its newest row, and its moves by place."""

    row: tuple | None = None  # (id, game, players, options, started, ended, status, result, cursor, revision, length)
    moves: dict[int, tuple[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class GameLoss:
    """One game the damage cost moves: `kept` moves from the first, `lost` after them."""

    game: str
    players: tuple[str, ...]
    kept: int
    lost: int

    def words(self) -> str:
        title = _title(self.game)
        who = f"{title} ({', '.join(self.players)})" if self.players else title
        if self.kept == 0:
            return f"{who} lost {'its one move' if self.lost == 1 else f'all its {self.lost} moves'}"
        last = "its last move" if self.lost == 1 else f"its last {self.lost} moves"
        return f"{who} lost {last}; the game is kept up to move {self.kept}"


@dataclass(frozen=True)
class Salvage:
    """What the rebuilt database holds beyond what SQLite would have read, and what is lost."""

    losses: tuple[GameLoss, ...]
    saved_moves: int  # moves read from the frames after the damage and kept
    games_without_row: int = 0  # games whose moves were found but whose row was lost
    foreign: bool = False  # the log belonged to another database: none of it was used

    def words(self) -> str:
        """What the players are told, in their words."""
        if self.foreign:
            return ("The table's storage was damaged: the log beside the game database belongs to another "
                    "database, so none of it was used; moves made since the database was last saved whole "
                    "may be missing")
        parts = [loss.words() for loss in self.losses]
        if self.games_without_row:
            n = self.games_without_row
            parts.append(f"{n} game{'' if n == 1 else 's'} whose record was lost could not be kept")
        if not parts:
            return "The table's storage was damaged; every move was saved from it"
        return "The table's storage was damaged: " + "; ".join(parts)


def _title(game_id: str) -> str:
    """The game's name as the menu shows it (the rules are loaded only for this, after damage)."""
    try:
        from companion import games

        return games.get(game_id).title
    except Exception:  # noqa: BLE001 - a game this table no longer knows is named by its id
        return game_id


def holds_games(database: Path, damage: LogDamage) -> bool:
    """Whether the intact frames after the damage hold any game's row or move. Those of the filler
    that reserves the log at start-up (written unflushed, so a power cut may tear them) hold
    none: SQLite's own reading then loses nothing, and there is nothing to tell."""
    return bool(_read_frames(database, damage, quiet=True))


def salvage(database: Path, damage: LogDamage | None, target: Path) -> Salvage:
    """Build a database at `target` from `database` and its log (`database`-wal): as SQLite would
    read them, plus what `damage`'s intact frames hold. `damage` None: the log is another
    database's, and the database file alone is used. Neither source file is written."""
    with tempfile.TemporaryDirectory(prefix="companion-wal-") as scratch:
        copy = Path(scratch) / "damaged.db"
        shutil.copyfile(database, copy)
        wal = Path(f"{database}-wal")
        if damage is not None and wal.exists():
            # Only the frames SQLite replays: nothing of the damaged part reaches it.
            with wal.open("rb") as src, open(f"{copy}-wal", "wb") as out:
                out.write(src.read(HEADER + damage.replayed * (24 + damage.page_size)))
        base = sqlite3.connect(copy, isolation_level=None)
        try:
            base.execute("VACUUM INTO ?", (str(target),))
        finally:
            base.close()
    if damage is None:
        return Salvage((), 0, foreign=True)
    found = _read_frames(database, damage)
    db = sqlite3.connect(target, isolation_level=None)
    try:
        return _write(db, found)
    finally:
        db.close()


def foreign(database: Path, wal: Path, page_size: int) -> bool:
    """Whether the log beside `database` belongs to another database: its pages hold the rows
    of games the file holds too, with other players or another start (the table never changes
    those in a game's row), or its pages are of another size."""
    try:
        header = database.read_bytes()[:100]
        raw = wal.read_bytes()
    except OSError:
        return False
    if len(header) < 100 or len(raw) < HEADER:
        return False
    own_size = int.from_bytes(header[16:18], "big")
    own_size = 65536 if own_size == 1 else own_size
    if own_size != page_size:
        return True
    usable = page_size - header[20]
    mine = _game_rows(_pages_of_file(database, page_size), usable)
    theirs = _game_rows(_frames_of(raw, page_size), usable)
    fixed = (2, 4)  # players, started_at
    return any(gid in mine and any(mine[gid][i] != row[i] for i in fixed) for gid, row in theirs.items())


def _pages_of_file(path: Path, page_size: int) -> dict[int, bytes]:
    data = path.read_bytes()
    return {n + 1: data[n * page_size: (n + 1) * page_size] for n in range(len(data) // page_size)}


def _frames_of(raw: bytes, page_size: int) -> dict[int, bytes]:
    pages = {}
    size = 24 + page_size
    for at in range(HEADER, len(raw) - size + 1, size):
        pages[int.from_bytes(raw[at: at + 4], "big")] = raw[at + 24: at + size]
    return pages


def _game_rows(pages: dict[int, bytes], usable: int) -> dict[int, tuple]:
    rows = {}
    for number, page in pages.items():
        for cell in btree.cells(page, number, usable, pages.get):
            row = _game_row(cell)
            if row is not None:
                rows[row[0]] = row
    return rows


def _read_frames(database: Path, damage: LogDamage, quiet: bool = False) -> dict[int, _Found]:
    """Each game's newest row and its moves, from the intact frames committed after the damage."""
    header = database.read_bytes()[:100]
    usable = damage.page_size - (header[20] if len(header) >= 100 else 0)
    pages = _pages_of_file(database, damage.page_size)
    for frame in damage.before:
        pages[frame.page] = frame.data
    later = damage.committed_after()
    for frame in later:
        pages[frame.page] = frame.data
    found: dict[int, _Found] = {}
    for frame in later:  # oldest first: a newer page's row replaces an older one's
        for cell in btree.cells(frame.data, frame.page, usable, pages.get):
            row = _game_row(cell)
            if row is not None:
                found.setdefault(row[0], _Found()).row = row
                continue
            move = _move(cell)
            if move is not None:
                gid, idx, action, at = move
                found.setdefault(gid, _Found()).moves[idx] = (action, at)
    if not quiet:
        log.info("the damaged log: %d frames replayed by SQLite, the first bad one is frame %d, %d intact "
                    "frames of committed transactions follow it", damage.replayed, damage.first_bad + 1, len(later))
    return found


def _game_row(cell: btree.Cell) -> tuple | None:
    v = cell.values
    if cell.rowid is None or len(v) != _GAME_COLUMNS or v[0] is not None:
        return None
    row = (cell.rowid, *v[1:11])
    _gid, game, players, options, started, ended, status, result, cursor, revision, length = row
    if not (all(isinstance(x, str) for x in (game, players, options, started)) and status in _STATUSES
            and all(isinstance(x, int) and x >= 0 for x in (cursor, revision, length)) and cursor <= length
            and (ended is None or isinstance(ended, str)) and (result is None or isinstance(result, str))):
        return None
    try:
        names = json.loads(players)
        if not isinstance(names, list) or not isinstance(json.loads(options), dict):
            return None
    except ValueError:
        return None
    return row


def _move(cell: btree.Cell) -> tuple[int, int, str, str] | None:
    v = cell.values
    if cell.rowid is not None or len(v) != 4:
        return None
    gid, idx, action, at = v
    if not (isinstance(gid, int) and isinstance(idx, int) and idx >= 0 and isinstance(action, str)
            and isinstance(at, str)):
        return None
    try:
        if not isinstance(json.loads(action), dict):
            return None
    except ValueError:
        return None
    return gid, idx, action, at


def _write(db: sqlite3.Connection, found: dict[int, _Found]) -> Salvage:
    losses: list[GameLoss] = []
    saved = 0
    without_row = 0
    db.execute("BEGIN")
    try:
        for gid in sorted(found):
            game = found[gid]
            base = db.execute("SELECT id, game, players, options, started_at, ended_at, status, result, cursor, "
                              "revision, length FROM games WHERE id = ?", (gid,)).fetchone()
            row = game.row or base
            if row is None:
                without_row += 1
                log.info("the damaged log holds %d moves of game %d, whose record is lost", len(game.moves), gid)
                continue
            moves = {idx: (action, at) for idx, action, at in
                     db.execute("SELECT idx, action, at FROM actions WHERE game_id = ?", (gid,))}
            before = len(moves)
            moves.update(game.moves)
            kept = _unbroken(moves)
            cursor, length = row[8], row[10]
            beyond = [idx + 1 for idx in moves if idx >= length]
            total = max([cursor, *beyond])  # moves in effect, as far as anything shows
            keep = _settled(row, kept, total, moves)
            db.execute("DELETE FROM actions WHERE game_id = ?", (gid,))
            db.execute("DELETE FROM snapshots WHERE game_id = ?", (gid,))
            db.execute("INSERT OR REPLACE INTO games (id, game, players, options, started_at, ended_at, status, "
                       "result, cursor, revision, length, snap_idx, snap_state) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL)", keep)
            stored = keep[10]
            db.executemany("INSERT INTO actions (game_id, idx, action, at) VALUES (?, ?, ?, ?)",
                           [(gid, idx, *moves[idx]) for idx in range(min(stored, kept))])
            saved += max(0, min(stored, kept) - before)
            if base is None:
                _names_of(db, row)
            if kept < total:
                names = tuple(p.get("name", "?") for p in json.loads(row[2]) if isinstance(p, dict))
                losses.append(GameLoss(row[1], names, kept, total - kept))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    result = Salvage(tuple(losses), saved, without_row)
    # The details, for the log file; the notice in players' words is the caller's.
    log.info("%s (moves read from the log after the damage: %d)", result.words(), saved)
    return result


def _unbroken(moves: dict[int, tuple[str, str]]) -> int:
    """How many moves run from the first with none missing, each made no earlier than the one
    before it (a move out of that order is not a move of this line of play)."""
    n, last = 0, ""
    while n in moves and moves[n][1] >= last:
        last = moves[n][1]
        n += 1
    return n


def _settled(row: tuple, kept: int, total: int, moves: dict) -> tuple:
    """The game's row as it is kept: as it was when no move in effect is missing (its undone
    tail as far as it runs unbroken); else with its count of moves, no tail, and, if it was
    being played, set aside as left unfinished when its last kept move was made."""
    gid, kind, players, options, started, ended, status, result, cursor, revision, length = row
    if kept >= total:
        # Moves past the row's own count (its page was lost in a later commit) are in effect.
        return (gid, kind, players, options, started, ended, status, result, max(cursor, total), revision,
                max(total, min(length, kept)))
    if status == "playing":
        status = "abandoned"
        ended = max([started, *(moves[i][1] for i in range(kept))])
    return (gid, kind, players, options, started, ended, status, result, total, revision, total)


def _names_of(db: sqlite3.Connection, row: tuple) -> None:
    """A game started after the damage: its players' names are offered again, as if it had not."""
    with suppress(ValueError, TypeError, sqlite3.Error):
        for i, seat in enumerate(json.loads(row[2])):
            db.execute("INSERT INTO names_seen (name, recency) VALUES (?, ?) ON CONFLICT(name) DO NOTHING",
                       (seat["name"], row[0] * 1000 - i))
