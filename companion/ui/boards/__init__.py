"""Each game's own play area ("board"), by game id; any other game gets the generic board."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

# "game id": "module:Class" of the game's own board.
BOARDS: dict[str, str] = {
    "bonbon": "companion.ui.boards.bonbon:BonbonBoard",
    "bondcones": "companion.ui.boards.bondcones:BondConesBoard",
}

# "game id": "module:function" putting one of the game's events in words (a past game's story).
NEWS: dict[str, str] = {
    "bonbon": "companion.ui.boards.bonbon.words:event_text",
    "bondcones": "companion.ui.boards.bondcones.words:event_text",
}


def board_class(game_id: str):
    """The board widget class for a game."""
    if game_id in BOARDS:
        module, cls = BOARDS[game_id].split(":")
        return getattr(importlib.import_module(module), cls)
    from companion.ui.boards.generic import GenericBoard

    return GenericBoard


def news_words(game_id: str) -> Callable[[dict[str, Any]], str]:
    """How a game's events read; any other game's events are described from their fields."""
    if game_id in NEWS:
        module, function = NEWS[game_id].split(":")
        return getattr(importlib.import_module(module), function)
    from companion.ui.boards.generic import describe_event

    return describe_event
