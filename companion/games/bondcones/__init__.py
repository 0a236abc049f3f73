"""BondCones: the two players' referee and counting frames (rules only; no board positions)."""

from companion.games.bondcones.game import BondCones

__all__ = ["BondCones"]
