"""Starting the game and each round: the rank stack, the leader, the two left-over cards."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.bon.cards import LEFT_OVER
from companion.games.bon.table import colour_counts, seat_after, unavailable

State = dict[str, Any]

# Who leads the first trick of rounds after the first (the rulebook does not say): option `next_leader`.
LAST_TRICK = "last_trick"  # the winner of the round's last trick "leads to the next Trick"
ROTATE = "rotate"  # the seat after the last round's first leader
CHOOSE = "choose"  # the table says who, when it deals
LEADER_RULES = (LAST_TRICK, ROTATE, CHOOSE)


def new_trick(number: int, leader: str) -> dict[str, Any]:
    return {"number": number, "leader": leader, "prime": None, "plays": []}


def _begin_round(state: State, leader: str) -> None:
    """Cards dealt: everything of the last round is cleared, the leader leads trick 1."""
    state["round"] += 1
    state["first"] = leader
    state["leftovers"] = []
    state["done"] = []
    state["won"] = {p: 0 for p in state["players"]}
    state["taken"] = {p: colour_counts() for p in state["players"]}
    state["voids"] = {p: {} for p in state["players"]}
    state["revokes"] = []
    state["scoring"] = None
    state["trick"] = new_trick(1, leader)
    # Face-up leftovers are entered before the first card; face down (the advanced rule) nobody knows them.
    state["phase"] = "play" if state["advanced"] else "deal"


def start(state: State, action: dict[str, Any]) -> None:
    """"Randomly arrange the Color Rank Tokens into a stack" and "Determine a start player"."""
    state["ranks"] = list(action["ranks"])
    _begin_round(state, action["first"])


def next_leader(state: State, action: dict[str, Any]) -> str:
    rule = state["next_leader"]
    if rule == CHOOSE:
        return action["first"]
    if rule == ROTATE:
        return seat_after(state, state["first"])
    return state["done"][-1]["winner"]


def next_round(state: State, action: dict[str, Any]) -> None:
    """Deal again: the stack carries over unless the table draws a new one each round (option)."""
    leader = next_leader(state, action)
    if state["new_ranks"]:
        state["ranks"] = list(action["ranks"])
    _begin_round(state, leader)


def leftover(state: State, action: dict[str, Any]) -> None:
    """"Set the extra two cards face-up next to the Scoreboard": entered as they are laid out."""
    card = action["card"]
    why = unavailable(state, card)
    if why:
        raise RuleError(why)
    state["leftovers"].append(card)
    if len(state["leftovers"]) == LEFT_OVER:
        state["phase"] = "play"
