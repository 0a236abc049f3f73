"""The Bonbon board, in parts: the players' rows, the collective total, the tiles, entry by touch, scoring."""

from companion.ui.boards.bonbon.board import BonbonBoard

__all__ = ["BonbonBoard"]
