"""Sixes: roll a six-sided die in turn; each 6 is a point."""

from companion.games.sixes.game import Sixes

__all__ = ["Sixes"]
