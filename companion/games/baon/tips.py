"""A learning game of Baon: each rule told the first time it matters (the session tells a tip once
a game). Read from public things only: the baons on the table, counts of hands and the pile."""

from __future__ import annotations

from typing import Any

from companion.core.learning import Tip
from companion.games.baon import tokens
from companion.games.baon.cards import is_wild
from companion.games.baon.countertop import DEALT
from companion.games.baon.standing import actor
from companion.games.baon.words import TOKEN_NAMES

State = dict[str, Any]

# The pile is "nearly gone" at this many cards or fewer: about one round of takes (docs/rules/baon.md).
PILE_NEAR = 8


def _laid(state: State) -> list[str]:
    return [c for p in state["players"] for b in state["baons"][p].values() for c in b["cards"]]


def tips(before: State, after: State, action: dict[str, Any]) -> tuple[Tip, ...]:
    if before["mode"] == "scoring_only":
        return ()
    kind, who, out = action["type"], actor(before), []
    if kind == "take":
        out.append(Tip("take-or-play", "Each turn: take food or play food, never both. A favourite and one bonus "
                                       "token may come at any moment of it.", "your-turn"))
    if after["discards_due"] > 0 and before["discards_due"] == 0:
        out.append(Tip("discard", "More than 6 cards in hand: discard down to 6, each card face up onto a "
                                  "countertop space of your choice.", "taking-food"))
    if kind == "baon":
        out.append(Tip("matching", "A card scores 3 when its food matches its container or your favourite, 5 "
                                   "when both. Extend any baon at either end.", "playing-food"))
    if kind == "add" and action.get("owner") not in (None, who):
        out.append(Tip("sharing", "Sharing into someone else's baon earns a generosity cube a card (2 for a "
                                  "favourite food), worth 3 points at the end.", "sharing-and-generosity"))
    if sum(map(is_wild, _laid(after))) > sum(map(is_wild, _laid(before))):
        out.append(Tip("treats", "A wild treat stands for any number from 1 to 12 and keeps it; it scores 1 "
                                 "and counts towards Most Treats.", "playing-food"))
    open_now = [t for t in tokens.TOKENS if tokens.leader(after, t) not in (None, after["holders"][t])]
    if open_now and after["step"] != "over":
        t = open_now[0]
        out.append(Tip("tokens", f"{tokens.leader(after, t)} leads clearly for {TOKEN_NAMES[t]}: claim a bonus "
                                 "token on your own turn, one a turn.", "bonus-tokens"))
    if 0 < after["pile"] <= PILE_NEAR < before["pile"]:
        out.append(Tip("pile-near", f"Only {after['pile']} cards left in the pile: when the last is drawn, Lola "
                                    "shows and everyone gets one last turn.", "the-last-round"))
    if before["lola"] != DEALT and after["lola"] == DEALT:
        out.append(Tip("last-round", "The last round: everyone draws one card from the countertop, then plays "
                                     "food. No hand limit now.", "the-last-round"))
    return tuple(out)
