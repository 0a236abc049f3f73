"""The deal: the state a game starts in, the re-deal among the players still in, and what the
table waits for after each change (play on, re-deal, or a winner)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.errors import SetupError
from companion.games.bonc import cards as c
from companion.games.bonc.seats import alive

State = dict[str, Any]

ONE_DECK_PLAYERS = 7  # "3-7 Players (for more players, add another deck)"


def setup(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    """Everybody at full lives, the BLITZ cards for this many players, the first deal made."""
    names = list(players)
    if len(names) > ONE_DECK_PLAYERS and not options["second_deck"]:
        raise SetupError(f"BONC! is for 3 to {ONE_DECK_PLAYERS} players with one deck: "
                         f"turn on the second deck for {len(names)} players")
    counts = c.deck(options, len(names))
    size = c.deal_size(len(names))
    if size * len(names) > sum(counts.values()):
        raise SetupError(f"the deck holds {sum(counts.values())} cards, too few to deal {size} "
                         f"each to {len(names)} players: add wild cards or the second deck")
    lives = options["lives"]
    state: State = {
        "players": names,
        "max_lives": lives,
        "lives": {p: lives for p in names},
        "shields": {p: 0 for p in names},  # 0: none; 1 or 2: the side facing up
        "deck": {c.key(card): n for card, n in counts.items()},
        "deal": 0,
        # The last player to play a card on a turn: play goes on after them, across a re-deal.
        # None before the first card: the first seat (the dealer's left) starts.
        "last_by": None,
        "turns": 0,  # cards played on turns this game: a turn's news is told apart from a BLOCK's
        "phase": "play",
        "winner": None,
    }
    start_deal(state)
    return state


def start_deal(state: State) -> None:
    """Shuffle everything and deal to the players still in: a fresh discard pile, nothing to match."""
    players = alive(state)
    size = c.deal_size(len(players))
    state["deal"] += 1
    state["deal_size"] = size
    state["hands"] = {p: size if p in players else 0 for p in state["players"]}
    state["dealt"] = size * len(players)
    state["drawn"] = 0  # replacements drawn after a BLOCK, this deal
    state["played"] = {k: 0 for k in state["deck"]}  # the discard pile this deal, by card
    state["last"] = None  # {"by", "card"}: the card played on the last turn of this deal
    state["run"] = 0  # number cards of the same number on consecutive turns, ending with `last`
    state["attack"] = None  # what the last card did, still open to a BLOCK until the next card
    state["phase"] = "play"


def draw_pile(state: State) -> int:
    """Cards left to draw from this deal: the deck less what was dealt and drawn."""
    return sum(state["deck"].values()) - state["dealt"] - state["drawn"]


def left_of(state: State, card: Any) -> int:
    """Copies of a card not yet on this deal's discard pile."""
    key = c.key(card)
    return state["deck"][key] - state["played"][key]


def blockers(state: State) -> list[str]:
    """Players hit by the last card who may still BLOCK it: not blocked yet, a card in hand."""
    attack = state["attack"]
    if not attack or left_of(state, c.BLOCK) <= 0:
        return []
    return [h["player"] for h in attack["hits"] if not h["blocked"] and state["hands"][h["player"]] > 0]


def settle(state: State) -> None:
    """What the table waits for now: play, a re-deal, a BLOCK that may save the last victim, or nobody."""
    players = alive(state)
    if len(players) <= 1:
        # The last attack may still be blocked by someone who holds cards: the win waits for
        # "no BLOCK" (docs/rules/bonc.md); otherwise the last player standing wins now.
        if blockers(state):
            state["phase"], state["winner"] = "last_stand", None
        else:
            state["phase"], state["winner"] = "over", players[0] if players else None
    elif all(state["hands"][p] == 0 for p in players):
        state["phase"], state["winner"] = "deal", None
    else:
        state["phase"], state["winner"] = "play", None


def redeal(state: State, action: dict[str, Any]) -> None:
    """"When all current players run out of cards, reshuffle, re-deal, and play with the remaining players.\""""
    start_deal(state)


def no_block(state: State, action: dict[str, Any]) -> None:
    """Nobody blocks the attack that left one player standing: the window closes, the game ends."""
    state["attack"] = None
    settle(state)
