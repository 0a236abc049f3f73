"""The BondCones board, in parts: counting frames, the roll, entry by touch."""

from companion.ui.boards.bondcones.board import BondConesBoard

__all__ = ["BondConesBoard"]
