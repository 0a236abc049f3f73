"""The physical controls (docs/actions/bon.md): the dial looks for a card, a button plays it.

Where the dial rests is the touchscreen's own (companion/ui/kit/dial.py), never a move: turning
it records nothing and Undo never takes a step of it back. The board answers the dial and
Confirm while its card pad shows; the rules answer the rest here.
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
    controls.DIAL_UP: "highlight the next card still possible on the touchscreen's pad (Red, Yellow, Blue, "
                      "low to high, then Pass; wraps round); not a move: nothing is recorded",
    controls.DIAL_DOWN: "highlight the previous card still possible",
    controls.CONFIRM: "play the highlighted card (enter it as a left-over card while dealing); "
                      "after a round's scoring, deal the next round when nothing needs choosing",
    controls.DIAL_PUSH: "the same as Confirm",
    controls.PASS: "play a Pass card, when one is still possible",
    controls.ROLL: "nothing: B.O.N has no dice",
    controls.UNDO: "take back the last move, across a round's scoring too",
    controls.REDO: "put back the move taken back",
}


def control(state: State, control: str) -> dict[str, Any] | None:
    """The action a control means now, or None: the dial and Confirm on a card are the board's."""
    phase = state["phase"]
    if phase == "play" and control == controls.PASS and PASS in available(state):
        return {"type": "play", "card": PASS}
    if phase == "scored" and control in (controls.CONFIRM, controls.DIAL_PUSH):
        spec = next((s for s in legal(state) if s.type == "next_round"), None)
        if spec is not None and not spec.fields:
            return {"type": "next_round"}
    return None
