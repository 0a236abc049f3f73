"""A damaged database with games still readable: every game whose row can be read comes through
into the new database, to the history, the stats and the export, with the moves that can be read,
and the table says how many did and how many lost part of their story.

The damage is made the way it happens: a table plays several games to the end, and later a page in
the middle of the file holds garbage (a bad sector, a torn write on an SD card). The next start
sets the file aside and starts a new one with what could be read.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli_plays import export_json, load_plays
from companion.stats import player_stats
from companion.store import Store
from companion.story import tell
from companion.table import Table

ROOT = Path(__file__).parent.parent
GAMES = 6
PAGE = 4096


def play_evening(folder: Path) -> Path:
    """Six games of Tally played to the end, each long enough to fill pages of its own."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder.parent / "config.toml").write_text(f'[data]\ndir = "{folder}"\n[table]\nname = "Kitchen table"\n')
    path = folder / "companion.db"
    store = Store(path)
    table = Table(store)
    for n in range(GAMES):
        session = table.start("tally", [f"Ann{n}", "Ben", "Cy"][: 2 + n % 2], {"target": 60 + n})
        for i in range(120):
            session.dispatch({"type": "dial", "step": 1 + (i + n) % 3})
        while session.result() is None:
            session.dispatch({"type": "add", "points": 3})
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # all of it in the file, as after a night
    store.close()
    return path


