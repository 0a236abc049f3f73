"""The commands on bad input and bad disks: one line saying what and where, exit 2; a listing
never writes; names that could pass for another player's are refused."""

import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.errors import SetupError
from companion.core.seats import make_seats
from companion.store import Store
from companion.table import Table
from tests.support.as_root import as_root, why_not_root
from tests.support.tally import three_finished_games


def one_line(capsys) -> str:
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1, out
    return out.err


def script(tmp_path, *lines: str):
    path = tmp_path / "script.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("game", ['["bonbon"]', '{"id": "bonbon"}', "7"])
def test_replay_with_a_game_that_is_not_a_name_says_so(tmp_path, capsys, game):
    path = script(tmp_path, '{"game": %s, "players": ["Ann", "Ben"]}' % game)
    assert main(["replay", str(path)]) == 2
    assert 'line 1: a game is named by its id, like ' in one_line(capsys)


@pytest.mark.parametrize("line, reason", [
    ('{"type": "add", "points": ' + "9" * 4301 + "}", "line 2: a number is too long"),
    ("[" * 100_000 + "]" * 100_000, "line 2: nested too deeply"),
    ('{"type": "add", "points": ' + "[" * 40 + "]" * 40 + "}", "line 2: an action is never nested more than"),
    ('{"type": "add", "by": "\\ud800"}', "line 2: an action's text must be Unicode characters"),
])
def test_replay_of_hostile_lines_names_the_line_and_the_reason(tmp_path, capsys, line, reason):
    path = script(tmp_path, '{"game": "tally", "players": ["Ann", "Ben"]}', line)
    assert main(["replay", str(path)]) == 2
    assert reason in one_line(capsys)


def config_with_data_dir(tmp_path, folder: str):
    config = tmp_path / "config.toml"
    config.write_text(f"[data]\ndir = {json.dumps(folder)}\n")
    return config


def test_a_data_folder_that_is_a_file_is_named(tmp_path, capsys):
    (tmp_path / "afile").write_text("x")
    config = config_with_data_dir(tmp_path, str(tmp_path / "afile"))
    for command in ("history", "run"):
        assert main([command, "--config", str(config)]) == 2
        err = one_line(capsys)
        assert f"the data folder {tmp_path / 'afile'} is a file, not a folder ([data] dir in {config})" in err


def test_a_data_folder_that_cannot_be_made_is_named(tmp_path, capsys):
    (tmp_path / "afile").write_text("x")
    config = config_with_data_dir(tmp_path, str(tmp_path / "afile" / "games"))
    assert main(["run", "--config", str(config)]) == 2
    assert "cannot make the data folder" in one_line(capsys)


def test_a_data_folder_with_a_nul_is_refused_by_the_config_check(tmp_path, capsys):
    config = config_with_data_dir(tmp_path, "/tmp/a\0b")
    assert main(["history", "--config", str(config)]) == 2
    assert f"{config}: data.dir must not contain a NUL character" in one_line(capsys)


def played(tmp_path):
    config = config_with_data_dir(tmp_path, str(tmp_path / "data"))
    store = Store(tmp_path / "data" / "companion.db")
    table = Table(store)
    table.start("tally", ["Ann", "Ben"], {"target": 3}).dispatch({"type": "add", "points": 3})
    store.close()
    return config, tmp_path / "data" / "companion.db"


def test_history_of_a_damaged_games_row_lists_it_as_damaged(tmp_path, capsys):
    config, db = played(tmp_path)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE games SET players = '[{\"name\": \"Ann\"', result = 'not json'")
    assert main(["history", "--config", str(config)]) == 0
    assert "not finished (damaged record: players, result unreadable)" in capsys.readouterr().out
    assert main(["history", "--json", "--config", str(config)]) == 0
    assert json.loads(capsys.readouterr().out)[0]["damaged"] == ["players", "result"]


