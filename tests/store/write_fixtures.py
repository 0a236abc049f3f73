"""Write a game database as this release stores it, for every later release to open.

    .venv/bin/python -m tests.store.write_fixtures [GAME ...]

For each game (default: every built-in game without a fixture at this schema yet) it writes
tests/store/fixtures/<game>.schema<N>.db and, beside it, a .json listing every game in it: its
players, status, result and moves in effect. tests/store/test_fixtures.py opens each one with
the code of the day and must find all of that. A fixture is never written again: a release that
changes the schema or adds a game adds files, so the tables' databases of every release stay
covered.

What is in each: two games played to the end by a random legal player (each with a move taken
back and put again on the way), a game left unfinished when a new one began (abandoned), and the
game being played when the table stopped, whose last move was taken back (its redo kept).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import companion
from companion import games
from companion.core.session import Session
from companion.store import Store
from companion.store.database import SCHEMA_VERSION
from companion.table import Table
from tests.games.bonbon.test_properties import legal_action as bonbon_pick
from tests.games.bondcones.test_properties import pick as bondcones_pick

FIXTURES = Path(__file__).parent / "fixtures"
SCRIPTS = Path(__file__).parent.parent / "games"
MAX_ACTIONS = 5000

# How a random legal player picks its next action, and the seats and options of the two games
# played to the end. A new game adds its line here when its first fixture is written.
PLAYERS: dict[str, tuple[Callable[[random.Random, Any], dict], list[tuple[list[str], dict]]]] = {
    "bonbon": (bonbon_pick, [(["Ann", "Ben", "Cy"], {}), (["Lucy", "Nick"], {"max_value": 5})]),
    "bondcones": (bondcones_pick, [(["Mia", "Leo"], {}), (["Ann", "Ben"], {})]),
}


def fixture_path(game: str) -> Path:
    return FIXTURES / f"{game}.schema{SCHEMA_VERSION}.db"


def _play_to_the_end(table: Table, game: str, seats: list[str], options: dict, seed: int) -> None:
    pick = PLAYERS[game][0]
    rng = random.Random(seed)
    session = table.start(game, seats, options)
    for n in range(MAX_ACTIONS):
        if session.result() is not None:
            return
        session.dispatch(pick(rng, session.expected()))
        if n == 5:  # a move taken back and put again: the log keeps both as they were
            session.dispatch({"type": "undo"})
            session.dispatch({"type": "redo"})
    raise AssertionError(f"{game}: a random game of {MAX_ACTIONS} actions did not end (seed {seed})")


def _script(game: str, number: int) -> tuple[dict, list[dict]]:
    path = sorted((SCRIPTS / game / "scripts").glob("*.jsonl"))[number]
    header, *actions = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return header, actions


def _play_script(table: Table, game: str, number: int) -> Session:
    header, actions = _script(game, number)
    session = table.start(game, header["players"], header.get("options", {}))
    for action in actions:
        session.dispatch(action)
        if session.result() is not None:
            break
    return session


def write(game: str, path: Path) -> dict[str, Any]:
    """Play the games into a new database at `path`; return what the .json beside it says."""
    if path.exists():
        raise SystemExit(f"{path} exists: a fixture is never written again (add a new one)")
    store = Store(path)
    table = Table(store)
    for seed, (seats, options) in enumerate(PLAYERS[game][1], start=1):
        _play_to_the_end(table, game, seats, options, seed)
    _play_script(table, game, 0)  # left unfinished: the next start abandons it
    playing = _play_script(table, game, 1)
    assert playing.result() is None, "the last game must still be playing"
    playing.dispatch({"type": "undo"})
    records = [store.record(i) for i in range(1, store.last_game_number() + 1)]
    store.close()
    assert not Path(f"{path}-wal").exists(), "the fixture must be whole in one file"
    return {
        "written_by": companion.__version__,
        "written_on": date.today().isoformat(),
        "schema": SCHEMA_VERSION,
        "games": [
            {
                "id": r.id,
                "game": r.game,
                "players": [p["name"] for p in r.players],
                "options": r.options,
                "status": r.status,
                "result": r.result,
                "moves": r.actions,
            }
            for r in records
        ],
    }


def main(argv: list[str]) -> int:
    wanted = argv or [g for g in sorted(games.BUILTIN) if not fixture_path(g).exists()]
    for game in wanted:
        path = fixture_path(game)
        manifest = write(game, path)
        path.with_suffix(".json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
        print(f"wrote {path} ({path.stat().st_size} bytes, {len(manifest['games'])} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
