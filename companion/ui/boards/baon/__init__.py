"""Baon's touchscreen board: baons, generosity, tokens, majorities, Lola, and entry by touch."""

from companion.ui.boards.baon.board import BaonBoard

__all__ = ["BaonBoard"]