def test_history_never_writes_a_damaged_database_stays_where_it_is(tmp_path, capsys):
    config, db = played(tmp_path)
    db.write_bytes(b"SQLite format 3\x00" + b"\x13" * 300)
    before = sorted(os.listdir(db.parent))
    assert main(["history", "--config", str(config)]) == 0
    out = capsys.readouterr()
    assert out.out.strip() == "No finished games yet."
    assert out.err.count("\n") == 1, out.err
    assert f"companion history: The game database is damaged (" in out.err
    assert "What could still be read of it: no game could be read from it." in out.err
    assert "The table sets the damaged files aside and keeps this when it next starts." in out.err
    assert sorted(os.listdir(db.parent)) == before, "nothing moved aside, nothing created"


def test_history_with_no_database_creates_nothing(tmp_path, capsys):
    (tmp_path / "data").mkdir()
    config = config_with_data_dir(tmp_path, str(tmp_path / "data"))
    assert main(["history", "--config", str(config)]) == 0
    assert capsys.readouterr().out.strip() == "No finished games yet."
    assert list((tmp_path / "data").iterdir()) == []


@pytest.mark.parametrize("command", [["history"], ["history", "--json"], ["stats"], ["export"]])
def test_a_listing_whose_data_folder_does_not_exist_says_so_and_where_the_config_points(tmp_path, capsys, command):
    """A typo in [data] dir must not pass for an empty history: the games are elsewhere."""
    (tmp_path / "data").mkdir()
    config = config_with_data_dir(tmp_path, str(tmp_path / "dtaa"))
    assert main([*command, "--config", str(config)]) == 2
    err = one_line(capsys)
    assert f"the data folder {tmp_path / 'dtaa'} does not exist ([data] dir in {config} points there)" in err
    assert "No finished games" not in err
    assert not (tmp_path / "dtaa").exists(), "a listing makes no folder"


def test_history_run_by_root_leaves_every_file_to_the_tables_account(tmp_path, capsys):
    """With sudo, a file the listing made would belong to root and the table could not save."""
    config, db = played(tmp_path)
    service = 4242  # the table's own account
    if os.geteuid() == 0:
        for path in (db.parent, *db.parent.iterdir()):
            os.chown(path, service, service)
        assert main(["history", "--config", str(config)]) == 0
        out = capsys.readouterr().out
        owners = {p.name: p.stat().st_uid for p in db.parent.iterdir()}
    else:  # a user runs it as the README's users would: `sudo companion history`
        if (reason := why_not_root()) is not None:
            pytest.skip(reason)
        subprocess.run(as_root("chown", "-R", f"{service}:{service}", str(db.parent)), check=True)
        try:
            done = subprocess.run(as_root("env", f"PYTHONPATH={os.pathsep.join(sys.path)}", sys.executable,
                                          "-c", "import sys; from companion.cli import main; sys.exit(main(sys.argv[1:]))",
                                          "history", "--config", str(config)),
                                  capture_output=True, text=True, timeout=120)
            owners = {p.name: p.stat().st_uid for p in db.parent.iterdir()}
        finally:
            subprocess.run(as_root("chown", "-R", f"{os.geteuid()}:{os.getegid()}", str(db.parent)), check=True)
        assert done.returncode == 0, done.stderr
        out = done.stdout
    assert "Ann reached 3" in out
    assert set(owners.values()) == {service}, owners


@pytest.mark.parametrize("name, problem", [
    ("Ann\u202eneB", "holds the invisible character U+202E"),
    ("Ann\x00", "holds the invisible character U+0000"),
    ("\u2066Ben", "holds the invisible character U+2066"),
    ("A\ud800", "holds half a character"),
    ("e" + "\u0301" * 4, "stacks more than 3 accents"),
    ("B" * 17, "is longer than 16 letters"),
])
def test_names_that_could_pass_for_another_are_refused(name, problem):
    with pytest.raises(SetupError, match=re.escape(f"player 2's name {problem}")):
        make_seats(["Ann", name])


def test_names_people_use_are_kept():
    seats = make_seats(["Zoë", "Ann-Marie", "李雷", "👩‍👩‍👧", "Søren  K."])
    assert [s.name for s in seats] == ["Zoë", "Ann-Marie", "李雷", "👩‍👩‍👧", "Søren K."]


