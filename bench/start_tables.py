"""The data folders bench/start.py starts the table in: empty, a game in progress, a history.

Games are played from the games' own scripts (tests/games/<game>/scripts) through the table, as
touches would be: a game in progress is the first half of a script; a game in the history, a whole
script (finished when the script ends the game; otherwise left, as the next game's start leaves it).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from companion import games
from companion.store import Store
from companion.table import Table

SCRIPTS = Path(__file__).parent.parent / "tests" / "games"


def write_config(folder: Path) -> Path:
    """A table with no GPIO and no dice tray (a desktop); the broker as on a Pi (localhost, a password)."""
    folder.mkdir(parents=True, exist_ok=True)
    password = folder / "mqtt-password"
    password.write_text("bench\n")
    config = folder / "config.toml"
    config.write_text(f'[data]\ndir = "{folder / "data"}"\n[gpio]\nenabled = false\n[dicetray]\nenabled = false\n'
                      f'[mqtt]\npassword_file = "{password}"\n')
    return config


def _script(game: str) -> tuple[dict, list[dict]]:
    path = sorted((SCRIPTS / game / "scripts").glob("*.jsonl"))[0]
    header, *actions = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return header, actions


def _play(table: Table, game: str, whole: bool) -> None:
    header, actions = _script(game)
    session = table.start(header["game"], header["players"], header.get("options", {}))
    for action in actions if whole else actions[: max(1, len(actions) // 2)]:
        session.dispatch(action)
    if not whole and session.result() is not None:
        raise AssertionError(f"{game}: half of its script ended the game")


def make_table(folder: Path, *, history: tuple[str, ...] = (), playing: str | None = None) -> Path:
    """A data folder with these games in its history, then one left in progress; its config."""
    config = write_config(folder)
    (folder / "data").mkdir(exist_ok=True)
    store = Store(folder / "data" / "companion.db")
    try:
        table = Table(store)
        for game in history:
            _play(table, game, whole=True)
        if playing is not None:
            _play(table, playing, whole=False)
        elif history:
            table.close_game()
    finally:
        store.close()
    return config


def fresh_copy(master: Path, to: Path) -> Path:
    """The same data folder again, for one run: each start finds exactly what the first found."""
    if to.exists():
        shutil.rmtree(to)
    shutil.copytree(master, to)
    return write_config(to)


def listed_games() -> list[str]:
    return [g.id for g in games.all_games(listed_only=True)]
