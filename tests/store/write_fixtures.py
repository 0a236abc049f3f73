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

Any game works without a line here: a game with no line in PLAYERS plays its own scripts
(tests/games/<id>/scripts/*.jsonl, which docs/new-game.md asks for): up to two of those that end
the game are played to the end. Each file is written under a temporary name and renamed when it
is whole, so a game that cannot be written leaves nothing behind for the tests to trip on.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import companion
from companion import games
from companion.core.errors import SetupError
from companion.core.session import Session
from companion.store import Store
from companion.store.database import SCHEMA_VERSION
from companion.table import Table
from tests.games.bon.test_properties import pick as bon_pick
from tests.games.bonbon.test_properties import legal_action as bonbon_pick
from tests.games.bonc.test_properties import pick as bonc_pick
from tests.games.bondcones.test_properties import pick as bondcones_pick

FIXTURES = Path(__file__).parent / "fixtures"
SCRIPTS = Path(__file__).parent.parent / "games"
MAX_ACTIONS = 5000

# How a random legal player picks its next action in a session, and the seats and options of the
# two games played to the end; or, for a game whose random play seldom ends, the names of two of
# its scripts that end it. A game without a line plays its scripts that end it (_ending_scripts).
Picker = Callable[[random.Random, Session], dict]
PLAYERS: dict[str, tuple[Picker, list[tuple[list[str], dict]]] | list[str]] = {
    "bonbon": (lambda rng, s: bonbon_pick(rng, s.expected()),
               [(["Ann", "Ben", "Cy"], {}), (["Lucy", "Nick"], {"max_value": 5})]),
    "bondcones": (lambda rng, s: bondcones_pick(rng, s.expected()), [(["Mia", "Leo"], {}), (["Ann", "Ben"], {})]),
    "bon": (lambda rng, s: bon_pick(rng, next(x for x in s.expected().legal if x.type != "point")),
            [(["Ann", "Ben", "Cy"], {"target": 2}), (["Ann", "Ben", "Cy", "Dee"], {"target": 2})]),
    "bonc": (bonc_pick, [(["Ann", "Ben", "Cy"], {"lives": 3}), (["Ann", "Ben", "Cy", "Dee"], {})]),
    "baon": ["whole_game", "scoring_only"],
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
        session.dispatch(pick(rng, session))
        if n == 5:  # a move taken back and put again: the log keeps both as they were
            session.dispatch({"type": "undo"})
            session.dispatch({"type": "redo"})
    raise AssertionError(f"{game}: a random game of {MAX_ACTIONS} actions did not end (seed {seed})")


class FixtureError(Exception):
    """The game's fixture cannot be written; the message says what the game needs."""


def _scripts(game: str) -> list[Path]:
    return sorted((SCRIPTS / game / "scripts").glob("*.jsonl"))


def _script(game: str, number: int | str) -> tuple[dict, list[dict]]:
    found = _scripts(game)
    path = found[number] if isinstance(number, int) else next(p for p in found if p.stem == number)
    header, *actions = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return header, actions


def _play_script(table: Table, game: str, number: int | str) -> Session:
    header, actions = _script(game, number)
    session = table.start(game, header["players"], header.get("options", {}))
    for action in actions:
        session.dispatch(action)
        if session.result() is not None:
            break
    return session


def _ending_scripts(game: str) -> list[str]:
    """Up to two of the game's scripts that play it to its end, by name (played first in a scratch table)."""
    found = []
    with tempfile.TemporaryDirectory(prefix="fixture-trial-") as folder:
        scratch = Store(Path(folder) / "trial.db")
        try:
            table = Table(scratch)
            for path in _scripts(game):
                if _play_script(table, game, path.stem).result() is not None:
                    found.append(path.stem)
                if len(found) == 2:
                    break
        finally:
            scratch.close()
    return found


def _finished_games(game: str) -> tuple[Picker, list[tuple[list[str], dict]]] | list[str]:
    if game in PLAYERS:
        return PLAYERS[game]
    if not _scripts(game):
        raise FixtureError(f"{game}: no scripts in tests/games/{game}/scripts/ to play into its fixture "
                           "(docs/new-game.md: a game's scripts with their .expect.json)")
    ending = _ending_scripts(game)
    if not ending:
        raise FixtureError(f"{game}: none of the scripts in tests/games/{game}/scripts/ plays the game to its "
                           "end; add one that does (a fixture holds finished games)")
    return ending


def write(game: str, path: Path) -> dict[str, Any]:
    """Play the games into a new database at `path`; return what the .json beside it says."""
    if path.exists():
        raise SystemExit(f"{path} exists: a fixture is never written again (add a new one)")
    finished = _finished_games(game)  # before any file is made
    store = Store(path)
    try:
        table = Table(store)
        if isinstance(finished, list):
            for name in finished:
                assert _play_script(table, game, name).result() is not None, f"{name} does not end the game"
        else:
            for seed, (seats, options) in enumerate(finished[1], start=1):
                _play_to_the_end(table, game, seats, options, seed)
        left = _play_script(table, game, 0)  # left unfinished: the next start abandons it
        if left.result() is not None:
            left.dispatch({"type": "undo"})
        playing = _play_script(table, game, min(1, len(_scripts(game)) - 1))
        playing.dispatch({"type": "undo"})  # its last move taken back, the redo kept
        assert playing.result() is None, "the last game must still be playing"
        records = [store.record(i) for i in range(1, store.last_game_number() + 1)]
    finally:
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


def write_fixture(game: str, folder: Path = FIXTURES) -> tuple[Path, dict[str, Any]]:
    """Write <game>.schema<N>.db and its .json into `folder`, whole or not at all."""
    path = folder / fixture_path(game).name
    if path.exists():
        raise SystemExit(f"{path} exists: a fixture is never written again (add a new one)")
    # Names the tests do not pick up (they look for *.db) until the database is whole.
    partial = path.with_name(f".{path.name}.writing")
    partial_manifest = path.with_name(f".{path.stem}.json.writing")
    leftovers = [partial, partial_manifest, *(Path(f"{partial}{s}") for s in ("-wal", "-shm", "-journal"))]
    for stale in leftovers:  # an earlier run that was stopped halfway
        stale.unlink(missing_ok=True)
    try:
        manifest = write(game, partial)
        partial_manifest.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
        # The manifest first: a .json without its .db is not a fixture, a .db without its .json breaks one.
        os.replace(partial_manifest, path.with_suffix(".json"))
        os.replace(partial, path)
    finally:
        for stale in leftovers:
            stale.unlink(missing_ok=True)
    return path, manifest


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.store.write_fixtures", description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="default: every game on the menu without a fixture")
    parser.add_argument("--into", type=Path, default=FIXTURES, help="the folder (default: tests/store/fixtures)")
    args = parser.parse_args(argv)
    wanted = args.games or [g.id for g in games.all_games(listed_only=True)
                            if not (args.into / fixture_path(g.id).name).exists()]
    for game in wanted:
        try:
            games.get(game)
            path, manifest = write_fixture(game, args.into)
        except (FixtureError, SetupError) as exc:
            print(f"write_fixtures: {exc}", file=sys.stderr)
            return 2
        print(f"wrote {path} ({path.stat().st_size} bytes, {len(manifest['games'])} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
