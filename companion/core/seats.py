"""Players at the table: names in seat order (which is turn order) and their colours."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import SetupError

# High-contrast colours that stay distinct for the common colour-vision
# deficiencies (Okabe-Ito palette), readable on the dark screen.
PALETTE = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7", "#D55E00", "#0072B2", "#FFFFFF")
MAX_NAME = 16
COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
# Characters that reorder the text around them: "Ann\u202eneB" reads "AnnBen" on a screen and
# could pass for another player's name. Marks that only set a direction are refused alike.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Accents stack on a letter; more than this on one letter only draws over the names around it.
MAX_MARKS = 3


def name_problem(name: str) -> str | None:
    """Why a (whitespace-tidied) name cannot be shown as it is on the touchscreen and phones, or None."""
    if len(name) > MAX_NAME:
        return f"is longer than {MAX_NAME} letters"
    marks = 0
    for ch in name:
        kind = unicodedata.category(ch)
        if kind == "Cs":
            return "holds half a character (a lone surrogate)"
        if kind == "Cc" or ch in BIDI_CONTROLS or ch == "\ufeff":
            return f"holds the invisible character U+{ord(ch):04X}: type the name again"
        marks = marks + 1 if kind in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            return f"stacks more than {MAX_MARKS} accents on one letter"
    return None


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
        problem = name_problem(name)
        if problem:
            # Not the name itself: it is what cannot be shown (and a lone surrogate cannot be printed).
            raise SetupError(f"player {i + 1}'s name {problem}")
        if any(s.name.casefold() == name.casefold() for s in seats):
            raise SetupError(f"two players are called {name!r}: give one a different name")
        if colour is None:
            colour = PALETTE[i % len(PALETTE)]
        if not (isinstance(colour, str) and COLOUR.fullmatch(colour)):
            shown = repr(colour) if len(repr(colour)) <= 20 else repr(colour)[:17] + "..."
            raise SetupError(f"{name}'s colour must look like #RRGGBB (hex digits 0-9, A-F), not {shown}")
        seats.append(Seat(name, colour.upper()))
    return tuple(seats)
