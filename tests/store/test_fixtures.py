"""Every game a table stored with an earlier release is still there after an update.

tests/store/fixtures/ holds databases written by released companions (tests/store/write_fixtures.py),
each beside a .json of the games in it. Today's code must open each one (bringing its schema up
to date), and find every game: its players, its status, its result, and its story told again
move by move to the same result; the game that was being played resumes where it was.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from importlib import resources
from pathlib import Path

import pytest

from companion.store import Store
from companion.store.database import SCHEMA_VERSION
from companion.story import tell
from companion.table import Table

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.db"))


def opened(fixture: Path, tmp_path: Path) -> tuple[Store, dict]:
    # A copy: opening a database writes to it (its log, its schema), and the fixture must stay as released.
    copy = tmp_path / "companion.db"
    shutil.copyfile(fixture, copy)
    return Store(copy), json.loads(fixture.with_suffix(".json").read_text())


def test_there_are_fixtures_to_open():
    assert len(FIXTURES) >= 2, "the fixtures of Bonbon and BondCones were committed with the first migration"


def test_every_game_on_the_menu_has_a_fixture_of_its_games():
    """A game that ships is stored by some release: its tables' databases must open ever after
    (python -m tests.store.write_fixtures writes the missing ones)."""
    import importlib

    from companion import games

    def on_the_menu(game_id: str) -> bool:  # as shipped: tests may list the example game
        module = importlib.import_module(f"companion.games.{game_id}")
        return all(getattr(getattr(module, name), "listed", True) for name in module.__all__)

    stored = {path.name.split(".")[0] for path in FIXTURES}
    missing = [g for g in games.packaged() if on_the_menu(g) and g not in stored]
    assert not missing, f"no fixture database of {missing}: run python -m tests.store.write_fixtures"


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_every_game_of_an_earlier_release_is_found_with_its_story_and_result(fixture, tmp_path):
    every_game_is_found(fixture, tmp_path)


def every_game_is_found(fixture: Path, tmp_path: Path) -> None:
    store, manifest = opened(fixture, tmp_path)
    assert manifest["games"], "a fixture without games proves nothing"
    ids = [row[0] for row in store.db.execute("SELECT id FROM games ORDER BY id")]
    assert ids == [g["id"] for g in manifest["games"]], "no game lost, none made up"
    for expected in manifest["games"]:
        record = store.record(expected["id"])
        assert record.game == expected["game"]
        assert [p["name"] for p in record.players] == expected["players"]
        assert record.options == expected["options"]
        assert record.status == expected["status"]
        assert record.result == expected["result"]
        assert record.actions == expected["moves"]

        story = tell(record, store.played(record.id))
        assert story.problem == "", f"game {record.id}: {story.problem}"
        assert story.moves == expected["moves"] and story.moments, f"game {record.id} has no story"
        # Told again by today's rules, the game ends as it ended when it was played.
        assert story.view["result"] == expected["result"], f"game {record.id}"

    history = {r.id for r in store.history()}
    assert history == {g["id"] for g in manifest["games"] if g["status"] != "playing"}


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_the_game_being_played_resumes_where_it_was_with_its_redo(fixture, tmp_path):
    store, manifest = opened(fixture, tmp_path)
    (playing,) = [g for g in manifest["games"] if g["status"] == "playing"]
    session = Table(store).resume()
    assert session is not None, "the unfinished game was not resumed"
    view = session.view()
    assert view["game"] == playing["game"] and view["moves"] == playing["moves"]
    assert [p["name"] for p in view["players"]] == playing["players"]
    assert view["can_redo"], "its last move was taken back: the redo is kept"
    session.dispatch({"type": "redo"})
    assert session.view()["moves"] == playing["moves"] + 1


def _schema(db: sqlite3.Connection) -> list[tuple[str, str]]:
    rows = db.execute(
        "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name != 'wal_filler' ORDER BY name"
    )
    return [(name, " ".join(sql.split())) for name, sql in rows]


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_an_updated_database_has_the_schema_of_a_new_one(fixture, tmp_path):
    store, _ = opened(fixture, tmp_path)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    fresh = sqlite3.connect(":memory:")
    fresh.executescript(resources.files("companion.store").joinpath("schema.sql").read_text())
    assert _schema(store.db) == _schema(fresh), "schema.sql and migrations.py must agree"


def test_a_new_games_fixture_is_written_from_its_own_scripts(tmp_path):
    """A game added by its folders alone (here the example game, which has no line in
    write_fixtures.PLAYERS) gets its fixture by the command test_every_game_on_the_menu_... names."""
    from tests.store import write_fixtures

    assert "tally" not in write_fixtures.PLAYERS
    folder = tmp_path / "fixtures"
    folder.mkdir()
    assert write_fixtures.main(["tally", "--into", str(folder)]) == 0
    written = sorted(p.name for p in folder.iterdir())
    assert written == [f"tally.schema{SCHEMA_VERSION}.db", f"tally.schema{SCHEMA_VERSION}.json"]
    manifest = json.loads((folder / written[1]).read_text())
    assert [g["status"] for g in manifest["games"]] == ["finished", "abandoned", "playing"]
    (tmp_path / "opened").mkdir()
    every_game_is_found(folder / written[0], tmp_path / "opened")


def test_a_fixture_that_cannot_be_written_leaves_nothing_behind(tmp_path, monkeypatch, capsys):
    """Stopped halfway, the command leaves no database for the fixture tests to trip on."""
    from tests.store import write_fixtures

    folder = tmp_path / "fixtures"
    folder.mkdir()
    played = write_fixtures._play_script
    calls = []

    def fails_on_the_third_game(*args):
        calls.append(args)
        if len(calls) == 3:
            raise RuntimeError("the power went off")
        return played(*args)

    monkeypatch.setattr(write_fixtures, "_play_script", fails_on_the_third_game)
    with pytest.raises(RuntimeError, match="power"):
        write_fixtures.main(["tally", "--into", str(folder)])
    assert list(folder.iterdir()) == [], "nothing half-written"


def test_a_game_without_a_script_that_ends_it_is_told_what_to_add(tmp_path, monkeypatch, capsys):
    from tests.store import write_fixtures

    folder = tmp_path / "fixtures"
    folder.mkdir()
    monkeypatch.setattr(write_fixtures, "SCRIPTS", tmp_path / "no-scripts")
    assert write_fixtures.main(["tally", "--into", str(folder)]) == 2
    assert "tally: no scripts in tests/games/tally/scripts/" in capsys.readouterr().err
    assert list(folder.iterdir()) == []
    assert write_fixtures.main(["chess", "--into", str(folder)]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
