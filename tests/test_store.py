"""The durable log: resume exactly where the table was, keep history, never silently lose a file."""

import sqlite3

import pytest

from companion.store import Store, StoreError
from companion.store.database import WAL_CHECKPOINT_PAGES, WAL_RESERVE_PAGES
from companion.table import Table
from tests.support.immutable import immutable


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "data" / "companion.db"


def play(session, n):
    for i in range(n):
        session.dispatch({"type": "dial", "step": 1 + i % 3})


def test_an_unfinished_game_resumes_exactly_where_it_was(db_path):
    store = Store(db_path)
    s = Table(store).start("tally", ["Ann", "Ben", "Cy"], {"target": 50})
    s.dispatch({"type": "add", "points": 3})
    s.dispatch({"type": "pass"})
    s.dispatch({"type": "add", "points": 2})
    s.dispatch({"type": "undo"})
    view, state = s.view(), s.state
    store.close()

    again = Table(Store(db_path)).resume()
    assert again.view() == view
    assert again.state == state
    again.dispatch({"type": "redo"})  # the redo tail survived the restart too
    assert again.view()["view"]["scores"]["Cy"] == 2


@pytest.mark.parametrize("n, back", [(49, 0), (50, 1), (120, 25), (120, 71)])
def test_resume_and_undo_across_snapshots_give_the_same_state_as_replaying(db_path, n, back):
    store = Store(db_path)
    s = Table(store).start("tally", ["Ann", "Ben"], {})
    play(s, n)
    for _ in range(back):
        s.dispatch({"type": "undo"})
    expected = s.state
    store.close()
    resumed = Table(Store(db_path)).resume()
    assert resumed.state == expected
    assert resumed.state["dial"] == sum(1 + i % 3 for i in range(n - back))


def test_a_new_game_sets_the_unfinished_one_aside_as_abandoned(db_path):
    store = Store(db_path)
    table = Table(store)
    table.start("tally", ["Ann", "Ben"], {})
    table.start("tally", ["Cy", "Dee"], {})
    assert [r.status for r in store.history()] == ["abandoned"]
    assert store.unfinished().players[0]["name"] == "Cy"


def test_a_finished_game_is_not_resumed_and_undo_reopens_it(db_path):
    store = Store(db_path)
    table = Table(store)
    s = table.start("tally", ["Ann", "Ben"], {"target": 2})
    s.dispatch({"type": "add", "points": 2})
    assert store.unfinished() is None
    assert store.history()[0].result["winners"] == ["Ann"]
    s.dispatch({"type": "undo"})
    assert store.unfinished() is not None and store.history() == []


def test_names_used_before_are_offered_most_recent_first(db_path):
    store = Store(db_path)
    table = Table(store)
    table.start("tally", ["Ann", "Ben"], {})
    table.start("tally", ["Cy", "ann"], {})
    # "ann" is the same person as "Ann", written the way she last wrote it.
    assert store.names_seen() == ["Cy", "ann", "Ben"]


def test_refused_setup_stores_nothing(db_path):
    store = Store(db_path)
    with pytest.raises(Exception, match="2 to 4 players"):
        Table(store).start("tally", ["Solo"], {})
    assert store.latest() is None and store.names_seen() == []


def test_the_database_uses_wal_and_full_sync(db_path):
    store = Store(db_path)
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def wal_size(db_path):
    return (db_path.parent / f"{db_path.name}-wal").stat().st_size


def test_moves_rewrite_the_log_in_place_instead_of_growing_it(db_path):
    """The log is given its working length at start, so no commit pays for a growing file."""
    store = Store(db_path)
    reserved = wal_size(db_path)
    page_size = store.db.execute("PRAGMA page_size").fetchone()[0]
    assert reserved >= WAL_RESERVE_PAGES * page_size
    s = Table(store).start("tally", ["Ann", "Ben"], {})
    play(s, 1200)  # past SQLite's checkpoint, so the log has been rewritten from its start
    assert wal_size(db_path) == reserved
    # The filler left nothing behind: a small database, durable settings back in force.
    assert db_path.stat().st_size < 256 * 1024
    tables = {r[0] for r in store.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"games", "actions", "snapshots", "names_seen"}
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == WAL_CHECKPOINT_PAGES
    store.close()
    assert Table(Store(db_path)).resume().state["dial"] == sum(1 + i % 3 for i in range(1200))