def pages_of(path: Path, table: str) -> list[int]:
    with sqlite3.connect(path) as db:
        return [n for (n,) in db.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno", (table,))]


def scribble(path: Path, page: int) -> None:
    data = bytearray(path.read_bytes())
    data[(page - 1) * PAGE: page * PAGE] = b"\xde\xad\xbe\xef" * (PAGE // 4)
    path.write_bytes(bytes(data))


def readable_games(path: Path) -> tuple[set[int], set[int]]:
    """Which games of the damaged file can be read whole, by a plain scan of each game's moves
    (not the key-by-key lookups the store uses): (whole, not whole)."""
    good, bad = set(), set()
    db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    for gid in range(1, GAMES + 1):
        try:
            (length,) = db.execute("SELECT length FROM games WHERE id = ?", (gid,)).fetchone()
            rows = db.execute("SELECT idx FROM actions WHERE game_id = ? ORDER BY idx", (gid,)).fetchall()
            (good if [r[0] for r in rows] == list(range(length)) else bad).add(gid)
        except (sqlite3.DatabaseError, TypeError):
            bad.add(gid)
    db.close()
    return good, bad


def companion(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "import sys; from tests.support.cli_with_tally import run; sys.exit(run())",
         *args, "--config", str(folder.parent / "config.toml")],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )


@pytest.fixture
def evening(tmp_path) -> tuple[Path, Path]:
    """The table's database after the evening, and an intact copy of it to compare with."""
    path = play_evening(tmp_path / "data")
    intact = tmp_path / "intact" / "companion.db"
    intact.parent.mkdir()
    shutil.copyfile(path, intact)
    return path, intact


def test_the_games_still_readable_in_a_damaged_database_come_through_to_the_history_stats_and_export(evening):
    path, intact = evening
    actions = pages_of(path, "actions")
    assert len(actions) >= 8, "the moves fill pages enough for one in the middle to hold some games only"
    scribble(path, actions[len(actions) // 2])
    damaged = path.read_bytes()
    good, bad = readable_games(path)
    assert len(good) >= 4 and bad, (good, bad)

    store = Store(path)  # the table starts
    (notice,) = store.notices
    # Only moves sat on the spoilt page: every game's row is read, some without all their moves.
    assert f"{GAMES} games saved, {len(bad)} of them without their whole story; 0 could not be read" in notice, notice
    kept = [p for p in path.parent.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged and kept[0].name in notice
    assert store.integrity() == "ok"

    # Every saved game is the game that was played: its record, its moves, its story and result.
    before = Store(intact, playing=False)
    assert {r.id for r in store.history()} == good | bad
    for gid in good:
        was, now = before.record(gid), store.record(gid)
        assert now == was
        assert store.played(gid) == before.played(gid)
        story = tell(now, store.played(gid))
        assert story.problem == "" and story.view["result"] == was.result
    results = {gid: before.record(gid).result for gid in bad}
    # A game that lost moves keeps its result, its players and its count of moves; its story is
    # told as far as the moves run unbroken, and says where it stops and why.
    for gid in bad:
        was, now = before.record(gid), store.record(gid)
        assert now == was and now.status == "finished" and now.result["winners"]
        played = store.played(gid)
        assert len(played) < was.actions and played == before.played(gid)[: len(played)]
        story = tell(now, played)
        assert story.moves == was.actions
        assert f"Move {len(played) + 1} was lost when the game database was damaged" in story.problem, story.problem
    before.close()
    assert sorted(store.names_seen()) == sorted({"Ann0", "Ann1", "Ann2", "Ann3", "Ann4", "Ann5", "Ben", "Cy"})
    # The new database goes on: the next game takes the next number, none is given twice.
    session = Table(store).start("tally", ["Ann", "Ben"], {})
    session.dispatch({"type": "add", "points": 1})
    assert store.unfinished().id == GAMES + 1
    store.close()

    history = companion(path.parent, "history", "--json")
    assert history.returncode == 0, history.stderr
    listed = {g["id"]: g for g in json.loads(history.stdout)}
    assert set(listed) == set(range(1, GAMES + 1))
    assert all(listed[gid]["result"] == results[gid] and results[gid]["winners"] for gid in bad), "with its result"
    # The export and the stats are those of the evening as it was played, to the last score.
    export = companion(path.parent, "export", "--format", "json")
    assert export.returncode == 0, export.stderr
    assert json.loads(export.stdout) == json.loads(export_json(load_plays(intact), "Kitchen table"))
    assert {p["id"] for p in json.loads(export.stdout)} == set(range(1, GAMES + 1))
    stats = companion(path.parent, "stats", "--json")
    assert stats.returncode == 0, stats.stderr
    assert json.loads(stats.stdout) == [s.to_json() for s in player_stats(load_plays(intact))]
    assert {s["name"]: s["played"] for s in json.loads(stats.stdout)}["Ben"] == GAMES, "each saved game counts"


def test_a_damaged_game_row_is_counted_as_not_read_and_the_others_saved(evening):
    path, _ = evening
    (games_page,) = pages_of(path, "games")
    with sqlite3.connect(path) as db:  # the row of game 2 alone is spoilt: not JSON any more
        db.execute("UPDATE games SET players = 'garbage' WHERE id = 2")
    scribble(path, pages_of(path, "names_seen")[0])  # and a page of damage, so the file is set aside
    store = Store(path)
    assert f"{GAMES - 1} games saved, 1 could not be read" in store.notices[0]
    assert {r.id for r in store.history()} == set(range(1, GAMES + 1)) - {2}
    assert games_page  # the games' own page was read
    store.close()


def test_a_game_being_played_comes_through_and_resumes_where_it_was(tmp_path):
    path = play_evening(tmp_path / "data")
    store = Store(path)
    session = Table(store).start("tally", ["Ann", "Ben"], {"target": 99})
    for i in range(40):
        session.dispatch({"type": "dial", "step": 1})
    session.dispatch({"type": "undo"})  # the redo is kept too
    view = session.view()
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    scribble(path, pages_of(path, "names_seen")[0])

    store = Store(path)
    assert f"{GAMES + 1} games saved, 0 could not be read" in store.notices[0]
    again = Table(store).resume()
    assert again is not None and again.view() == view
    again.dispatch({"type": "redo"})
    assert again.state["dial"] == 40
    store.close()


def test_a_game_being_played_that_lost_moves_is_kept_as_left_unfinished_not_resumed(tmp_path):
    """Replaying the moves left would put it in a state it was never in: it goes to the history,
    left unfinished when its last readable move was made, and the table starts on no game."""
    path = play_evening(tmp_path / "data")
    store = Store(path)
    session = Table(store).start("tally", ["Ann", "Ben"], {"target": 99})
    for i in range(40):
        session.dispatch({"type": "dial", "step": 1})
    played = store.played(GAMES + 1)
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    with sqlite3.connect(path) as db:  # move 20 alone is spoilt: not JSON any more
        db.execute("UPDATE actions SET action = 'garbage' WHERE game_id = ? AND idx = 19", (GAMES + 1,))
    scribble(path, pages_of(path, "names_seen")[0])  # and a page of damage, so the file is set aside

    store = Store(path)
    assert f"{GAMES + 1} games saved, 1 of them without its whole story; 0 could not be read" in store.notices[0]
    table = Table(store)
    assert not table.resume_pending and table.resume() is None and store.unfinished() is None
    record = store.record(GAMES + 1)
    assert record.status == "abandoned" and record.result is None and record.actions == 40
    assert record.ended_at == played[-1][1], "left unfinished when its last move was made"
    assert GAMES + 1 in {r.id for r in store.history()}
    story = tell(record, store.played(record.id))
    assert story.problem == ("Move 20 was lost when the game database was damaged, so the story stops "
                             "after move 19 of 40.")
    assert story.view is None, "where it was left is not known: no scores are shown as if it were"
    # The next game starts as ever, with the next number.
    Table(store).start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 1})
    assert store.unfinished().id == GAMES + 2
    store.close()


def test_a_game_whose_first_move_was_lost_tells_no_move_and_says_why(tmp_path):
    store = Store(tmp_path / "companion.db")
    session = Table(store).start("tally", ["Ann", "Ben"], {"target": 99})
    for _ in range(3):
        session.dispatch({"type": "dial", "step": 1})
    story = tell(store.record(1), [])  # what the store plays of a game saved without its first move
    assert story.problem == ("Move 1 was lost when the game database was damaged, so none of the game's "
                             "3 moves can be told.")
    assert story.moments == () and story.view is None and story.moves == 3
    store.close()


def test_without_the_sqlite3_program_the_games_are_still_read_key_by_key(evening, monkeypatch):
    path, _ = evening
    monkeypatch.setenv("PATH", "/nonexistent")  # no sqlite3 program on this table
    actions = pages_of(path, "actions")
    scribble(path, actions[len(actions) // 2])
    good, bad = readable_games(path)
    store = Store(path)
    assert f"{GAMES} games saved, {len(bad)} of them without their whole story; 0 could not be read" in store.notices[0]
    assert {r.id for r in store.history()} == good | bad
    store.close()


def test_a_file_whose_every_page_is_garbage_starts_an_empty_database_and_says_so(evening):
    path, _ = evening
    path.write_bytes(b"SQLite format 3\x00" + b"\x13" * (len(path.read_bytes()) - 16))
    store = Store(path)
    assert "no game could be read from it" in store.notices[0]
    assert store.latest() is None
    store.close()


def sqlite3_recovers() -> str | None:
    """Why this machine's sqlite3 program cannot run .recover, or None when it can."""
    program = shutil.which("sqlite3")
    if program is None:
        return "the sqlite3 program is not installed"
    probe = subprocess.run([program, ":memory:", ".recover"], capture_output=True, text=True, timeout=30)
    if probe.returncode != 0 or probe.stderr.strip():
        return f"this sqlite3 program cannot run .recover ({probe.stderr.strip()[:80]}; Debian 12's is built without sqlite_dbpage)"
    return None


CANNOT_RECOVER = sqlite3_recovers()


@pytest.mark.skipif(CANNOT_RECOVER is not None, reason=str(CANNOT_RECOVER))
def test_sqlite_recovery_reads_the_games_where_the_sqlite3_program_can(evening, tmp_path):
    from companion.store.recovery import recover_into

    path, _ = evening
    actions = pages_of(path, "actions")
    scribble(path, actions[len(actions) // 2])
    good, bad = readable_games(path)
    new = Store(tmp_path / "new" / "companion.db")
    found = recover_into(path, new.db)
    assert "SQLite's recovery" in found.how
    assert (found.saved, found.partial, found.lost) == (GAMES, len(bad), 0)
    assert {r.id for r in new.history()} == good | bad
    new.close()


@pytest.mark.parametrize(("saved", "partial", "lost", "words"), [
    (6, 0, 1, "6 games saved, 1 could not be read"),
    (6, 2, 1, "6 games saved, 2 of them without their whole story; 1 could not be read"),
    (3, 1, 0, "3 games saved, 1 of them without its whole story; 0 could not be read"),
    (1, 0, 1, "1 game saved, 1 could not be read"),
    (1, 1, 2, "1 game saved, without its whole story; 2 could not be read"),
    (2, 2, 0, "2 games saved, all without their whole story; 0 could not be read"),
])
def test_the_notice_counts_the_games_saved_those_saved_in_part_and_those_lost(saved, partial, lost, words):
    from companion.store.recovery import Recovered

    assert Recovered(saved=saved, lost=lost, how="key by key", partial=partial).words() == words


def ten_moves(tmp_path: Path, name: str) -> Path:
    """A table's database with one game of Tally ten moves long, still being played."""
    store = Store(tmp_path / name / "companion.db")
    session = Table(store).start("tally", ["Ann", "Ben"], {"target": 99})
    for i in range(10):
        session.dispatch({"type": "dial", "step": 1 + i % 3})
    store.close()
    return tmp_path / name / "companion.db"


def read_without(path: Path, lost: set[int]) -> sqlite3.Connection:
    """The database as a reader finds it when the moves at these places (0 the first) cannot be read."""
    db = sqlite3.connect(path, isolation_level=None)
    db.executemany("DELETE FROM actions WHERE game_id = 1 AND idx = ?", [(idx,) for idx in sorted(lost)])
    return db


def test_a_game_each_reader_read_in_part_is_put_together_move_by_move(tmp_path):
    """SQLite's recovery lost move 3, the key-by-key read moves 8 and 9: between them they read all
    ten, and the game comes through whole, to be resumed where it was."""
    from companion.store.recovery import _copy_games

    path = ten_moves(tmp_path, "played")
    intact = Store(path, playing=False)
    record, played = intact.record(1), intact.played(1)
    intact.close()
    copies = []
    for name, lost in (("recover", {2}), ("direct", {7, 8})):
        copy = tmp_path / name / "companion.db"
        copy.parent.mkdir()
        shutil.copyfile(path, copy)
        copies.append((name, read_without(copy, lost)))
    new = Store(tmp_path / "new" / "companion.db")
    found = _copy_games(copies, new.db, "SQLite's recovery and key by key")
    for _, db in copies:
        db.close()
    assert (found.saved, found.partial, found.lost) == (1, 0, 0)
    assert found.words() == "1 game saved, 0 could not be read"
    assert new.record(1) == record and new.played(1) == played
    story = tell(new.record(1), new.played(1))
    assert story.problem == "" and story.moves == 10
    again = Table(new).resume()
    assert again is not None and again.state["dial"] == sum(1 + i % 3 for i in range(10))
    new.close()


def reading(row: tuple, lost: set[int] = frozenset(), **changed: tuple[str, str]):
    from companion.store.recovery import Reading

    moves = {idx: (json.dumps({"type": "dial", "step": idx}), f"2024-05-01T20:{idx:02d}:00Z")
             for idx in range(row[10]) if idx not in lost}
    return Reading(row, {**moves, **{int(k[1:]): v for k, v in changed.items()}})


# id, game, players, options, started_at, ended_at, status, result, cursor, revision, length
ROW = (1, "tally", '[{"name": "Ann"}, {"name": "Ben"}]', "{}", "2024-05-01T20:00:00Z", None, "playing",
       None, 10, 10, 10)


def test_the_moves_two_readings_hold_between_them_make_the_game_whole():
    from companion.store.recovery import merge

    a, b = reading(ROW, {2}), reading(ROW, {7, 8})
    for game in (merge(a, b), merge(b, a)):
        assert game.whole and [idx for idx, _, _ in game.moves] == list(range(10))
        assert game.moves == [(idx, *reading(ROW).moves[idx]) for idx in range(10)]


def test_a_move_neither_reading_holds_leaves_the_game_in_part_with_every_move_read_before_it():
    from companion.store.recovery import merge

    game = merge(reading(ROW, {2, 8}), reading(ROW, {7, 8}))
    assert not game.whole
    assert [idx for idx, _, _ in game.moves] == [0, 1, 2, 3, 4, 5, 6, 7, 9]
    # One reading alone is the game as that reader read it.
    assert not merge(None, reading(ROW, {2})).whole and merge(None, reading(ROW)).whole
    assert merge(None, None) is None


def test_a_redo_tail_comes_from_either_reading_up_to_the_first_move_neither_read():
    from companion.store.recovery import merge

    undone = ROW[:8] + (6, 10, 10)  # moves 7 to 10 undone: they can be redone
    game = merge(reading(undone, {6, 9}), reading(undone, {8, 9}))
    assert game.whole and [idx for idx, _, _ in game.moves] == [0, 1, 2, 3, 4, 5, 6, 7, 8]
    cut = merge(reading(undone, {7}), reading(undone, {7}))
    assert cut.whole and [idx for idx, _, _ in cut.moves] == [0, 1, 2, 3, 4, 5, 6]
    # A game that lost a move in effect has no redo: it is never played on.
    lost = merge(reading(undone, {3, 8}), reading(undone, {3}))
    assert not lost.whole and [idx for idx, _, _ in lost.moves] == [0, 1, 2, 4, 5]


def test_where_the_readings_differ_the_key_by_key_one_is_kept():
    """SQLite's recovery also reads pages no longer linked into the tables, which may hold an older
    copy (a move undone and replaced); the key-by-key read follows the live tables."""
    from companion.store.recovery import merge

    old = (json.dumps({"type": "dial", "step": 99}), "2024-05-01T19:00:00Z")
    game = merge(reading(ROW, {8}, m4=old), reading(ROW, {2}))
    assert game.whole and game.moves[4] == (4, *reading(ROW).moves[4])
    # A row read differently is of the game at another moment: its moves are not mixed in.
    earlier = ROW[:8] + (6, 6, 6)
    kept = merge(reading(earlier), reading(ROW, {2}))
    assert kept.row == ROW and not kept.whole and [idx for idx, _, _ in kept.moves] == [0, 1, 3, 4, 5, 6, 7, 8, 9]
    assert merge(reading(ROW), None).whole and merge(reading(ROW), None).row == ROW


@pytest.fixture(scope="module")
def debian13_sqlite3(tmp_path_factory) -> Path:
    """A folder whose `sqlite3` is Debian 13's (tests/support/trixie_sqlite.py), for PATH."""
    from tests.support import trixie_sqlite

    why = trixie_sqlite.why_not()
    if why:
        pytest.skip(why)
    try:
        folder = trixie_sqlite.program_folder(tmp_path_factory.mktemp("debian13-sqlite3"))
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        pytest.skip(f"the Debian 13 root could not be built ({exc}); its log: {trixie_sqlite.CACHE / 'build.log'}")
    assert trixie_sqlite.version(folder).startswith("3.4"), trixie_sqlite.version(folder)
    return folder


def inner_pages_of(path: Path, table: str) -> list[int]:
    with sqlite3.connect(path) as db:
        return [n for (n,) in db.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'internal' ORDER BY pageno", (table,))]


def test_with_debian_13s_sqlite3_both_readers_run_and_their_merge_brings_back_moves_below_a_spoilt_inner_page(
        evening, tmp_path, debian13_sqlite3, monkeypatch):
    """A spoilt inner page of the moves' table hides the leaves below it from the key-by-key
    lookups; SQLite's recovery reads every leaf page, linked or not (the moves it cannot place
    in their table it puts in lost_and_found). The rows the inner page itself held are lost to
    both. Together: more moves back than either alone, each game kept as far as they run."""
    from companion.store.recovery import recover_into

    path, intact = evening
    inner = inner_pages_of(path, "actions")
    assert inner, "the moves fill enough pages for an inner page"
    scribble(path, inner[0])

    def moves_kept(db_path: Path) -> int:
        store = Store(db_path, playing=False)
        try:
            return sum(len(store.played(gid)) for gid in range(1, GAMES + 1) if store.record(gid))
        finally:
            store.close()

    monkeypatch.setenv("PATH", "/nonexistent")  # the key-by-key reader alone first
    alone = Store(tmp_path / "alone" / "companion.db")
    by_keys = recover_into(path, alone.db)
    alone.close()
    assert by_keys.how == "key by key" and by_keys.partial == GAMES, by_keys

    monkeypatch.setenv("PATH", f"{debian13_sqlite3}:/usr/bin:/bin")
    assert sqlite3_recovers() is None, "Debian 13's sqlite3 runs .recover"
    both = Store(tmp_path / "both" / "companion.db")
    merged = recover_into(path, both.db)
    both.close()
    assert merged.how == "SQLite's recovery and key by key" and merged.saved == GAMES, merged
    assert moves_kept(tmp_path / "both" / "companion.db") > moves_kept(tmp_path / "alone" / "companion.db")
    before = Store(intact, playing=False)
    kept = Store(tmp_path / "both" / "companion.db", playing=False)
    try:
        for gid in range(1, GAMES + 1):
            now = kept.played(gid)
            assert now == before.played(gid)[: len(now)], f"game {gid}: its moves as played, from the first"
            assert kept.record(gid).result == before.record(gid).result
    finally:
        kept.close()
        before.close()


def test_sqlite_recovery_reads_the_games_with_debian_13s_sqlite3(evening, tmp_path, debian13_sqlite3, monkeypatch):
    """The test above, run where this machine's own sqlite3 cannot (Debian 12's)."""
    monkeypatch.setenv("PATH", f"{debian13_sqlite3}:/usr/bin:/bin")
    assert sqlite3_recovers() is None
    test_sqlite_recovery_reads_the_games_where_the_sqlite3_program_can(evening, tmp_path)
