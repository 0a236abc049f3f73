"""A game's knowledge stays behind the Game interface: nothing outside its own folders names it.

Adding a game touches only companion/games/<id>/, companion/ui/boards/<id>/,
companion/web/games/<id>.js, docs/rules/<id>.md, docs/actions/<id>.md and tests/games/<id>/
(docs/new-game.md). This test fails when a file elsewhere in companion/ names a game's id.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import games

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


@pytest.mark.parametrize("game_id", games.known())
def test_every_game_has_its_rulings_and_its_actions_documented(game_id):
    import json

    game = games.get(game_id)
    actions = ROOT / "docs" / "actions" / f"{game_id}.md"
    assert (ROOT / "docs" / "rules" / f"{game_id}.md").exists(), f"docs/rules/{game_id}.md is missing"
    text = actions.read_text()
    examples = [json.loads(m) for m in re.findall(r'^\{"type": .*\}$', text, flags=re.M)]
    assert set(game.actions) <= {e["type"] for e in examples}, "an action has no JSON example"
    for option in game.options:
        assert f"`{option.name}`" in text, f"the option {option.name} is not in docs/actions/{game_id}.md"
