"""Board mode (option `board_only`): the app is only the collective limit board.

The table keeps score on paper; the rotary encoder or the +/- buttons move the
collective total one space at a time, and the app shows it against the limit and
flags the overflow.
"""

from __future__ import annotations

from typing import Any

from companion.core import controls
from companion.core.errors import RuleError
from companion.core.fields import Choice, Pick
from companion.core.game import ActionSpec, Expected
from companion.games.bonbon.cards import is_whole
from companion.games.bonbon.limits import collective_limit
from companion.games.bonbon.words import no_such_action_here

State = dict[str, Any]

TOP = 99  # the most the screen shows; far past any limit


def setup(players: list[str], max_value: int = 9) -> State:
    """The board at 0 for the first round; a card played face-up moves it by up to `max_value`."""
    return {"mode": "board", "players": players, "limit": collective_limit(len(players)), "total": 0, "round": 1,
            "max_value": max_value}


def apply(state: State, action: dict[str, Any]) -> State:
    """Move the token, or put it back at 0 for the next round."""
    kind = action["type"]
    if kind == "board":
        step = action.get("step")
        if not is_whole(step) or step == 0:
            raise RuleError("Move the collective total by a whole number of spaces, e.g. 1 or -1")
        total = state["total"] + step
        if total < 0:
            raise RuleError(f"The collective total cannot go below 0 (it is {state['total']})")
        if total > TOP:
            raise RuleError(f"The collective total stops at {TOP}")
        state["total"] = total
        return state
    if kind == "board_reset":
        if state["total"] == 0:
            raise RuleError("The collective total is already at 0")
        state["total"] = 0
        state["round"] += 1
        return state
    raise RuleError(no_such_action_here(action["type"]))


def over(state: State) -> bool:
    """'Whenever the collective limit is exceeded, the round ends immediately.'"""
    return state["total"] > state["limit"]


def public_view(state: State) -> dict[str, Any]:
    """The total against the limit, and the overflow flag the screen shows in red."""
    return {
        "mode": "board",
        "round": state["round"],
        "collective": {
            "total": state["total"],
            "limit": state["limit"],
            "left": state["limit"] - state["total"],
            "over": over(state),
        },
    }


def expected(state: State) -> Expected:
    """Nobody's turn: anyone moves the token as cards are played face-up."""
    # A card played face-up moves the token by its value at once (one touch on the pad, not seven
    # on "+" for a 7); a card turned face-down or a slip takes it back. The dial moves one space.
    # Tables saved before the step became a card's value have no max_value: the default deck's 9.
    top = state.get("max_value", 9)
    total = state["total"]
    step = Choice("Move the total", picks=tuple(
        Pick(v, f"+{v}", enabled=total + v <= TOP, group="add", why=f"the board stops at {TOP}")
        for v in range(1, top + 1)
    ) + tuple(Pick(-v, f"−{v}", enabled=total - v >= 0, group="take off",
                   why=f"the total is {total}: it cannot go below 0") for v in range(1, top + 1)))
    legal = [ActionSpec("board", "Move the collective total", {"step": step})]
    if state["total"]:
        legal.append(ActionSpec("board_reset", "Next round: back to 0"))
    prompt = (
        f"Collective limit exceeded: {state['total']} of {state['limit']}. The round ends."
        if over(state)
        else f"Collective total {state['total']} of {state['limit']}"
    )
    return Expected(None, prompt, tuple(legal))


def control(state: State, control: str) -> dict[str, Any] | None:
    """Dial (or +/-) moves the token one space; the dial's push or Confirm starts the next round."""
    if control == controls.DIAL_UP:
        return {"type": "board", "step": 1}
    if control == controls.DIAL_DOWN:
        return {"type": "board", "step": -1}
    if control in (controls.DIAL_PUSH, controls.CONFIRM):
        return {"type": "board_reset"}
    return None


def events(before: State, after: State) -> list[dict[str, Any]]:
    """The moment the token passes the limit, and each new round."""
    if after["round"] != before["round"]:
        return [{"type": "round_started", "round": after["round"]}]
    if not over(before) and over(after):
        return [{"type": "collective_overflow", "total": after["total"], "limit": after["limit"]}]
    return []
