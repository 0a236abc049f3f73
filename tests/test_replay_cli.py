"""`companion replay FILE` and `companion history`: the contract seen from a shell."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import games

from companion.cli import main
from companion.config import load
from companion.store import Store
from companion.table import Table

HEADER = '{"game": "tally", "players": ["Ann", "Ben"], "options": {"target": 5}}'


def write(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "script.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_replay_prints_the_final_public_view(tmp_path, capsys):
    script = write(tmp_path, HEADER, '{"type": "add", "points": 2}', "", '{"type": "add", "points": 3}')
    assert main(["replay", str(script)]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["game"] == "tally"
    assert view["view"]["scores"] == {"Ann": 2, "Ben": 3}
    assert view["expected"]["turn"] == "Ann"


def test_replay_understands_undo_and_redo(tmp_path, capsys):
    script = write(
        tmp_path,
        HEADER,
        '{"type": "add", "points": 2}',
        '{"type": "add", "points": 3}',
        '{"type": "undo"}',
        '{"type": "undo"}',
        '{"type": "redo"}',
    )
    assert main(["replay", str(script)]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["view"]["scores"] == {"Ann": 2, "Ben": 0}
    assert view["can_redo"] is True


@pytest.mark.parametrize(
    "lines, reason",
    [
        ((HEADER, '{"type": "add", "points": 9}'), "line 2: Points: 9 is not one of the choices; choose +1, +2 or +3"),
        ((HEADER, "", '{"type": "add", "points": 1', ), "line 3: not JSON"),
        ((HEADER, '{"type": "undo"}'), "line 2: Nothing to undo"),
        (('{"game": "chess", "players": ["A", "B"]}',), "line 1: unknown game 'chess'"),
        (('{"game": "tally", "players": ["Ann"]}',), "line 1: Tally is for 2 to 4 players"),
        (('{"game": "tally", "players": ["A", "B"], "options": {"goal": 1}}',), "line 1: unknown option 'goal'"),
        ((HEADER, '{"points": 1}'), 'line 2: An action needs a type field naming what it does'),
    ],
)
def test_an_invalid_line_stops_with_its_number_and_reason_and_no_output(tmp_path, capsys, lines, reason):
    assert main(["replay", str(write(tmp_path, *lines))]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert reason in out.err


def test_replay_as_a_real_command_exits_2_with_empty_stdout(tmp_path):
    script = write(tmp_path, HEADER, '{"type": "pass"}', '{"type": "pass"}')
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from tests.support.cli_with_tally import run; sys.exit(run())",
         "replay", str(script)],
        capture_output=True, text=True, cwd=Path(__file__).parent.parent,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "line 3: The last player in the round cannot pass" in proc.stderr


def finished_games(tmp_path: Path) -> Path:
    config_file = tmp_path / "config.toml"
    config_file.write_text(f'[data]\ndir = "{tmp_path / "data"}"\n')
    store = Store(load(config_file).database)
    table = Table(store)
    for winner_first in (True, False):
        s = table.start("tally", ["Ann", "Ben"], {"target": 3})
        if not winner_first:
            s.dispatch({"type": "add", "points": 1})
        s.dispatch({"type": "add", "points": 3})
    table.start("tally", ["Cy", "Dee"], {})
    table.close_game()
    store.close()
    return config_file


def test_history_lists_finished_and_abandoned_games_newest_first(tmp_path, capsys):
    config_file = finished_games(tmp_path)
    assert main(["history", "--config", str(config_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["When", "Game", "Players", "Result"]
    assert "Cy, Dee" in lines[1] and "not finished" in lines[1]
    assert "Ben reached 3" in lines[2]
    assert "Ann reached 3" in lines[3]


def test_history_json_has_game_players_options_times_and_result(tmp_path, capsys):
    config_file = finished_games(tmp_path)
    assert main(["history", "--json", "--config", str(config_file)]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["status"] for r in records] == ["abandoned", "finished", "finished"]
    last = records[1]
    assert last["players"] == ["Ann", "Ben"] and last["options"] == {"target": 3, "learning": False}
    assert last["result"]["winners"] == ["Ben"]
    assert last["started_at"] <= last["ended_at"]


def test_a_bad_config_key_stops_with_file_and_key_named(tmp_path, capsys):
    bad = tmp_path / "config.toml"
    bad.write_text("[display]\nwidht = 800\n")
    assert main(["history", "--config", str(bad)]) == 2
    assert f"{bad}: unknown key display.widht" in capsys.readouterr().err


def test_a_script_that_is_not_there_is_named_plainly(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "no-such-game.jsonl")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip() == f"companion replay: cannot read {tmp_path / 'no-such-game.jsonl'}: No such file or directory"


def test_replay_help_says_what_the_script_holds_and_what_the_exit_status_means(capsys):
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert '{"game": GAME, "players": ["Ann", "Ben"]' in text
    assert all(g.id in text for g in games.all_games(listed_only=True))
    assert "docs/actions.md" in text and "Exit status 0" in text and "2, with the line number" in text


@pytest.mark.parametrize("game", games.known())
def test_an_unknown_action_lists_every_action_the_game_takes_with_undo_and_redo(tmp_path, capsys, game):
    players = [f"P{i}" for i in range(1, games.get(game).min_players + 1)]
    script = tmp_path / "fly.jsonl"
    script.write_text(json.dumps({"game": game, "players": players}) + '\n{"type": "fly"}\n')
    assert main(["replay", str(script)]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "no action called fly: its actions are " in err
    listed = err.rstrip().split("its actions are ")[1]
    assert listed.endswith(", undo and redo")
    assert all(kind.replace("_", " ") in listed for kind in games.get(game).actions)
