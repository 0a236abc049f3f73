"""A learning game of BONC!: each rule told the first time it matters (the session tells a tip once
a game). Read from the move's own news and the lives on the table, never a hand."""

from __future__ import annotations

from typing import Any

from companion.core.learning import Tip
from companion.games.bonc import cards as c
from companion.games.bonc import events as happenings
from companion.games.bonc.deals import blockers
from companion.games.bonc.seats import alive

State = dict[str, Any]


def tips(before: State, after: State, action: dict[str, Any]) -> tuple[Tip, ...]:
    news = happenings.events(before, after, action)
    kinds = {e["type"] for e in news}
    out: list[Tip] = []
    card = action.get("card") if action["type"] == "play" else None
    if card is not None and c.is_number(card):
        out.append(Tip("matching", "Play the same number as the player before you and they lose a life; each "
                                   "further match in a row costs one more.", "matching-numbers"))
    if any(e["type"] == "bonc" and c.is_number(e["card"]) for e in news):
        nxt = after["run"]
        out.append(Tip("chain", f"The chain grows: another {card} next turn costs {nxt} lives. Any wild card "
                                "breaks the chain.", "matching-numbers"))
    if "bonc" in kinds and blockers(after):
        out.append(Tip("block", "Lost lives to a card? A BLOCK cancels it at any time, even out of turn, and you "
                                "draw a card to replace it.", "block"))
    if action["type"] == "block":
        out.append(Tip("block-not-a-turn", "A BLOCK is not a turn: play goes on from the player after the one who "
                                           "attacked.", "block"))
    if card == c.BULLETPROOF:
        out.append(Tip("bulletproof", "Bulletproof: no attack hurts its player. Their next card turns the shield to "
                                      "side 2; the card after that removes it.", "bulletproof"))
    if card in (c.BAND_AID, c.BORROWED_TIME):
        out.append(Tip("full-lives", "Nobody goes above the starting lives: at full lives, a BAND-AID may go to a "
                                     "wounded player instead.", "wild-cards"))
    if "out_of_cards" in kinds:
        out.append(Tip("new-deal", "Everyone still in is out of cards: shuffle everything and deal again. The first "
                                   "card of a deal matches nothing.", "new-deals"))
    last = [p for p in alive(after) if after["lives"][p] == 1 and before["lives"][p] > 1]
    if last and after["phase"] != "over":
        out.append(Tip("last-life", f"{last[0]} has 1 life left: losing the last life puts a player out of the "
                                    "game.", "end-of-the-game"))
    return tuple(out)
