"""The cards of a BONC! deck, how many of each a game plays with, and how many are dealt.

Numbers are entered as the whole numbers 0 to 8; the wild cards by name. The text lost the
picture that named the card which BONC!s the player after you: the app calls it SNEAK
("Get sneaky… play this card and BONC! the person right AFTER you!").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

NUMBERS = tuple(range(9))
BONC = "bonc"
BLITZ = "blitz"
SNEAK = "sneak"
BORROWED_TIME = "borrowed_time"
BAND_AID = "band_aid"
BULLETPROOF = "bulletproof"
BLOCK = "block"
WILDS = (BONC, BLITZ, SNEAK, BORROWED_TIME, BAND_AID, BULLETPROOF, BLOCK)
ALL: tuple[Any, ...] = (*NUMBERS, *WILDS)

# The wild cards that take a life from someone: a BLOCK may cancel what they did.
ATTACKS = (BONC, BLITZ, SNEAK, BORROWED_TIME)

# "What's in the Box?": one 0, one 1, two 2s ... eight 8s; the three counted wild cards.
# The 8 cards the box list leaves out are SNEAK, BORROWED TIME and BULLETPROOF in a split the
# text does not give: options (game.py), defaults in docs/rules/bonc.md.
BOX = {0: 1, **{n: n for n in range(1, 9)}, BONC: 2, BLITZ: 4, BLOCK: 4, BAND_AID: 5}

# "Identify the Number of BLITZ! Cards to be played according to the number of starting players."
BLITZ_IN_PLAY = {3: 1, 4: 2, 5: 3, 6: 4, 7: 4}


def is_number(card: Any) -> bool:
    """True for a number card (0 to 8); JSON's true/false are never numbers."""
    return isinstance(card, int) and not isinstance(card, bool) and card in NUMBERS


def blitz_in_play(players: int, decks: int) -> int:
    """BLITZ cards used, by the number of starting players (8 and more: every BLITZ of both decks)."""
    if players > 7:
        return 4 * decks
    return BLITZ_IN_PLAY[players] * decks


def deal_size(players: int) -> int:
    """Cards dealt to each player still in: "10 CARDS (for 3-5 players) 8 CARDS (for 6-7 players)"."""
    return 10 if players <= 5 else 8


def deck(options: Mapping[str, Any], players: int) -> dict[Any, int]:
    """How many of each card this game plays with, the unused BLITZ cards set aside."""
    decks = 2 if options["second_deck"] else 1
    counts = {card: n * decks for card, n in BOX.items()}
    counts[SNEAK] = options["sneak_cards"] * decks
    counts[BORROWED_TIME] = options["borrowed_time_cards"] * decks
    counts[BULLETPROOF] = options["bulletproof_cards"] * decks
    counts[BLITZ] = blitz_in_play(players, decks)
    return {card: counts[card] for card in ALL}


def key(card: Any) -> str:
    """A card as a JSON object key ("7", "bonc"): the state keeps counts by these."""
    return str(card)
