"""Tally's board: the smallest board built from the kit (docs/new-game.md)."""

from companion.ui.boards.tally.board import TallyBoard

__all__ = ["TallyBoard"]
