"""The board kit is shared by every game's board: it names no game and imports no game's code."""

import ast
from pathlib import Path

from companion import games

KIT = Path(__file__).resolve().parents[2] / "companion" / "ui" / "kit"


def test_no_kit_file_names_a_game_or_imports_one():
    ids = games.packaged()
    assert len(ids) >= 2 and list(KIT.glob("*.py"))
    for path in KIT.glob("*.py"):
        text = path.read_text().lower()
        named = [i for i in ids if i in text]
        assert not named, f"{path.name} names {named}"
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith(("companion.games", "companion.ui.boards")), (path.name, node.module)
