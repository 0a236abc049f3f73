"""The physical controls: the dial chooses a card, a button plays it (docs/actions/bon.md).

The card the dial rests on is kept in the game (a `point` action), so the touchscreen and the
phones show it and Confirm plays exactly what everyone sees highlighted.
"""

from __future__ import annotations

from typing import Any

from companion.core import controls
from companion.games.bon.cards import PASS
from companion.games.bon.legal import legal
from companion.games.bon.table import available

State = dict[str, Any]

# control -> what it does, for docs/actions/bon.md (a test keeps the two together).
BINDINGS = {
    controls.DIAL_UP: "point at the next card still possible (pad order: Red, Yellow, Blue, low to high, then Pass)",
    controls.DIAL_DOWN: "point at the previous card still possible",
    controls.CONFIRM: "play the card the dial points at (enter it as a left-over card while dealing); "
                      "after a round's scoring, deal the next round when nothing needs choosing",
    controls.DIAL_PUSH: "the same as Confirm",
    controls.PASS: "play a Pass card, when one is still possible",
    controls.ROLL: "nothing: B.O.N has no dice",
    controls.UNDO: "take back the last move, across a round's scoring too",
    controls.REDO: "put back the move taken back",
}

CARD_ACTIONS = {"deal": "leftover", "play": "play"}


def _step(state: State, step: int) -> dict[str, Any] | None:
    cards = available(state)
    if not cards:
        return None
    pointer = state["pointer"]
    if pointer not in cards:
        return {"type": "point", "card": cards[0] if step > 0 else cards[-1]}
    return {"type": "point", "card": cards[(cards.index(pointer) + step) % len(cards)]}


def control(state: State, control: str) -> dict[str, Any] | None:
    """The action a control means now, or None when it would need a choice only the screen offers."""
    phase = state["phase"]
    if phase in CARD_ACTIONS:
        if control == controls.DIAL_UP:
            return _step(state, 1)
        if control == controls.DIAL_DOWN:
            return _step(state, -1)
        if control in (controls.CONFIRM, controls.DIAL_PUSH) and state["pointer"] in available(state):
            return {"type": CARD_ACTIONS[phase], "card": state["pointer"]}
        if control == controls.PASS and phase == "play" and PASS in available(state):
            return {"type": "play", "card": PASS}
        return None
    if phase == "scored" and control in (controls.CONFIRM, controls.DIAL_PUSH):
        spec = next((s for s in legal(state) if s.type == "next_round"), None)
        if spec is not None and not spec.fields:
            return {"type": "next_round"}
    return None
