"""The table's physical controls in BondCones.

Rolls come from the dice tray or a touch on a face; Confirm and Pass end a move without a
capture. The rules never draw a random face, so the Roll control maps to nothing here: the
input adapter rolls (or reads the tray) and sends {"type": "roll", "face": ...}.
"""

from __future__ import annotations

from typing import Any

from companion.core import controls
from companion.games.bondcones.legal import legal

State = dict[str, Any]

# control -> (action type, what it means), for docs/actions/bondcones.md.
BINDINGS = {
    controls.CONFIRM: ("done", "end the move without a capture, after a roll of 1-4"),
    controls.PASS: ("done", "the same as Confirm"),
    controls.ROLL: (None, "nothing in the rules: the roll button's adapter sends the face"),
    controls.DIAL_UP: (None, "nothing"),
    controls.DIAL_DOWN: (None, "nothing"),
    controls.DIAL_PUSH: (None, "nothing"),
}


def control(state: State, control: str) -> dict[str, Any] | None:
    """The action a button means now, or None when it means nothing at this moment."""
    kind = BINDINGS.get(control, (None, ""))[0]
    if kind is not None and any(spec.type == kind for spec in legal(state)):
        return {"type": kind}
    return None
