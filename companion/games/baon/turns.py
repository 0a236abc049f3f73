"""Take Food, the hand limit's discards, the end of a turn, and Lola's end of the game."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.baon import countertop
from companion.games.baon.countertop import PILE, REVEALED
from companion.games.baon.standing import actor, last_round

State = dict[str, Any]
Action = dict[str, Any]
HAND_LIMIT = 6


def take(state: State, action: Action) -> None:
    """"Draw 1 or 2 cards from any combination of the draw pile and/or the countertop", or 3 from
    the pile with an empty hand; in the last round, "first draw 1 card"."""
    player = actor(state)
    sources = list(action["sources"])
    if state["step"] == "last_draw" and len(sources) != 1:
        raise RuleError(f"In the last round {player} draws 1 card, then plays")
    if not 1 <= len(sources) <= 3:
        raise RuleError("Take 1 or 2 cards, or 3 from the pile with an empty hand")
    if len(sources) == 3:
        if state["hands"][player] != 0:
            raise RuleError(f"Three cards come only with an empty hand: {player} holds {state['hands'][player]}")
        if any(s != PILE for s in sources):
            raise RuleError("Three cards come only from the pile")
        if state["pile"] < 3:
            raise RuleError(f"The pile holds {state['pile']} card{'' if state['pile'] == 1 else 's'}, not 3")
    for source in sources:
        countertop.take_one(state, source)
    state["hands"][player] += len(sources)
    if last_round(state):
        state["step"] = "playing"  # "There is no hand limit during the last round"
        return
    over = state["hands"][player] - HAND_LIMIT
    state["discards_due"] = max(0, over)
    state["step"] = "discard" if over > 0 else "taken"


def discard(state: State, action: Action) -> None:
    """"you MUST discard down to 6 cards ... place each discarded card on the pile of your choice"."""
    i = action["space"] - 1
    state["spaces"][i] += 1
    state["hands"][actor(state)] -= 1
    state["discards_due"] -= 1
    if state["discards_due"] == 0:
        state["step"] = "taken"


def lola_shows(state: State, action: Action) -> None:
    """The table sees Lola before the app's count says so (a card miscounted): the pile is empty now."""
    state["pile"] = 0
    state["lola"] = REVEALED
    state["revealed_by"] = actor(state)


def _next(state: State) -> int:
    return (state["turn"] + 1) % len(state["players"])


def end_turn(state: State, action: Action) -> None:
    """The next player's turn. After the turn that revealed Lola her cards go to the countertop and
    everybody has one more turn, the revealer last; after that turn the game ends."""
    player = actor(state)
    state["claimed_this_turn"] = False
    if last_round(state):
        state["last_round"].pop(0)
        if not state["last_round"]:
            state["step"] = "over"
            return
        state["turn"] = state["players"].index(state["last_round"][0])
        state["step"] = _last_step(state)
        return
    if state["lola"] == REVEALED:
        countertop.deal_under_lola(state)
        n = len(state["players"])
        state["last_round"] = [state["players"][(state["turn"] + k) % n] for k in range(1, n + 1)]
        assert state["last_round"][-1] == player
    state["turn"] = _next(state)
    state["step"] = _last_step(state) if last_round(state) else "turn"


def _last_step(state: State) -> str:
    """A last turn starts with its one card, unless the countertop has none left (then it is play)."""
    return "last_draw" if any(state["spaces"]) or state["pile"] else "playing"
