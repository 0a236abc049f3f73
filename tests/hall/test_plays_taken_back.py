"""Which plays the table takes back from the hall: only those an undo reopened, never one its log
does not hold (a damaged database set aside, a new card): the day's standings keep what was played."""

from __future__ import annotations

from companion.broadcast.mqtt import _load_plays
from companion.hall.topics import play_name
from companion.store import Store
from companion.table import Table

EARLY = "2000-01-01T00:00:00+00:00"


def finish(table: Table) -> int:
    """A game of Tally played to its end; its number in the log."""
    session = table.start("tally", ["Ann", "Ben"], {"target": 2})
    session.dispatch({"type": "add", "points": 2})
    assert session.result() is not None
    return table.record.id


def test_only_a_game_an_undo_reopened_is_taken_back(tmp_path):
    path = tmp_path / "companion.db"
    store = Store(path)
    table = Table(store)
    kept = finish(table)
    reopened = finish(table)
    table.session.dispatch({"type": "undo"})
    assert table.session.result() is None
    unfinished, recent = _load_plays(path, EARLY)
    assert [p.id for p in recent] == [kept]
    names = {n: play_name(n, store.record(n).started_at) for n in (kept, reopened)}
    assert unfinished & set(names.values()) == {names[reopened]}, "the reopened game, and not the finished one"
    assert not [n for n in unfinished if n.startswith(f"{kept}-")], "a finished game is not taken back"
    store.close()
