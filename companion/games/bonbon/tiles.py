"""The six bonus tiles (ids from the rulings) and what each is worth at scoring."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.bonbon.cards import DOWN, UP, Row, face_down_runs
from companion.games.bonbon.words import TILE_SHORT, tiles_said

THREE = "three"
ZEROS = "zeros"
FACE_UP = "face_up"
ONES = "ones"
SETS = "sets"
VARIETY = "variety"

TILES = (THREE, ZEROS, FACE_UP, ONES, SETS, VARIETY)
# "Shuffle the bonus tiles and place three at random near the collective limit board."
DISPLAYED = 3



def check_tile(tile: Any, allowed: list[str], who: str) -> str:
    """A tile id the player may take or lay out, or a refusal listing the ones they may."""
    if tile not in TILES:
        raise RuleError("There is no such bonus tile: " + (f"{who} may take {tiles_said(allowed)}" if allowed
                                                          else f"{who} may take none now"))
    if tile not in allowed:
        raise RuleError(f"{who} cannot take the {TILE_SHORT[tile]} tile now: "
                        + (f"{who} may take {tiles_said(allowed)}" if allowed else "none is left to take"))
    return tile


def tile_points(tile: str | None, row: Row, variety: int | None) -> int:
    """Points a tile gives for the row as it lies when the round ends (values all revealed)."""
    if tile is None:
        return 0
    if tile == THREE:
        return 3
    if tile == ZEROS:
        return sum(1 for c in row if c["value"] == 0)
    if tile == FACE_UP:
        return sum(1 for c in row if c["face"] == UP and c["value"] != 0)
    if tile == ONES:
        return sum(1 for c in row if c["value"] == 1)
    if tile == SETS:
        return 2 * sum(1 for run in face_down_runs(row) if run >= 2)
    if tile == VARIETY:
        # The illustrations are on the cards, not in the app: the count is entered at scoring.
        return variety or 0
    raise ValueError(tile)


def face_down_count(row: Row) -> int:
    """Face-down cards in the row: the second tie-break."""
    return sum(1 for c in row if c["face"] == DOWN)
