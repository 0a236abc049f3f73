"""A learning game of B.O.N: each rule told the first time it matters (the session tells a tip
once a game). Read from public things only: cards as they land, the rank stack, the track."""

from __future__ import annotations

from typing import Any

from companion.core.learning import Tip
from companion.games.bon.cards import PASS
from companion.games.bon.table import deck, plays_this_round
from companion.games.bon.words import colour, tricks

State = dict[str, Any]

# Within this many spaces of the Champion line, the end is near (docs/rules/bon.md).
NEAR = 2


def tips(before: State, after: State, action: dict[str, Any]) -> tuple[Tip, ...]:
    out: list[Tip] = []
    if after["round"] >= 1 and after["round"] != before["round"]:
        goal = deck(after).goal
        out.append(Tip("goal", f"Each round, try to take exactly {tricks(goal)} (+1 space) or none at all "
                               f"(+2); any other number scores nothing.", "scoring-a-round"))
    played = plays_this_round(after)[len(plays_this_round(before)):] if after["round"] == before["round"] else []
    if any(p["card"] == PASS for p in played):
        out.append(Tip("pass-card", "A Pass card may be played at any moment, even when you could follow; "
                                    "it is always the weakest card of the trick.", "pass-cards"))
    prime = after["trick"]["prime"] if after["trick"] else None
    if prime and played and not (before["trick"] or {}).get("prime") and not after["done"][len(before["done"]):]:
        out.append(Tip("follow-prime", f"{colour(prime)} is the Prime colour of this trick: whoever holds a "
                                       f"{colour(prime)} card must play one.", "leading-and-following"))
    if after["revokes"][len(before["revokes"]):]:
        out.append(Tip("failure-to-follow", "A player who shows they had no Prime card and later plays that "
                                            "colour failed to follow: the table says so.", "leading-and-following"))
    if len(after["done"]) > len(before["done"]) and after["round"] == before["round"]:
        out.append(Tip("strongest-colour", "The strongest colour on the rank stack in a trick takes it, the "
                                           "highest number of that colour breaks a tie.", "who-takes-a-trick"))
        out.append(Tip("stack-moves", "The colour that won the trick goes to the bottom of the rank stack: "
                                      "it is now the weakest.", "the-rank-stack-moves"))
        goal = deck(after).goal
        if after["phase"] == "play" and any(n == goal for n in after["won"].values()):
            out.append(Tip("goal-reached", f"A player with {tricks(goal)} has the goal: one more trick and the "
                                           f"round scores nothing for them.", "scoring-a-round"))
    if after["scoring"] is not None and before["scoring"] is None and after["phase"] != "over":
        near = [p for p in after["players"] if after["target"] - after["track"][p] <= NEAR]
        if near:
            out.append(Tip("champion-near", f"{near[0]} is close to the Champion line: the game ends after the "
                                            f"round in which anyone reaches it.", "end-of-the-game"))
    return tuple(out)
