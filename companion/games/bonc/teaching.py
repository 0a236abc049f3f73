"""BONC!'s words for "What now?" (companion/core/guide.py): each move as players say it now (what a
number would do to whom, who may BLOCK), the pad's BLOCK card greyed while the player on turn may
block on their own tile, and the section of rules.md behind the step. Hands are never known."""

from __future__ import annotations

from typing import Any

from companion.core.game import Expected
from companion.core.guide import Greyed, Teaching
from companion.games.bonc import cards as c
from companion.games.bonc.deals import blockers
from companion.games.bonc.play import previous, shielded
from companion.games.bonc.seats import alive, turn
from companion.games.bonc.words import CHAIN, a_card, card_name, names

State = dict[str, Any]
LONGEST = 160  # a move's words, read standing at a table


def teach(state: State, expected: Expected) -> Teaching:
    phase = state["phase"]
    may = blockers(state)
    moves: dict[str, str] = {}
    if may:
        moves["block"] = (f"{names(may, 'or')} may BLOCK the hit on their own tile, even out of turn: "
                          "the lives come back, and a new card is drawn")
    if phase == "play":
        who = turn(state) or ""
        words, rule = _play(state, who)
        moves["play"] = words
        greyed = ()
        if who in may:
            greyed = (Greyed("BLOCK", f"{who} was hit: {who} blocks on their own tile; "
                                      "from the pad a BLOCK is played as a plain card"),)
        return Teaching(moves, greyed, "block" if may and rule == "your-turn" else rule)
    if phase == "deal":
        players = alive(state)
        moves["deal"] = (f"everyone still in is out of cards: shuffle and deal {c.deal_size(len(players))} "
                         f"each to {names(players)}")
        return Teaching(moves, rule="new-deals")
    if phase == "last_stand":
        moves["no_block"] = f"nobody blocks: {alive(state)[0]} is the last one standing and wins"
        return Teaching(moves, rule="end-of-the-game")
    return Teaching(rule="end-of-the-game")


def _play(state: State, who: str) -> tuple[str, str]:
    last, prev = state["last"], previous(state, who)
    if last is None:
        words, rule = f"{who} plays any card: the first card of a deal matches nothing", "new-deals"
    elif prev is None:
        words, rule = f"{who} plays any card: nobody else's card is on top, so nothing is matched", "your-turn"
    elif c.is_number(last["card"]):
        level = state["run"]
        cost = f"{level} {'life' if level == 1 else 'lives'}"
        guard = f", but {prev} is bulletproof" if shielded(state, prev) else ""
        words = f"{who} plays any card: {a_card(last['card'])} would {CHAIN.get(level, 'BONC!')} {prev} ({cost}){guard}"
        rule = "matching-numbers"
    else:
        guard = f" (but {prev} is bulletproof)" if shielded(state, prev) else ""
        words = (f"{who} plays any card: after {prev}'s {card_name(last['card'])} no number matches, "
                 f"but a BONC! card still hits {prev}{guard}")
        rule = "wild-cards"
    lives = f" ({who} has {state['lives'][who]} of {state['max_lives']} lives)"
    return (words + lives if len(words + lives) <= LONGEST else words), rule
