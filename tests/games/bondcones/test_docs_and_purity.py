"""The docs list every action, face and event the code uses; the rules import only the core."""

import ast
import json
import re
import sys
from pathlib import Path

import companion
from companion.cli import main
from companion.games.bondcones import dice, game, words

ROOT = Path(companion.__file__).parent.parent
PACKAGE = Path(game.__file__).parent
ACTIONS_DOC = ROOT / "docs" / "actions" / "bondcones.md"
RULES_DOC = ROOT / "docs" / "rules" / "bondcones.md"


def test_the_rules_import_only_the_stdlib_and_the_core():
    allowed_prefixes = ("companion.core", "companion.games.bondcones")
    files = sorted(PACKAGE.glob("*.py"))
    assert len(files) >= 6
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            for name in names:
                root = name.split(".")[0]
                ok = root in sys.stdlib_module_names or name.startswith(allowed_prefixes)
                assert ok, f"{path.name} imports {name}"


def test_the_action_doc_shows_every_action_with_a_json_example():
    text = ACTIONS_DOC.read_text()
    examples = [json.loads(line) for line in re.findall(r"^\{.*\}$", text, flags=re.M)]
    assert {e["type"] for e in examples} == set(game.FIELDS)
    for face in dice.FACES:
        assert f'"{face}"' in text
    events = set(re.findall(r'"type": "(\w+)"', (PACKAGE / "events.py").read_text()))
    assert len(events) > 10
    assert events == set(words.NEWS), "every event has its words, and every wording an event"
    for event in events:
        assert f"`{event}`" in text, f"event {event} is not documented"
    for control in ("confirm", "pass", "roll"):
        assert f"`{control}`" in text


def test_the_rulings_are_written_down_and_the_game_is_listed():
    rulings = [line for line in RULES_DOC.read_text().splitlines() if line.startswith("- ")]
    assert len(rulings) >= 30
    assert (ROOT / "docs" / "actions" / "bondcones.md").exists()


def test_a_script_plays_from_the_command_line(capsys):
    script = Path(__file__).parent / "scripts" / "game_summary_28_points_win.jsonl"
    assert main(["replay", str(script)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["result"]["winners"] == ["Mia"] and printed["view"]["sides"]["Mia"]["points"] == 28
