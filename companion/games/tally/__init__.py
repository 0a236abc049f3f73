"""Tally, the smallest complete game: the example docs/new-game.md walks through, and the game the
table's own tests play. It is not on the table's menu (Game.listed is False)."""

from companion.games.tally.game import Tally

__all__ = ["Tally"]
