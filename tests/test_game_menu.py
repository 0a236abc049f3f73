"""Home's menu of games is read from the games' packages without importing their rules, and says
exactly what importing each game would say."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

from companion import games
from companion.games.menu import MenuEntry, read_entry

ROOT = Path(__file__).parent.parent


def test_every_shipped_game_reads_the_same_on_the_menu_as_imported():
    for game_id in games.packaged():
        entry = read_entry(ROOT / "companion" / "games" / game_id)
        package = importlib.import_module(f"companion.games.{game_id}")  # as shipped (tests register their own tally)
        (game,) = [getattr(package, name) for name in package.__all__]
        assert entry == MenuEntry(game.id, game.title, game.min_players, game.max_players, game.listed), game_id


def test_the_menu_lists_the_listed_games_in_the_order_of_all_games():
    assert [e.id for e in games.menu()] == [g.id for g in games.all_games(listed_only=True)]
    assert [e.id for e in games.menu(listed_only=False)] == [g.id for g in games.all_games()]


def test_listing_the_menu_imports_no_game():
    code = ("import sys, json; from companion import games; menu = games.menu(); "
            "print(json.dumps([sorted(m for m in sys.modules if m.startswith('companion.games.')), len(menu)]))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    modules, count = json.loads(done.stdout)
    # Every shipped game but the example one (Tally, kept off the menu).
    assert modules == ["companion.games.menu"] and count == len(games.packaged()) - 1, done.stdout


def test_a_game_that_computes_its_title_is_imported_for_the_menu_instead(tmp_path):
    package = tmp_path / "quiz"
    package.mkdir()
    (package / "game.py").write_text(
        'class Quiz:\n    id = "quiz"\n    title = "Quiz".upper()\n    min_players = 2\n    max_players = 8\n')
    assert read_entry(package) is None, "a computed title is not guessed: the registry imports the game"
    (package / "game.py").write_text(
        'class Quiz:\n    id = "quiz"\n    title = "Quiz"\n    min_players = 2\n    max_players = 8\n    listed = False\n')
    assert read_entry(package) == MenuEntry("quiz", "Quiz", 2, 8, listed=False)
    assert read_entry(tmp_path / "missing") is None
