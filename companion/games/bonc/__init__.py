"""BONC!, the lives-based elimination card game: the rules as a pure plug-in (see docs/rules/bonc.md)."""

from companion.games.bonc.game import Bonc

__all__ = ["Bonc"]
