"""Bonbon, the push-your-luck card game: the rules as a pure plug-in (see docs/rules/bonbon.md)."""

from companion.games.bonbon.game import Bonbon

__all__ = ["Bonbon"]