def test_a_log_reserved_after_the_start_is_the_same_working_length_and_keeps_the_game(db_path):
    """The app opens the store without reserving the log (its first frame comes first) and
    reserves it a moment later, with a resumed game already open: the same length, nothing lost."""
    store = Store(db_path)
    play(Table(store).start("tally", ["Ann", "Ben"], {}), 5)
    store.close()
    store = Store(db_path, reserve_log=False)
    page_size = store.db.execute("PRAGMA page_size").fetchone()[0]
    assert not (db_path.parent / f"{db_path.name}-wal").exists() or wal_size(db_path) < WAL_RESERVE_PAGES * page_size
    session = Table(store).resume()
    play(session, 2)
    store.reserve_log()
    reserved = wal_size(db_path)
    assert reserved >= WAL_RESERVE_PAGES * page_size
    assert store.db.isolation_level == "DEFERRED" and store.db.execute("PRAGMA synchronous").fetchone()[0] == 2
    play(session, 1200)
    assert wal_size(db_path) == reserved, "moves rewrite the reserved log in place"
    store.close()
    assert Table(Store(db_path)).resume().state["dial"] == sum(1 + i % 3 for i in range(5)) + sum(
        1 + i % 3 for i in range(2)) + sum(1 + i % 3 for i in range(1200))


def test_opened_only_to_read_the_log_is_not_prepared_for_moves(db_path):
    store = Store(db_path)
    play(Table(store).start("tally", ["Ann", "Ben"], {}), 3)
    store.close()
    reader = Store(db_path, playing=False)  # companion history
    wal = db_path.parent / f"{db_path.name}-wal"
    assert not wal.exists() or wal.stat().st_size < 64 * 1024
    assert reader.latest().actions == 3
    reader.close()


def test_filler_left_by_a_pulled_plug_is_cleared_and_the_games_kept(db_path):
    store = Store(db_path)
    play(Table(store).start("tally", ["Ann", "Ben"], {}), 10)
    store.close()
    with sqlite3.connect(db_path) as db:  # as if the plug was pulled while the log was reserved
        db.execute("CREATE TABLE wal_filler (n INTEGER)")
        db.execute("INSERT INTO wal_filler VALUES (7)")
    store = Store(db_path)
    assert store.db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'wal_filler'").fetchone()[0] == 0
    assert Table(store).resume().state["dial"] == sum(1 + i % 3 for i in range(10))
    assert store.integrity() == "ok"


def damage_by_truncation(path):
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


def damage_by_garbage(path):
    data = bytearray(path.read_bytes())
    data[0:16] = b"not a database!!"
    path.write_bytes(bytes(data))


def damage_to_nothing(path):
    path.write_bytes(b"")


def damage_pages(path):
    data = bytearray(path.read_bytes())
    for i in range(4096 + 100, len(data), 97):  # scribble over every page after the header
        data[i] = (data[i] + 0x55) % 256
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", [damage_by_truncation, damage_by_garbage, damage_to_nothing, damage_pages])
def test_a_damaged_database_is_reported_and_kept_never_silently_emptied(db_path, damage):
    """What the table promises, whatever this machine's sqlite3 can recover (Debian 12's .recover
    cannot run, Debian 13's reads all 200 moves back from behind a garbage header): the damaged
    file kept byte for byte, every game that comes through is the game as it was played (its
    moves the played ones, from the first, none out of order), and the notice counts them."""
    store = Store(db_path)
    s = Table(store).start("tally", ["Ann", "Ben"], {})
    play(s, 200)
    played = store.played(1)
    view = s.view()
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    original = db_path.read_bytes()
    damage(db_path)
    damaged = db_path.read_bytes()
    assert damaged != original

    reopened = Store(db_path)
    assert len(reopened.notices) == 1
    notice = reopened.notices[0]
    assert "damaged" in notice and "is kept as" in notice
    kept = [p for p in db_path.parent.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    assert f"kept as {kept[0].name}" in notice
    record = reopened.record(1)
    if record is None:  # nothing readable: said, and the new database starts empty
        assert "no game could be read from it" in notice or "0 games saved, 1 could not be read" in notice, notice
        assert reopened.latest() is None
    else:
        now = reopened.played(1)
        assert now == played[: len(now)], "the moves as played, from the first"
        if len(now) == len(played):  # every move came back: the game resumes where it was
            assert "1 game saved, 0 could not be read" in notice, notice
            assert Table(reopened).resume().view() == view
        else:  # told, and kept in the history as left unfinished, never resumed on a wrong state
            assert "1 game saved, without its whole story" in notice, notice
            assert record.status == "abandoned" and reopened.unfinished() is None
    # The new database works: the next game takes the next number.
    Table(reopened).start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 1})
    assert reopened.unfinished().id == (1 if record is None else 2)


