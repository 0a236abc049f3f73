"""The games the table knows, found by their packages: companion/games/<id>/ is game <id>.

A game's package names its Game class in `__all__`; nothing else lists games, so adding one
is adding its folders (docs/new-game.md). Each package is imported only when first needed.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.errors import SetupError
from companion.games.menu import MenuEntry, read_entry

if TYPE_CHECKING:  # the rules' machinery loads with the first game, not with the menu
    from companion.core.game import Game

_loaded: dict[str, Game] = {}
# Menu entries read from a shipped game's source, once a process: the menu is asked for more than
# once before the first frame (the command line, Home, the warm-ups), and the source does not change
# under a running table.
_read: dict[str, MenuEntry | None] = {}


def packaged() -> list[str]:
    """The ids of the games that ship: one package each under companion/games/."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)


def register(game: Game) -> None:
    """Make a game available by its id (the shipped games register themselves; tests add more)."""
    _loaded[game.id] = game


def unregister(game_id: str) -> None:
    _loaded.pop(game_id, None)


def _load(game_id: str) -> None:
    import inspect

    from companion.core.game import Game

    module = importlib.import_module(f"{__name__}.{game_id}")
    found = [obj for name in getattr(module, "__all__", ())
             if inspect.isclass(obj := getattr(module, name)) and issubclass(obj, Game)]
    if len(found) != 1:
        raise SetupError(f"the game package {game_id!r} must name exactly one Game class in __all__")
    game = found[0]()
    if game.id != game_id:
        raise SetupError(f"the game package {game_id!r} holds a game whose id is {game.id!r}")
    register(game)


def get(game_id: str) -> Game:
    """The game with this id, or SetupError listing the ones the table knows."""
    if not isinstance(game_id, str):
        raise SetupError(f"a game is named by its id, like {known()[0]!r}, not {type(game_id).__name__} "
                         f"{_short(game_id)}")
    if game_id not in _loaded and game_id in packaged():
        _load(game_id)
    if game_id not in _loaded:
        ids = ", ".join(g.id for g in all_games()) or "none"
        raise SetupError(f"unknown game {game_id!r} (known games: {ids})")
    return _loaded[game_id]


def _short(value: object) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**50 else "(a very long number)"
    return text if len(text) <= 40 else text[:37] + "..."


def known() -> list[str]:
    """Every game id the table can play: the shipped ones and any registered since."""
    return sorted(set(packaged()) | set(_loaded))


def menu(*, listed_only: bool = True) -> list[MenuEntry]:
    """Every known game as a menu shows it, in all_games' order, without importing any game's rules
    that has not been imported yet (companion/games/menu.py); `listed_only` leaves out the examples."""
    entries = []
    shipped = set(packaged())
    for game_id in known():
        entry = None
        if game_id not in _loaded and game_id in shipped:
            if game_id not in _read:
                _read[game_id] = read_entry(Path(__path__[0]) / game_id)
            entry = _read[game_id]
        if entry is None:
            game = get(game_id)
            entry = MenuEntry(game.id, game.title, game.min_players, game.max_players, game.listed)
        entries.append(entry)
    return [e for e in entries if e.listed or not listed_only]


def all_games(*, listed_only: bool = False) -> list[Game]:
    """Every known game, in the order a menu shows them; `listed_only` leaves out the examples."""
    found = [get(game_id) for game_id in known()]
    return [g for g in found if g.listed or not listed_only]
