"""Playing a card to the trick: refusals, the Prime colour, the provable failure to follow, the win."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.bon import ranks, scoring
from companion.games.bon.cards import TRICKS, colour_of
from companion.games.bon.rounds import new_trick
from companion.games.bon.table import count_card, turn, unavailable

State = dict[str, Any]


def play(state: State, action: dict[str, Any]) -> None:
    """One card, face up, from the player whose turn it is."""
    card = action["card"]
    why = unavailable(state, card)
    if why:
        raise RuleError(why)
    who = turn(state)
    trick = state["trick"]
    colour = colour_of(card)
    _watch_following(state, who, trick, colour, card)
    trick["plays"].append({"player": who, "card": card})
    if trick["prime"] is None and colour is not None:
        trick["prime"] = colour  # the lead's colour, or the first colour after a Pass lead
    if len(trick["plays"]) == len(state["players"]):
        _take(state)


def _watch_following(state: State, who: str, trick: dict[str, Any], colour: str | None, card: str) -> None:
    """Remember who showed no Prime card; a later card of that colour proves they held one.

    "Subsequent players must play a card of the Prime Color if able." Hands are hidden, so a card
    of another colour proves nothing when it is played. But no cards are drawn during a round:
    when the same player later plays a card of that colour, they held it then. A Pass card may be
    played "at any time", so it never counts as a failure to follow.
    """
    voids = state["voids"][who]
    if colour is not None and colour in voids:
        failed = voids.pop(colour)
        state["revokes"].append({
            "player": who, "colour": colour, "trick": failed["trick"], "instead": failed["card"],
            "card": card, "proved_in": trick["number"],
        })
    prime = trick["prime"]
    if prime is not None and colour is not None and colour != prime and prime not in voids:
        voids[prime] = {"trick": trick["number"], "card": card}


def _take(state: State) -> None:
    """The trick is complete: its winner takes the cards, the winning colour goes to the bottom."""
    trick = state["trick"]
    before = list(state["ranks"])
    best = ranks.winning_play(trick["plays"], before)
    colour = colour_of(best["card"])
    state["ranks"] = ranks.after_win(before, colour)
    winner = best["player"]
    state["won"][winner] += 1
    for p in trick["plays"]:
        count_card(state["taken"][winner], p["card"])
    state["done"].append({**trick, "winner": winner, "card": best["card"], "colour": colour,
                          "ranks_before": before, "ranks_after": list(state["ranks"])})
    if len(state["done"]) == TRICKS:
        state["trick"] = None
        scoring.score_round(state)
    else:
        # "the player who played that card takes the Trick and leads to the next Trick"
        state["trick"] = new_trick(trick["number"] + 1, winner)
