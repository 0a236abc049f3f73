"""A store that cannot write refuses the change, keeps the game exactly as it was, says why, and
saves again by itself once it can: a full disk and a read-only file made for real."""

import sqlite3

import pytest

from companion.core.errors import NotRecorded, SetupError
from companion.store import Store
from companion.table import Table
from tests.support.immutable import immutable
from tests.support.small_disk import small_disk

FULL = "Not recorded: the disk is full. The game is as it was."


def seen(session):
    """Everything a player or a phone could notice about the game."""
    t = session.timeline
    return (session.state, session.view(), t.cursor, len(t), t.revision, session.can_undo, session.can_redo)


@pytest.fixture
def disk(tmp_path):
    with small_disk(tmp_path / "disk") as disk:
        yield disk


def test_a_full_disk_refuses_the_move_changes_nothing_and_saves_again_once_space_returns(disk):
    store = Store(disk.path / "companion.db")
    session = Table(store).start("tally", ["Ann", "Ben"], {})
    session.dispatch({"type": "dial", "step": 2})
    heard = []
    session.subscribe(heard.append)
    before = seen(session)
    disk.fill()

    with pytest.raises(NotRecorded) as refused:
        session.dispatch({"type": "dial", "step": 3})
    assert refused.value.message == FULL
    assert seen(session) == before, "in memory too, the game is as it was"
    assert heard == [], "no screen or phone hears of a move that was not kept"
    assert store.failure == "the disk is full"
    assert "Moves are not being saved: the disk is full" in store.failure_notice

    disk.free()  # nobody restarts anything
    session.dispatch({"type": "dial", "step": 3})
    assert store.failure is None and store.failure_notice is None
    assert session.state["dial"] == 2 + 3
    store.close()
    again = Table(Store(disk.path / "companion.db")).resume()
    assert again.state == session.state and again.timeline.cursor == 2


def test_undo_and_redo_on_a_full_disk_are_refused_and_change_nothing(disk):
    store = Store(disk.path / "companion.db")
    session = Table(store).start("tally", ["Ann", "Ben"], {})
    for step in (1, 2, 3):
        session.dispatch({"type": "dial", "step": step})
    session.dispatch({"type": "undo"})
    before = seen(session)
    disk.fill()
    for kind in ("undo", "redo"):
        with pytest.raises(NotRecorded, match="the disk is full"):
            session.dispatch({"type": kind})
        assert seen(session) == before
    disk.free()
    session.dispatch({"type": "redo"})
    store.close()
    assert Table(Store(disk.path / "companion.db")).resume().state["dial"] == 1 + 2 + 3


def test_undoing_the_winning_move_on_a_full_disk_leaves_the_game_finished(disk):
    store = Store(disk.path / "companion.db")
    table = Table(store)
    session = table.start("tally", ["Ann", "Ben"], {"target": 3})
    session.dispatch({"type": "add", "points": 3})
    assert session.result() is not None
    before = seen(session)
    disk.fill()
    with pytest.raises(NotRecorded):
        session.dispatch({"type": "undo"})
    assert seen(session) == before
    disk.free()
    store.close()
    # Whatever part of the undo reached the disk, the next start shows the game as it was: over.
    store = Store(disk.path / "companion.db")
    assert Table(store).resume() is None
    assert store.history()[0].status == "finished"


def test_a_new_game_on_a_full_disk_is_refused_and_the_game_being_played_stays(disk):
    store = Store(disk.path / "companion.db")
    table = Table(store)
    playing = table.start("tally", ["Ann", "Ben"], {})
    playing.dispatch({"type": "dial", "step": 1})
    disk.fill()
    with pytest.raises(SetupError) as refused:  # what Start game already shows
        table.start("tally", ["Cy", "Dee"], {})
    assert str(refused.value) == FULL
    assert table.session is playing and store.unfinished().players[0]["name"] == "Ann"
    disk.free()
    table.start("tally", ["Cy", "Dee"], {})
    assert store.unfinished().players[0]["name"] == "Cy"


