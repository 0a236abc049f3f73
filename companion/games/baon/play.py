"""Play Food: a baon on an empty container, cards added to a baon, and sharing's generosity."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.baon import runs
from companion.games.baon.cards import is_wild, name, suit_of
from companion.games.baon.standing import actor, laid, wilds_left

State = dict[str, Any]
Action = dict[str, Any]


def check_cards(state: State, cards: list[str]) -> None:
    """Each food card exists once and may not already lie in a baon; there are only 8 wilds."""
    where = laid(state)
    names = state["suit_names"]
    for c in cards:
        if is_wild(c):
            continue
        if cards.count(c) > 1:
            raise RuleError(f"{name(c, names)} is entered twice: the deck has one of each food card")
        if c in where:
            owner, container = where[c]
            raise RuleError(f"{name(c, names)} already lies in {owner}'s {names[container]} baon")
    wilds = sum(1 for c in cards if is_wild(c))
    if wilds > wilds_left(state):
        raise RuleError(f"Only {wilds_left(state)} of the 8 wild cards are not in a baon yet")


def check_hand(state: State, player: str, cards: list[str]) -> None:
    if state["mode"] == "game" and len(cards) > state["hands"][player]:
        held = state["hands"][player]
        raise RuleError(f"{player} holds {held} card{'' if held == 1 else 's'}, not {len(cards)}")


def _played(state: State, player: str, cards: list[str]) -> None:
    if state["mode"] == "game":
        state["hands"][player] -= len(cards)
        state["step"] = "playing"


def owner_of(state: State, action: Action) -> str:
    """The player whose container it is: the one whose turn it is, or (scoring only) the one named."""
    return action["player"] if state["mode"] == "scoring_only" else actor(state)


def play_baon(state: State, action: Action) -> None:
    """"Choose any empty container ... place 3 or more cards of consecutive value" on it."""
    player = owner_of(state, action)
    container, cards = action["container"], list(action["cards"])
    if container in state["baons"][player]:
        raise RuleError(f"{player}'s {state['suit_names'][container]} container already holds a baon")
    check_hand(state, player, cards)
    check_cards(state, cards)
    state["baons"][player][container] = runs.new_baon(cards)
    _played(state, player, cards)


def cubes_for(state: State, sharer: str, receiver: str, c: str) -> int:
    """"Take 1 generosity cube each time you share a card, or 2 if you shared your favorite food or
    the opponent's favorite food" - favourites as they stand when the card is shared."""
    suit = suit_of(c)
    favourites = {state["favourites"][sharer], state["favourites"][receiver]} - {None}
    return 2 if suit is not None and suit in favourites else 1


def add_to_baon(state: State, action: Action) -> None:
    """"Add 1 or more food cards to an existing baon", one's own or another player's (sharing)."""
    player = actor(state)
    owner, container, cards = action["owner"], action["container"], list(action["cards"])
    if not cards:
        raise RuleError("Add at least 1 card")
    baon = state["baons"][owner].get(container)
    if baon is None:
        raise RuleError(f"{owner} has no baon in the {state['suit_names'][container]} container: "
                        "add only to a baon on the table")
    check_hand(state, player, cards)
    check_cards(state, cards)
    state["baons"][owner][container] = runs.extend(baon, cards, action.get("end"), state["suit_names"])
    if owner != player:
        state["generosity"][player] += sum(cubes_for(state, player, owner, c) for c in cards)
    _played(state, player, cards)