def test_an_unreadable_database_file_is_moved_aside_too(db_path):
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    store = Store(db_path)
    assert store.notices and store.integrity() == "ok"


def test_a_database_from_a_newer_companion_stops_start_up_and_stays_where_it_is(db_path):
    Store(db_path).close()
    with sqlite3.connect(db_path) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(StoreError, match="written by a newer companion"):
        Store(db_path)
    assert [p.name for p in db_path.parent.iterdir() if ".damaged-" in p.name] == []
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 99


def test_a_database_that_cannot_be_opened_for_another_reason_is_left_alone(db_path):
    db_path.mkdir(parents=True)  # "unable to open database file": not damage, nothing to set aside
    (db_path / "keep.txt").write_text("mine")
    with pytest.raises(StoreError, match="cannot use the game database"):
        Store(db_path)
    assert (db_path / "keep.txt").read_text() == "mine"
    assert [p.name for p in db_path.parent.iterdir() if ".damaged-" in p.name] == []


def test_a_new_move_after_undo_drops_the_redo_tail_for_good(db_path):
    store = Store(db_path)
    s = Table(store).start("tally", ["Ann", "Ben"], {})
    play(s, 3)
    s.dispatch({"type": "undo"})
    s.dispatch({"type": "undo"})
    s.dispatch({"type": "dial", "step": 3})  # a different move: the two undone ones are gone
    store.close()
    again = Table(Store(db_path)).resume()
    assert not again.can_redo
    assert again.state["dial"] == 1 + 3
    assert len(again.timeline) == 2  # nothing of the old tail is kept to come back later


NEARLY_FULL_DISK = """
import resource, signal, sys
from companion import games
from companion.store import Store
from companion.table import Table
from tests.support.tally import Tally

# Files may not grow past 2 MB: like a disk with 2 MB left, too little for the log's reserve.
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (2 << 20, 2 << 20))
games.register(Tally())
store = Store(sys.argv[1])
session = Table(store).start("tally", ["Ann", "Ben"], {})
for _ in range(60):
    session.dispatch({"type": "dial", "step": 1})
store.close()
print(Table(Store(sys.argv[1])).resume().state["dial"])
"""


def test_a_nearly_full_disk_costs_the_reserve_not_the_game(db_path, tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    db_path.parent.mkdir(parents=True, exist_ok=True)
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", NEARLY_FULL_DISK, str(db_path)],
        cwd=root, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "60"
    assert "keeps its short length" in done.stderr


def test_a_database_it_may_only_read_still_opens_for_history(db_path):
    """A file this account may read but not write: companion history still lists its games."""
    import os

    store = Store(db_path)
    play(Table(store).start("tally", ["Ann", "Ben"], {}), 3)
    store.close()
    root = os.geteuid() == 0
    if root:  # root may write any file, but not one marked immutable
        immutable(db_path, True)
    else:
        db_path.chmod(0o444)
    try:
        assert not os.access(db_path, os.W_OK)
        again = Store(db_path)
        assert again.latest().game == "tally" and again.latest().actions == 3
        again.close()
    finally:
        if root:
            immutable(db_path, False)
        db_path.chmod(0o644)
