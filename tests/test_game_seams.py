"""A game's knowledge stays behind the Game interface: nothing outside its own folders names it.

Adding a game touches only companion/games/<id>/, companion/ui/boards/<id>/,
companion/web/games/<id>.js, docs/rules/<id>.md, docs/actions/<id>.md and tests/games/<id>/
(docs/new-game.md). This test fails when a file elsewhere in companion/ names a game's id.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion import games
from companion.core.learning import LEARNING  # every listed game's, documented once (docs/new-game.md)

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "companion"
# The dice tray's own program: the die it ships with is the tray's, not a game's knowledge.
TRAY_FIRMWARE = COMPANION / "inputs" / "dicetray" / "pico"


def naming(game_id: str, root: Path = COMPANION) -> list[str]:
    """Every line under `root` (companion/), outside the game's own folders, that names the game:
    its id as a string, or its packages by import (companion.games.<id>, ...boards.<id>)."""
    quoted = re.compile(rf"""['"]{re.escape(game_id)}['"]""")
    imported = re.compile(rf"\b(games|boards)[./]{re.escape(game_id)}\b")
    own = [root / "games" / game_id, root / "ui" / "boards" / game_id, root / "web" / "games" / f"{game_id}.js"]
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".py", ".js", ".kv") or TRAY_FIRMWARE in path.parents:
            continue
        if any(path == mine or mine in path.parents for mine in own):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if quoted.search(line) or imported.search(line):
                found.append(f"{path.relative_to(root.parent)}:{number}: {line.strip()}")
    return found


@pytest.mark.parametrize("game_id", games.known())
def test_no_file_outside_a_games_own_folders_names_it(game_id):
    assert naming(game_id) == []


def test_the_check_finds_a_game_named_where_it_does_not_belong(tmp_path):
    root = tmp_path / "companion"
    (root / "ui" / "screens").mkdir(parents=True)
    (root / "games" / "tally").mkdir(parents=True)
    (root / "games" / "tally" / "words.py").write_text('ID = "tally"\n')  # its own folder: fine
    (root / "ui" / "screens" / "hints.py").write_text('HINTS = {"tally": "a hint that belongs to the game"}\n')
    (root / "ui" / "screens" / "words.py").write_text("from companion.games.tally import words\n")
    assert naming("tally", root) == [
        'companion/ui/screens/hints.py:1: HINTS = {"tally": "a hint that belongs to the game"}',
        "companion/ui/screens/words.py:1: from companion.games.tally import words",
    ]


def undocumented(game, root: Path = ROOT) -> list[str]:
    """What docs/new-game.md asks of a game's docs that `root` lacks, each naming the file to write."""
    rules = root / "docs" / "rules" / f"{game.id}.md"
    actions = root / "docs" / "actions" / f"{game.id}.md"
    missing = []
    if not rules.is_file():
        missing.append(f"docs/rules/{game.id}.md is missing: write it with every ruling the rulebook "
                       "does not make, each with its reason (docs/new-game.md)")
    if not actions.is_file():
        missing.append(f"docs/actions/{game.id}.md is missing: write it with a JSON example of each of "
                       f"the game's actions ({', '.join(game.actions)}), its options and its control "
                       "bindings (docs/new-game.md)")
        return missing
    text = actions.read_text(encoding="utf-8")
    examples = {json.loads(m).get("type") for m in re.findall(r'^\{"type": .*\}$', text, flags=re.M)}
    missing += [f"docs/actions/{game.id}.md has no JSON example of the action {kind!r}"
                for kind in game.actions if kind not in examples]
    missing += [f"docs/actions/{game.id}.md does not name the option `{option.name}`"
                for option in game.options if f"`{option.name}`" not in text and option is not LEARNING]
    return missing


@pytest.mark.parametrize("game_id", games.known())
def test_every_game_has_its_rulings_and_its_actions_documented(game_id):
    assert undocumented(games.get(game_id)) == []


def test_a_game_without_its_docs_is_told_which_files_to_write(tmp_path):
    tally = games.get("tally")
    assert undocumented(tally, tmp_path) == [
        "docs/rules/tally.md is missing: write it with every ruling the rulebook does not make, each with "
        "its reason (docs/new-game.md)",
        f"docs/actions/tally.md is missing: write it with a JSON example of each of the game's actions "
        f"({', '.join(tally.actions)}), its options and its control bindings (docs/new-game.md)",
    ]
    (tmp_path / "docs" / "actions").mkdir(parents=True)
    (tmp_path / "docs" / "rules").mkdir()
    (tmp_path / "docs" / "rules" / "tally.md").write_text("# Tally\n")
    (tmp_path / "docs" / "actions" / "tally.md").write_text('{"type": "add", "by": "Ann", "points": 3}\n')
    found = undocumented(tally, tmp_path)
    assert found and all(line.startswith("docs/actions/tally.md ") for line in found), found
    assert not any("'add'" in line for line in found), "the example given is found"


def rolled_faces(game_id: str) -> set[str]:
    """Every face the game's roll action offered at some point of its scripts (tests/games/<id>/scripts)."""
    from companion.core.fields import Choice
    from companion.replay import replay

    seen: set = set()
    for script in sorted((ROOT / "tests" / "games" / game_id / "scripts").glob("*.jsonl")):
        header, *moves = [line for line in script.read_text().splitlines() if line.strip()]
        session = replay([header])
        for move in [None, *moves]:
            if move is not None:
                session.dispatch(json.loads(move))
            spec = session.expected().spec("roll")
            face = spec.fields.get("face") if spec is not None else None
            if isinstance(face, Choice):
                seen |= set(face.values)
    return seen


@pytest.mark.parametrize("game_id", games.known())
def test_a_game_that_rolls_declares_its_die_with_the_faces_its_roll_takes(game_id):
    """The dice tray rolls what `Game.die` says (docs/dicetray-protocol.md): faces as strings,
    the very values the roll's `face` takes, and a die the tray can roll."""
    from companion.inputs.dicetray.pico import frames

    game = games.get(game_id)
    offered = rolled_faces(game_id)
    if game.die is None:
        assert not offered, f"{game.title} rolls {sorted(map(str, offered))}: declare them as its die (Game.die)"
        return
    assert all(isinstance(face, str) for face in game.die), f"{game.title}'s die faces must be strings: {game.die}"
    assert frames.split_faces(frames.join_faces(game.die)) == tuple(game.die), (
        f"{game.title}'s die {game.die} is not one the tray can roll: 2 to 20 distinct words of "
        "letters, digits, _ or - (docs/dicetray-protocol.md)")
    assert offered, f"{game.title} declares a die but none of its scripts reaches a roll"
    assert offered <= set(game.die), f"{game.title} rolls {sorted(offered - set(game.die))}, not on its die"
