"""Each game's own play area ("board"), by game id; any other game gets the generic board."""

from __future__ import annotations

import importlib

# "game id": "module:Class" of the game's own board.
BOARDS: dict[str, str] = {
    "bonbon": "companion.ui.boards.bonbon:BonbonBoard",
    "bondcones": "companion.ui.boards.bondcones:BondConesBoard",
}


def board_class(game_id: str):
    """The board widget class for a game."""
    if game_id in BOARDS:
        module, cls = BOARDS[game_id].split(":")
        return getattr(importlib.import_module(module), cls)
    from companion.ui.boards.generic import GenericBoard

    return GenericBoard
