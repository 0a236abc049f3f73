"""Forward migrations: a database from an earlier schema is brought up to date with its games, in
one step that either completes or leaves the file exactly as it was.

The steps here are made up for the test (the companion has had one schema so far); the real
ones are in companion/store/migrations.py and are held to the fixtures by test_fixtures.py.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.store import Store, StoreError, database, migrations

FIXTURE = sorted((Path(__file__).parent / "fixtures").glob("*.schema1.db"))[0]
NEW_COLUMN = "ALTER TABLE games ADD COLUMN place TEXT NOT NULL DEFAULT 'home'"


@pytest.fixture
def schema1(tmp_path) -> Path:
    path = tmp_path / "companion.db"
    shutil.copyfile(FIXTURE, path)
    return path


def games_in(path: Path) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT id, game, players, status, result, cursor FROM games ORDER BY id").fetchall()
    finally:
        db.close()


def version_of(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        db.close()


def with_steps(monkeypatch, *steps: str) -> None:
    monkeypatch.setattr(migrations, "STEPS", steps)
    monkeypatch.setattr(database, "SCHEMA_VERSION", 1 + len(steps))


def test_a_database_from_an_earlier_schema_is_brought_up_to_date_with_every_game(schema1, monkeypatch):
    before = games_in(schema1)
    with_steps(monkeypatch, NEW_COLUMN, "CREATE INDEX games_by_place ON games(place)")
    store = Store(schema1)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == 3
    assert {r[0] for r in store.db.execute("SELECT DISTINCT place FROM games")} == {"home"}
    assert [r.id for r in store.history()] and store.unfinished() is not None
    assert any("from schema 1 to 3" in n for n in store.notices), store.notices
    store.close()
    assert games_in(schema1) == before
    # The file as the earlier companion left it is kept, for going back to that release.
    kept = migrations.backup_path(schema1, 1)
    assert version_of(kept) == 1 and games_in(kept) == before
    # Opened again, nothing is left to do and nothing more is said.
    again = Store(schema1)
    assert again.notices == []
    again.close()


def test_only_the_steps_a_database_has_not_had_are_run(schema1, monkeypatch):
    with_steps(monkeypatch, NEW_COLUMN)
    Store(schema1).close()
    # A later release adds a second step: the first, already run, must not run again (it would fail).
    with_steps(monkeypatch, NEW_COLUMN, "ALTER TABLE games ADD COLUMN table_name TEXT")
    store = Store(schema1)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == 3
    assert any("from schema 2 to 3" in n for n in store.notices)
    store.close()


def test_a_step_that_fails_leaves_the_database_as_it_was_and_says_so(schema1, monkeypatch):
    before = games_in(schema1)
    with_steps(monkeypatch, NEW_COLUMN, "UPDATE no_such_table SET x = 1")
    with pytest.raises(StoreError, match="from schema 1 to 3.*no_such_table.*left as it was"):
        Store(schema1)
    # Not taken for damage: not moved aside, still schema 1 without the first step's column.
    assert not list(schema1.parent.glob("*.damaged-*"))
    assert version_of(schema1) == 1 and games_in(schema1) == before
    db = sqlite3.connect(schema1)
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    db.close()
    assert "place" not in columns
    # The earlier companion still opens it.
    monkeypatch.setattr(migrations, "STEPS", ())
    monkeypatch.setattr(database, "SCHEMA_VERSION", 1)
    assert len(Store(schema1).history()) == len(before) - 1


def test_a_database_from_a_newer_companion_is_refused_untouched(schema1, monkeypatch):
    db = sqlite3.connect(schema1)
    db.execute(f"PRAGMA user_version = {database.SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer companion"):
        Store(schema1)
    assert version_of(schema1) == database.SCHEMA_VERSION + 1
