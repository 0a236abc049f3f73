"""The BONC! board: lives big enough to read across the table, shields, the chain, the card pad."""

from companion.ui.boards.bonc.board import BoncBoard

__all__ = ["BoncBoard"]
