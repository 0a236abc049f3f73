"""The games the table knows, by id. Each game module is imported only when first needed."""

from __future__ import annotations

import importlib

from companion.core.errors import SetupError
from companion.core.game import Game

# "id": "module:Class" for every game that ships.
BUILTIN: dict[str, str] = {
    "bonbon": "companion.games.bonbon:Bonbon",
    "bondcones": "companion.games.bondcones:BondCones",
}

_loaded: dict[str, Game] = {}


def register(game: Game) -> None:
    """Make a game available by its id (used for the built-in games and by tests)."""
    _loaded[game.id] = game


def unregister(game_id: str) -> None:
    _loaded.pop(game_id, None)


def get(game_id: str) -> Game:
    """The game with this id, or SetupError listing the ones the table knows."""
    if not isinstance(game_id, str):
        raise SetupError(f'a game is named by its id, like "bonbon", not {type(game_id).__name__} {_short(game_id)}')
    if game_id not in _loaded and game_id in BUILTIN:
        module, cls = BUILTIN[game_id].split(":")
        register(getattr(importlib.import_module(module), cls)())
    if game_id not in _loaded:
        known = ", ".join(sorted(set(BUILTIN) | set(_loaded))) or "none"
        raise SetupError(f"unknown game {game_id!r} (known games: {known})")
    return _loaded[game_id]


def _short(value: object) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**50 else "(a very long number)"
    return text if len(text) <= 40 else text[:37] + "..."


def all_games() -> list[Game]:
    """Every known game, in the order a menu shows them."""
    return [get(game_id) for game_id in sorted(set(BUILTIN) | set(_loaded))]