@pytest.mark.parametrize("colour", ["#GGGGGG", "#12345G", "#1234567", "123456#", "#12 456", 123456])
def test_a_colour_must_be_six_hex_digits(colour):
    with pytest.raises(SetupError, match="colour must look like #RRGGBB"):
        make_seats([{"name": "Ann", "colour": colour}, "Ben"])


# -- every command that reads the database, on each kind of damage --------------------------------

READERS = [["history"], ["history", "--json"], ["stats"], ["stats", "--json"], ["export"],
           ["export", "--format", "csv"]]


def evening(tmp_path):
    """Three finished games of Tally (Ann and Ben, then Ann and Cy twice), ten moves each or so."""
    config = config_with_data_dir(tmp_path, str(tmp_path / "data"))
    store = Store(tmp_path / "data" / "companion.db")
    three_finished_games(Table(store))
    store.close()
    return config, tmp_path / "data" / "companion.db"


def spoil_header(db):
    data = bytearray(db.read_bytes())
    data[0:16] = b"not a database!!"
    db.write_bytes(bytes(data))


def spoil_a_move(db):
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("""UPDATE actions SET action = '{"type": "add", "poi' WHERE game_id = 2 AND idx = 4""")
    raw.close()


def drop_the_moves(db):
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("DROP TABLE actions")
    raw.close()


def run_reader(capsys, config, command):
    code = main([*command, "--config", str(config)])
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "Error:" not in out.err, out.err
    return code, out


@pytest.mark.parametrize("command", READERS)
def test_every_reader_on_a_garbage_header_answers_with_what_can_be_read_and_says_so(tmp_path, capsys, command):
    config, db = evening(tmp_path)
    spoil_header(db)
    code, out = run_reader(capsys, config, command)
    assert code == 0, out
    assert f"companion {command[0]}: The game database is damaged (" in out.err
    assert "The table sets the damaged files aside and keeps this when it next starts." in out.err
    # Whatever this sqlite3 program's recovery gets back, the answer is what the notice counts.
    counted = 3 if "3 games saved" in out.err else 0
    assert counted or "no game could be read from it" in out.err, out.err
    if command == ["history", "--json"]:
        assert len(json.loads(out.out)) == counted
    if command == ["stats", "--json"]:
        assert sum(s["played"] for s in json.loads(out.out) if s["name"] == "Ann") == counted


@pytest.mark.parametrize("started", [False, True], ids=["before the table starts", "after the table started"])
@pytest.mark.parametrize("command", READERS)
def test_every_reader_counts_a_game_with_an_unreadable_move_as_far_as_it_can_be_read(
        tmp_path, capsys, command, started):
    config, db = evening(tmp_path)
    spoil_a_move(db)
    if started:  # the table sets the file aside, keeping every game, game 2 up to its move 4
        store = Store(db)
        assert "3 games saved, 1 of them without its whole story" in store.notices[0], store.notices
        store.close()
    code, out = run_reader(capsys, config, command)
    assert code == 0, out
    if command[0] == "history":
        listed = json.loads(out.out) if "--json" in command else out.out
        if "--json" in command:
            (second,) = [g for g in listed if g["id"] == 2]
            assert second["moves_kept"] == 4 and second["moves_lost"] == second["actions"] - 4
            assert second["result"]["winners"] == ["Ann"]
        else:
            assert "Ann reached 12 (the table's storage was damaged: it lost its last" in out.out, out.out
            assert "the game is kept up to move 4)" in out.out, out.out
    else:
        assert "companion %s: game 2 (Ann, Cy) is counted as far as it can be read" % command[0] in out.err, out.err
        if command == ["stats", "--json"]:
            (ann,) = [s for s in json.loads(out.out) if s["name"] == "Ann"]
            assert ann["played"] == 3 and ann["won"] == 3, "every finished game counts"
        if command == ["export"]:
            assert [p["id"] for p in json.loads(out.out)] == [1, 2, 3]
    if not started:
        assert "The game database is damaged (malformed: move 5 of game 2 cannot be read)" in out.err, out.err


