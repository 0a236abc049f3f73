"""Baon, the game of leftovers: the rules as a pure plug-in (see docs/rules/baon.md)."""

from companion.games.baon.game import Baon

__all__ = ["Baon"]
