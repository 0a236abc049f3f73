"""Each game's own play area ("board"), found by its package: companion/ui/boards/<id>/.

A board package names its Board class in `__all__`; a game without one gets the generic
board, which offers any game's legal actions from their typed fields.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil


def board_class(game_id: str):
    """The board widget class for a game."""
    from companion.ui.boards.base import Board

    if game_id in {m.name for m in pkgutil.iter_modules(__path__) if m.ispkg}:
        module = importlib.import_module(f"{__name__}.{game_id}")
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if inspect.isclass(obj) and issubclass(obj, Board):
                return obj
    from companion.ui.boards.generic import GenericBoard

    return GenericBoard
