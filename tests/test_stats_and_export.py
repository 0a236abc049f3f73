"""Players' stats and the export of every finished play, read from the store without writing to it."""

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import games
from companion.store import Store
from companion.table import Table
from tests.support.tally import Tally

ROOT = Path(__file__).parent.parent


def play_tally(table: Table, players: list[str], moves: list[dict], target: int = 5) -> None:
    session = table.start("tally", players, {"target": target})
    for move in moves:
        session.dispatch(move)


def add(n: int) -> dict:
    return {"type": "add", "points": n}


@pytest.fixture
def played(tmp_path) -> Path:
    """Three finished games of Tally, one left unfinished, one finished and corrected."""
    games.register(Tally())
    (tmp_path / "data").mkdir()
    (tmp_path / "config.toml").write_text(f'[data]\ndir = "{tmp_path / "data"}"\n[table]\nname = "Kitchen table"\n')
    store = Store(tmp_path / "data" / "companion.db")
    table = Table(store)
    play_tally(table, ["Ann", "Ben"], [add(3), add(1), add(3)])  # Ann 6, Ben 1: Ann wins
    play_tally(table, ["ben", "Cy", "Ann"], [add(2), add(3), add(1), add(3)])  # ben 5 wins
    play_tally(table, ["Ann", "Cy"], [add(1)])  # left unfinished: counts nowhere
    table.close_game()
    play_tally(table, ["Cy", "Ann"], [add(3), add(1), add(3)])  # Cy 6 wins ...
    session = table.session
    # ... until Cy's first move is corrected to +1: Ann takes the game with her second +3.
    session.dispatch({"type": "correct", "move": 1, "action": add(1),
                      "later": [add(1), add(1), add(3), add(1), add(3)]})  # Cy 3, Ann 7
    assert session.result().winners == ("Ann",)
    table.close_game()
    store.close()
    return tmp_path


def companion(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "import sys; from tests.support.cli_with_tally import run; sys.exit(run())",
         *args, "--config", str(tmp_path / "config.toml")],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )


def files(folder: Path) -> dict[str, bytes]:
    """The database file, and the frames of its write-ahead log: what a write would change. (A
    reader may leave SQLite's empty log and its index beside the file: those hold no data.)"""
    found = {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if not p.name.endswith("-shm")}
    if found.get("companion.db-wal") == b"":
        del found["companion.db-wal"]
    return found


def test_stats_count_games_played_and_won_per_game_and_overall_one_name_across_games(played):
    before = files(played / "data")
    proc = companion(played, "stats", "--json")
    assert proc.returncode == 0, proc.stderr
    stats = {s["name"]: s for s in json.loads(proc.stdout)}
    assert files(played / "data") == before, "a listing never writes to the database"
    # "ben" and "Ben" are one player; the newest spelling is shown.
    assert set(stats) == {"Ann", "ben", "Cy"}
    assert stats["Ann"]["played"] == 3 and stats["Ann"]["won"] == 2
    assert stats["ben"]["played"] == 2 and stats["ben"]["won"] == 1
    assert stats["Cy"]["played"] == 2 and stats["Cy"]["won"] == 0, "the corrected game is Ann's"
    tally = stats["Ann"]["games"]["Tally"]
    assert (tally["played"], tally["won"], tally["best"]) == (3, 2, 7)
    assert tally["average"] == round((6 + 1 + 7) / 3, 1)
    assert stats["Ann"]["last_played"] == stats["Cy"]["last_played"]
    assert [s["name"] for s in json.loads(proc.stdout)] == ["Ann", "ben", "Cy"], "most wins first"


def test_stats_as_lines(played):
    proc = companion(played, "stats")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0].startswith("Ann: 3 played, 2 won, last played ")
    assert "  Tally: 3 played, 2 won, best 7, average 4.7" in proc.stdout.splitlines()


def test_stats_and_export_with_no_database_yet_create_none(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "config.toml").write_text(f'[data]\ndir = "{tmp_path / "data"}"\n')
    assert companion(tmp_path, "stats").stdout == "No finished games yet.\n"
    assert companion(tmp_path, "export", "--format", "json").stdout == "[]\n"
    assert not (tmp_path / "data" / "companion.db").exists()


def test_export_json_has_every_finished_play(played):
    before = files(played / "data")
    proc = companion(played, "export", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    assert files(played / "data") == before
    plays = json.loads(proc.stdout)
    assert [p["title"] for p in plays] == ["Tally"] * 3
    first = plays[0]
    assert first["location"] == "Kitchen table" and first["summary"] == "Ann reached 5"
    assert first["players"] == [
        {"name": "Ann", "score": 6, "rank": 1, "winner": True, "start_player": True},
        {"name": "Ben", "score": 1, "rank": 2, "winner": False, "start_player": False},
    ]
    assert plays[2]["players"][0] == {"name": "Cy", "score": 3, "rank": 2, "winner": False, "start_player": True}


def test_export_csv_to_a_file_is_one_row_per_player_per_play(played):
    target = played / "plays.csv"
    proc = companion(played, "export", "--format", "csv", str(target))
    assert proc.returncode == 0, proc.stderr
    assert "3 plays written to" in proc.stderr
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert len(rows) == 2 + 3 + 2
    assert rows[2] == {"play": "2", "game": "Tally", "started_at": rows[2]["started_at"],
                       "ended_at": rows[2]["ended_at"], "duration_min": "0", "location": "Kitchen table",
                       "player": "ben", "score": "5", "rank": "1", "winner": "yes", "start_player": "yes"}
