"""The games on the table's menu, read from their packages without importing their rules.

Home lists every game as the table starts, before its first frame; importing five games' rules
for their names and player counts would cost that frame most of its time (on a Pi several times
more). A game's class attributes are plain literals in its game.py (docs/new-game.md), so they are
read from its source: `id`, `title`, `min_players`, `max_players` and `listed`. A game whose
game.py says them any other way is imported as before, so nothing is ever listed wrongly;
tests/test_game_menu.py proves every shipped game reads the same both ways.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

FIELDS = ("id", "title", "min_players", "max_players", "listed")


@dataclass(frozen=True)
class MenuEntry:
    """What a menu shows of a game before it is played: its id, its name, how many may play."""

    id: str
    title: str
    min_players: int
    max_players: int
    listed: bool = True  # the Game default: False keeps an example game off the menu


def read_entry(package: Path) -> MenuEntry | None:
    """The game's entry from its game.py, or None if it does not say it in plain literals."""
    try:
        tree = ast.parse((package / "game.py").read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return None
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        found = {}
        for item in node.body:
            target, value = _assignment(item)
            if target in FIELDS:
                try:
                    found[target] = ast.literal_eval(value)
                except ValueError:
                    return None  # computed: only importing the game can tell
        if found.get("id") == package.name and {"title", "min_players", "max_players"} <= found.keys():
            return MenuEntry(**found)
    return None


def _assignment(item: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(item, ast.Assign) and len(item.targets) == 1 and isinstance(item.targets[0], ast.Name):
        return item.targets[0].id, item.value
    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and item.value is not None:
        return item.target.id, item.value
    return None, None