def test_leaving_a_game_on_a_full_disk_still_leaves(disk):
    store = Store(disk.path / "companion.db")
    table = Table(store)
    table.start("tally", ["Ann", "Ben"], {})
    disk.fill()
    table.close_game()
    assert table.session is None
    assert store.failure == "the disk is full"


def test_a_read_only_database_is_said_at_once_and_saves_again_once_it_may_write(tmp_path):
    """Root may write any file, but not one marked immutable: SQLite opens it read-only, silently."""
    path = tmp_path / "companion.db"
    store = Store(path)
    Table(store).start("tally", ["Ann", "Ben"], {}).dispatch({"type": "dial", "step": 1})
    store.close()
    immutable(path, True)
    try:
        store = Store(path)
        assert store.failure == "the game database is read-only"
        assert "Moves are not being saved: the game database is read-only" in store.failure_notice
        session = Table(store).resume()
        assert session.state["dial"] == 1, "the games can still be seen"
        before = seen(session)
        with pytest.raises(NotRecorded, match="^Not recorded: the game database is read-only. The game is as it was.$"):
            session.dispatch({"type": "dial", "step": 2})
        assert seen(session) == before
    finally:
        immutable(path, False)
    session.dispatch({"type": "dial", "step": 2})  # the same connection opens the file anew
    assert store.failure is None
    store.close()
    assert Table(Store(path)).resume().state["dial"] == 3


class FailingCommits:
    """The store's connection with every COMMIT failing as SQLite fails on a dying SD card.

    A disk that answers reads and fails writes with EIO cannot be made here without a
    device-mapper target, which a container does not offer; the error is raised at the port
    seam instead, as the sqlite3 module raises it (OperationalError, SQLITE_IOERR_WRITE), and
    everything above the connection (the rollback, the guard, the timeline, the session) is real.
    """

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __getattr__(self, name):
        return getattr(self.db, name)

    def __enter__(self):
        return self.db.__enter__()

    def __exit__(self, kind, exc, tb):
        if kind is None:
            self.db.rollback()
            error = sqlite3.OperationalError("disk I/O error")
            error.sqlite_errorcode, error.sqlite_errorname = 778, "SQLITE_IOERR_WRITE"
            raise error
        return self.db.__exit__(kind, exc, tb)


def test_an_io_error_is_refused_like_a_full_disk(tmp_path):
    store = Store(tmp_path / "companion.db")
    session = Table(store).start("tally", ["Ann", "Ben"], {})
    session.dispatch({"type": "dial", "step": 1})
    before = seen(session)
    real = store._guard.db
    store._guard.db = FailingCommits(real)
    with pytest.raises(NotRecorded, match="the disk failed to read or write"):
        session.dispatch({"type": "dial", "step": 1})
    assert seen(session) == before
    store._guard.db = real
    session.dispatch({"type": "dial", "step": 1})
    store.close()
    assert Table(Store(tmp_path / "companion.db")).resume().state["dial"] == 2


def test_a_database_on_a_full_disk_at_start_opens_once_there_is_room(disk):
    """SQLite cannot make its index file on a full disk: the table starts anyway and says why."""
    store = Store(disk.path / "companion.db")
    Table(store).start("tally", ["Ann", "Ben"], {}).dispatch({"type": "dial", "step": 4})
    store.close()
    disk.fill()
    store = Store(disk.path / "companion.db")  # no exception: a service would restart into it
    assert not store.available and store.failure == "the disk is full"
    table = Table(store)
    assert table.resume() is None and store.history() == [] and store.names_seen() == []
    with pytest.raises(NotRecorded, match="^Not recorded: the disk is full. The game is as it was.$"):
        table.start("tally", ["Cy", "Dee"], {})
    assert not store.reconnect()
    disk.free()
    assert store.reconnect() and store.failure is None
    assert table.resume().state["dial"] == 4, "the game being played is back as it was"
    store.close()
