"""Players at the table: names in seat order (which is turn order) and their colours."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import SetupError

# High-contrast colours that stay distinct for the common colour-vision
# deficiencies (Okabe-Ito palette), readable on the dark screen.
PALETTE = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7", "#D55E00", "#0072B2", "#FFFFFF")
MAX_NAME = 16


@dataclass(frozen=True)
class Seat:
    name: str
    colour: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "colour": self.colour}


def make_seats(players: Sequence[str | dict[str, Any] | Seat]) -> tuple[Seat, ...]:
    """Turn names (or {"name", "colour"}) into seats, refusing blanks and duplicates."""
    seats: list[Seat] = []
    for i, p in enumerate(players):
        if isinstance(p, Seat):
            name, colour = p.name, p.colour
        elif isinstance(p, dict):
            name, colour = p.get("name"), p.get("colour")
        else:
            name, colour = p, None
        if not isinstance(name, str) or not name.strip():
            raise SetupError(f"player {i + 1} has no name")
        name = " ".join(name.split())
        if len(name) > MAX_NAME:
            raise SetupError(f"the name {name!r} is longer than {MAX_NAME} letters")
        if any(s.name.casefold() == name.casefold() for s in seats):
            raise SetupError(f"two players are called {name!r}: give one a different name")
        if colour is None:
            colour = PALETTE[i % len(PALETTE)]
        if not (isinstance(colour, str) and len(colour) == 7 and colour.startswith("#")):
            raise SetupError(f"{name}'s colour must look like #RRGGBB, not {colour!r}")
        seats.append(Seat(name, colour.upper()))
    return tuple(seats)
