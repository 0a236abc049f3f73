"""Cones and counting frames: which values each side still has on the board and the points captured."""

from __future__ import annotations

from typing import Any

# "1 x 8 points, 4 x 4 points, 6 x 2 points, 5 x 1 point, 10 x 0 points" (41 points, 26 cones).
COUNTS: dict[int, int] = {8: 1, 4: 4, 2: 6, 1: 5, 0: 10}
VALUES: tuple[int, ...] = (0, 1, 2, 4, 8)
TOTAL_POINTS = sum(v * n for v, n in COUNTS.items())
TOTAL_CONES = sum(COUNTS.values())


def full_set() -> dict[str, int]:
    """A side's cones by value before any capture; keys are strings so the state stays JSON."""
    return {str(v): COUNTS[v] for v in VALUES}


def possible_values(cones: dict[str, int]) -> list[int]:
    """Values a side still has on the board: the only ones a capture may reveal."""
    return [v for v in VALUES if cones[str(v)] > 0]


def cones_left(cones: dict[str, int]) -> int:
    """How many cones a side still has on the board."""
    return sum(cones.values())


def take(cones: dict[str, int], value: int) -> None:
    """Take one cone of this value off the board (legal.py has made sure the side has one)."""
    cones[str(value)] -= 1


def points(captured: list[dict[str, Any]]) -> int:
    """The counting frame: the sum of the values a player has taken."""
    return sum(item["value"] for item in captured)
