"""Adding a game changes nothing outside its own folders: proved by adding one.

A copy of the repository gets a sixth game, Sixes (a six-sided die; tests/support/sixth_game/),
written by following docs/new-game.md: its rules package, its docs, its scripts. Its fixture
database is written by the command the docs name. Then the tests that cover a new game run in
the copy, unchanged: the menu, the seam checks, the scripts, the board's picture, the fixtures,
and the dice tray rolling its die. The copy differs from the repository only by files in the
game's own folders.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.store.database import SCHEMA_VERSION

ROOT = Path(__file__).resolve().parent.parent
SIXTH = ROOT / "tests" / "support" / "sixth_game"
# What a repository holds besides its files (not copied): the environment and what runs leave.
SKIP = shutil.ignore_patterns(".git", ".venv", "artifacts", "__pycache__", ".pytest_cache", "*.pyc", "node_modules")
# The game's own folders and files (docs/new-game.md's table), and its fixture.
OWN = ("companion/games/sixes/", "companion/ui/boards/sixes/", "companion/web/games/sixes.js",
       "docs/rules/sixes.md", "docs/actions/sixes.md", "tests/games/sixes/", "docs/screens/sixes-",
       "tests/store/fixtures/sixes.")


def changed(copy: Path) -> list[str]:
    """Every file of the copy that is new or differs from the repository's (paths from the root)."""
    out = []
    for path in sorted(copy.rglob("*")):
        rel = path.relative_to(copy).as_posix()
        if path.is_dir() or "__pycache__" in rel or rel.startswith((".pytest_cache", "artifacts/")):
            continue
        original = ROOT / rel
        if not original.is_file() or not filecmp.cmp(path, original, shallow=False):
            out.append(rel)
    return out


def run(copy: Path, *args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "GPIOZERO_PIN_FACTORY": "mock",
           "PYTHONPATH": str(copy)}  # the copy's companion, not the installed one
    return subprocess.run([sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True,
                          timeout=timeout)


@pytest.mark.slow
def test_a_sixth_game_added_by_its_own_folders_passes_every_test_that_covers_a_new_game(tmp_path):
    copy = tmp_path / "repo"
    shutil.copytree(ROOT, copy, ignore=SKIP, symlinks=True)
    shutil.copytree(SIXTH, copy, dirs_exist_ok=True, ignore=shutil.ignore_patterns("README.md"))
    where = run(copy, "-c", "import companion; print(companion.__file__)")
    assert where.stdout.strip() == str(copy / "companion" / "__init__.py"), where

    fixture = run(copy, "-m", "tests.store.write_fixtures", "sixes")
    assert fixture.returncode == 0, fixture.stderr
    assert "wrote " in fixture.stdout

    outside = [rel for rel in changed(copy) if not rel.startswith(OWN)]
    assert outside == [], "adding the game changed files outside its own folders"

    tests = run(copy, "-m", "pytest", "-n", "0", "-q", "-p", "no:cacheprovider",
                "tests/test_game_seams.py", "tests/store/test_fixtures.py",
                "tests/games/test_every_games_scripts.py", "tests/inputs/test_tray_die.py",
                "tests/ui/test_every_board.py", "tests/ui/test_shell.py",
                "-k", "sixes or menu or qr_code or fixture or every_game")
    assert tests.returncode == 0, tests.stdout[-4000:] + tests.stderr[-2000:]
    summary = tests.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary and "error" not in summary, summary
    listed = run(copy, "-m", "pytest", "-n", "0", "-q", "--co", "-p", "no:cacheprovider",
                 "tests/test_game_seams.py", "tests/store/test_fixtures.py", "tests/inputs/test_tray_die.py",
                 "tests/ui/test_every_board.py", "-k", "sixes")
    collected = listed.stdout
    for name in ("test_no_file_outside_a_games_own_folders_names_it[sixes]",
                 "test_every_game_has_its_rulings_and_its_actions_documented[sixes]",
                 "test_a_game_that_rolls_declares_its_die_with_the_faces_its_roll_takes[sixes]",
                 "test_every_games_board_is_drawn_readably_as_a_game_starts[sixes]",
                 "test_every_game_with_a_die_has_the_simulated_tray_roll_it[sixes]",
                 f"[sixes.schema{SCHEMA_VERSION}]"):
        assert name in collected, f"{name} was not run for the new game:\n{collected}"
