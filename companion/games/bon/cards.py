"""The B.O.N deck: three colours and Pass cards, sized by the number of players (the reference chart).

A card is named by a short string the actions carry: "red-8", "blue-1", "pass". Pass cards are
alike, so one name stands for all of them; how many a deck holds is counted, not named.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# The rulebook's order ("Red / Yellow / Blue = 1~11 per each color"), used wherever colours are listed.
COLOURS = ("red", "yellow", "blue")
PASS = "pass"
HAND = 7  # "deal 7 cards to each player"
LEFT_OVER = 2  # "Set the extra two cards face-up next to the Scoreboard."
TRICKS = HAND  # every card in hand is played, one a trick

COLOUR_NAMES = {"red": "Red", "yellow": "Yellow", "blue": "Blue"}


@dataclass(frozen=True)
class Deck:
    """One row of the reference chart."""

    players: int
    values: int  # cards 1..values of each colour
    passes: int
    goal: int  # tricks per round a player aims to take exactly

    def cards(self) -> list[str]:
        """Every coloured card of this deck, colour by colour, lowest first (Pass cards apart)."""
        return [card(colour, v) for colour in COLOURS for v in range(1, self.values + 1)]

    @property
    def size(self) -> int:
        return len(COLOURS) * self.values + self.passes


# "3: 1~7, 2 Pass, goal 3 / 4: 1~9, 3 Pass, goal 2 / 5: 1~11, 4 Pass, goal 1"
CHART = {
    3: Deck(3, 7, 2, 3),
    4: Deck(4, 9, 3, 2),
    5: Deck(5, 11, 4, 1),
}


def card(colour: str, value: int) -> str:
    return f"{colour}-{value}"


def colour_of(name: str) -> str | None:
    """The card's colour, or None for a Pass card."""
    return None if name == PASS else name.split("-", 1)[0]


def value_of(name: str) -> int:
    """The card's number; a Pass card counts 0 (it never wins on its number anyway)."""
    return 0 if name == PASS else int(name.split("-", 1)[1])


def is_card(deck: Deck, name: object) -> bool:
    """True when `name` names a card this deck holds."""
    return name == PASS or (isinstance(name, str) and name in _names(deck))


@cache
def _names(deck: Deck) -> frozenset[str]:
    # Asked for every card of the pad at every move (and every move again on an undo's replay).
    return frozenset(deck.cards())


def label(name: str) -> str:
    """A card as players say it: "Red 8", "Pass"."""
    if name == PASS:
        return "Pass"
    colour, value = name.split("-", 1)
    return f"{COLOUR_NAMES.get(colour, colour)} {value}"


def colour_name(colour: str | None) -> str:
    return COLOUR_NAMES.get(colour or "", "none")
