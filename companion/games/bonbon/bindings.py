"""The physical controls in a full game (board mode has its own table in board.py).

Values and kinds are entered on the touchscreen; the buttons cover the moves that
need no choice: Pass, and Confirm (or the dial's push) to end a turn or start the
next round.
"""

from __future__ import annotations

from typing import Any

from companion.core import controls
from companion.games.bonbon.legal import legal

State = dict[str, Any]

# control -> (action type, what it means), for docs/actions/bonbon.md and the screen's help.
BINDINGS = {
    controls.PASS: ("pass", "pass (the first passer then chooses a tile on the screen)"),
    controls.CONFIRM: ("end_turn / next_round", "end the turn when an extra turn, card or effect is on offer; "
                       "start the next round when no tile needs replacing"),
    controls.DIAL_PUSH: ("end_turn / next_round", "the same as Confirm"),
    controls.DIAL_UP: (None, "nothing: the collective total follows the cards"),
    controls.DIAL_DOWN: (None, "nothing: the collective total follows the cards"),
    controls.ROLL: (None, "nothing: Bonbon has no dice"),
}


def control(state: State, control: str) -> dict[str, Any] | None:
    """The action a button means now, or None when it would need a choice only the screen offers."""
    specs = {spec.type: spec for spec in legal(state)}
    if control == controls.PASS and "pass" in specs:
        return {"type": "pass"}
    if control in (controls.CONFIRM, controls.DIAL_PUSH):
        if "end_turn" in specs:
            return {"type": "end_turn"}
        if "next_round" in specs and "new_tiles" not in specs["next_round"].fields:
            return {"type": "next_round"}
    return None
