"""The B.O.N board: the rank stack large, the trick, tricks against the goal, the card pad."""

from companion.ui.boards.bon.board import BonBoard

__all__ = ["BonBoard"]
