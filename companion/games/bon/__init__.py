"""B.O.N, the trick-taking game whose colour ranks move: the rules as a pure plug-in (docs/rules/bon.md)."""

from companion.games.bon.game import Bon

__all__ = ["Bon"]
