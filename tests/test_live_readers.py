"""The running table's own readers (the stats screen's plays, the plays sent to the hall, the BG
Stats link) on storage damaged while the table runs: each answers with what can be read, in the
words `companion stats` uses, and never raises (the start sets damaged files aside, but a card
can fail between two starts)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion import games
from companion.broadcast.mqtt import _load_plays
from companion.cli import main
from companion.cli_plays import read_plays
from companion.store import Store
from companion.table import Table
from tests.support.tally import Tally, three_finished_games

EARLY = "2000-01-01T00:00:00+00:00"
UNTIL_START = "The table sets the damaged files aside and keeps this when it next starts."


@pytest.fixture
def running(tmp_path):
    """A table that played three games of Tally to their end (Ann and Ben, then Ann and Cy
    twice), the last still on its screen, its database open."""
    games.register(Tally())
    store = Store(tmp_path / "data" / "companion.db")
    table = Table(store)
    three_finished_games(table)
    yield table
    store.close()


def garbage_in_the_file(store: Store) -> None:
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # as after SQLite's own checkpoint
    with open(store.path, "r+b") as f:
        f.write(b"not a database!!")


def a_move_unreadable(store: Store) -> None:
    with store.db:
        store.db.execute("""UPDATE actions SET action = '{"type": "add", "poi' WHERE game_id = 3 AND idx = 4""")


def the_moves_table_dropped(store: Store) -> None:
    with store.db:
        store.db.execute("DROP TABLE actions")


def a_damaged_log(store: Store) -> None:
    """Every move's text in the log spoilt where the card holds it (SQLite's readers trust the
    log's index and read it as it is)."""
    log = Path(f"{store.path}-wal")
    data = log.read_bytes()
    assert data.count(b'{"type"') > 10, "the moves are in the log"
    log.write_bytes(data.replace(b'{"type"', b'}"type"'))


DAMAGE = [garbage_in_the_file, a_move_unreadable, the_moves_table_dropped, a_damaged_log]


def cli_words(tmp_path, capsys, store: Store) -> list[str]:
    config = tmp_path / "config.toml"
    config.write_text(f'[data]\ndir = "{store.path.parent}"\n')
    assert main(["stats", "--config", str(config)]) == 0
    return [line.removeprefix("companion stats: ") for line in capsys.readouterr().err.splitlines()]


@pytest.mark.parametrize("damage", DAMAGE)
def test_the_running_tables_readers_answer_damaged_storage_with_what_can_be_read_and_say_so(
        running, damage, tmp_path, capsys):
    table, store = running, running.store
    damage(store)
    plays, told = read_plays(store.path, live=True)  # what the stats screen shows
    (notice,) = [words for words in told if "is counted as far as" not in words]
    assert notice.startswith("The game database is damaged (") and notice.endswith(UNTIL_START), notice
    if damage is not a_damaged_log:  # the log no table holds is read whole by the listing, below
        assert told == cli_words(tmp_path, capsys, store), "the words of `companion stats`"
    assert [p.id for p in plays] == sorted(p.id for p in plays) and {p.id for p in plays} <= {1, 2, 3}
    if damage in (a_move_unreadable, the_moves_table_dropped):
        assert [p.id for p in plays] == [1, 2, 3], "every finished game counts, with its result"
        assert all(p.summary == "Ann reached 12" for p in plays)
    if damage is a_move_unreadable:
        assert told[1] == "game 3 (Ann, Cy) is counted as far as it can be read: its last 7 moves cannot be read"

    reopened, recent = _load_plays(store.path, EARLY)  # what the hall is sent
    assert [p.id for p in recent] == [p.id for p in plays]
    assert not {name.split("-")[0] for name in reopened} & {str(p.id) for p in plays}, "a play sent is not taken back"

    said: list[str] = []
    play = table.finished_play(said)  # the BG Stats link's play
    assert said and said[0] == notice
    if 3 in {p.id for p in plays}:
        assert play is not None and play.id == 3 and play.summary == "Ann reached 12"
    else:
        assert play is None