@pytest.mark.parametrize("started", [False, True], ids=["before the table starts", "after the table started"])
@pytest.mark.parametrize("command", READERS)
def test_every_reader_without_the_table_of_moves_still_lists_and_counts_every_game(tmp_path, capsys, command, started):
    config, db = evening(tmp_path)
    drop_the_moves(db)
    if started:
        store = Store(db)
        assert "3 games saved, all without their whole story" in store.notices[0], store.notices
        store.close()
    code, out = run_reader(capsys, config, command)
    assert code == 0, out
    if not started:
        assert "The game database is damaged (malformed: the table of actions is missing)" in out.err, out.err
    if command == ["history", "--json"]:
        assert [g["id"] for g in json.loads(out.out)] == [3, 2, 1]
        assert all(g["moves_kept"] == 0 for g in json.loads(out.out))
    if command == ["stats", "--json"]:
        (ann,) = [s for s in json.loads(out.out) if s["name"] == "Ann"]
        assert ann["played"] == 3 and ann["won"] == 3
    if command[0] == "export" and "csv" not in command:
        assert [p["id"] for p in json.loads(out.out)] == [1, 2, 3]


# -- the same commands run as a person runs them: a process of their own, its terminal unhushed ------

ROOT = Path(__file__).resolve().parent.parent


def spoil_the_log(tmp_path):
    """A pulled plug left a log with a spoilt stretch (tests/test_wal_salvage.py): games of every
    kind, one of them kept only up to a move."""
    from tests.test_wal_salvage import damage_pages, evening_copy

    crashed = evening_copy(tmp_path / "crash", seed=4)
    damage_pages(crashed, range(crashed.pass_frames // 2, crashed.pass_frames - 4))
    return config_with_data_dir(tmp_path, str(crashed.path.parent)), crashed.path


def damaged(tmp_path, kind):
    if kind == "a damaged log":
        return spoil_the_log(tmp_path)
    config, db = evening(tmp_path)
    {"garbage in the file": spoil_header, "a move unreadable": spoil_a_move,
     "the moves' table dropped": drop_the_moves}[kind](db)
    return config, db


DAMAGE = ["garbage in the file", "a move unreadable", "the moves' table dropped", "a damaged log"]


@pytest.mark.parametrize("kind", DAMAGE)
@pytest.mark.parametrize("command", [["history"], ["stats"], ["export", "--format", "csv"]])
def test_a_listing_on_a_damaged_database_says_only_its_own_words_on_the_terminal(tmp_path, command, kind):
    """`companion history|stats|export` as typed at a terminal (no test harness catching Python's
    log): standard error holds the command's own lines, each once, no line of how the storage
    modules read the file and no traceback."""
    config, db = damaged(tmp_path, kind)
    files = sorted(p.name for p in db.parent.iterdir())
    done = subprocess.run([sys.executable, "-m", "companion", *command, "--config", str(config)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    name = command[0]
    assert lines and all(line.startswith(f"companion {name}: ") for line in lines), done.stderr
    assert len(set(lines)) == len(lines), f"a line said twice:\n{done.stderr}"
    (notice,) = [line for line in lines if "damaged" in line.removeprefix(f"companion {name}: ")[:60]]
    said = "The table's storage was damaged: " if kind == "a damaged log" else "The game database is damaged ("
    assert notice.startswith(f"companion {name}: {said}"), done.stderr
    assert notice.endswith("The table sets the damaged files aside and keeps this when it next starts."), notice
    others = [line for line in lines if line != notice]
    assert all(" is counted as far as it can be read: " in line for line in others), done.stderr
    if name != "history" and kind == "a move unreadable":
        assert others == [f"companion {name}: game 2 (Ann, Cy) is counted as far as it can be read: "
                          "its last 7 moves cannot be read"], done.stderr
    assert done.stdout.strip(), "the listing itself"
    now = [p.name for p in db.parent.iterdir()]
    assert set(files) <= set(now) and not any(".damaged-" in name for name in now), "a listing moves nothing"
