"""Reading the state: whose turn it is, which cards are out of play, what is still possible."""

from __future__ import annotations

from typing import Any

from companion.core.fields import said
from companion.games.bon.cards import CHART, PASS, Deck, colour_of, is_card, label

State = dict[str, Any]


def deck(state: State) -> Deck:
    return CHART[len(state["players"])]


def seat_after(state: State, name: str, steps: int = 1) -> str:
    players = state["players"]
    return players[(players.index(name) + steps) % len(players)]


def turn(state: State) -> str | None:
    """Who plays next to the trick: round from the leader, in seat order."""
    if state["phase"] != "play" or state["trick"] is None:
        return None
    trick = state["trick"]
    return seat_after(state, trick["leader"], len(trick["plays"]))


def plays_this_round(state: State) -> list[dict[str, Any]]:
    """Every card played this round, with its trick number, in the order they were played."""
    out = [{**p, "trick": t["number"]} for t in state["done"] for p in t["plays"]]
    if state["trick"] is not None:
        out += [{**p, "trick": state["trick"]["number"]} for p in state["trick"]["plays"]]
    return out


def passes_seen(state: State) -> int:
    """Pass cards known to be out of the hands: played this round or left over face up."""
    return sum(p["card"] == PASS for p in plays_this_round(state)) + state["leftovers"].count(PASS)


def unavailable(state: State, card: Any) -> str | None:
    """Why this card cannot be on the table now, in words; None when it can.

    "A card already played this round, or lying face up among the leftovers" and a Pass card
    beyond the deck's count cannot come from anyone's hand.
    """
    d = deck(state)
    if not is_card(d, card):
        return _not_in_deck(d, card)
    if card == PASS:
        if passes_seen(state) >= d.passes:
            return (f"Every Pass card is accounted for: a {d.players}-player deck has {d.passes}, "
                    f"and {passes_seen(state)} are on the table")
        return None
    for p in plays_this_round(state):
        if p["card"] == card:
            return f"{label(card)} was already played this round: {p['player']} played it in trick {p['trick']}"
    if card in state["leftovers"]:
        return f"{label(card)} lies face up among the left-over cards"
    return None


def _not_in_deck(d: Deck, card: Any) -> str:
    if isinstance(card, str) and "-" in card:
        colour, _, value = card.partition("-")
        if colour in ("red", "yellow", "blue") and value.isdigit():
            return (f"There is no {label(card)} in a {d.players}-player deck: "
                    f"its cards run from 1 to {d.values}")
    shown = said(card)
    head = f"{shown} is not a B.O.N card" if shown else "That is not a B.O.N card"
    return f"{head}: a card is red, yellow or blue from 1 to {d.values}, or a pass"


def available(state: State) -> list[str]:
    """The cards that may still come to the table, in pad order."""
    return [c for c in [*deck(state).cards(), PASS] if unavailable(state, c) is None]


def prime(state: State) -> str | None:
    trick = state["trick"]
    return trick["prime"] if trick else None


def colour_counts() -> dict[str, int]:
    return {"red": 0, "yellow": 0, "blue": 0, PASS: 0}


def count_card(counts: dict[str, int], card: str) -> None:
    counts[colour_of(card) or PASS] += 1
