"""The physical controls: cards, containers and spaces are chosen on the touchscreen; the
buttons cover what needs no choice (ending a turn once something was taken or played)."""

from __future__ import annotations

from typing import Any

from companion.core import controls
from companion.games.baon.legal import legal

State = dict[str, Any]

# control -> (action type, what it means), for docs/actions/baon.md.
BINDINGS = {
    controls.CONFIRM: ("end_turn", "end the turn once food was taken (and discards made) or played"),
    controls.DIAL_PUSH: ("end_turn", "the same as Confirm"),
    controls.PASS: (None, "nothing: a turn with nothing taken or played ends only on the screen"),
    controls.DIAL_UP: (None, "nothing"),
    controls.DIAL_DOWN: (None, "nothing"),
    controls.ROLL: (None, "nothing: Baon has no dice"),
}


def control(state: State, control: str) -> dict[str, Any] | None:
    """The action a button means now, or None when it would need a choice only the screen offers."""
    if control in (controls.CONFIRM, controls.DIAL_PUSH) and state["step"] in ("taken", "playing"):
        if any(spec.type == "end_turn" for spec in legal(state)):
            return {"type": "end_turn"}
    return None
