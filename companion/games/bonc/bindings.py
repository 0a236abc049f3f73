"""The physical controls in BONC!: the Pass button is BLOCK, the Roll button is BONC!.

Cards are entered on the touchscreen; the buttons cover the moments that need no choice.
"""

from __future__ import annotations

from typing import Any

from companion.core import controls
from companion.games.bonc import cards as c
from companion.games.bonc.deals import blockers, left_of
from companion.games.bonc.seats import turn

State = dict[str, Any]

# control -> (action, what it means), for docs/actions/bonc.md and the screen's help.
BINDINGS = {
    controls.PASS: ("block", "BLOCK: the one player the last card hit blocks it (with several hit, "
                             "choose on the screen)"),
    controls.ROLL: ("play", "BONC!: the player whose turn it is plays the number on top of the pile, "
                            "BONC!ing the player before them"),
    controls.CONFIRM: ("deal / no_block", "deal again when everyone is out of cards; "
                                          "no BLOCK when only that stands between one player and the win"),
    controls.DIAL_PUSH: ("deal / no_block", "the same as Confirm"),
    controls.DIAL_UP: (None, "nothing"),
    controls.DIAL_DOWN: (None, "nothing"),
}


def control(state: State, control: str) -> dict[str, Any] | None:
    """The action a button means now, or None when it would need a choice only the screen offers."""
    phase = state["phase"]
    if control == controls.PASS:
        may = blockers(state)
        return {"type": "block", "by": may[0]} if len(may) == 1 else None
    if control == controls.ROLL and phase == "play":
        last, player = state["last"], turn(state)
        if last and c.is_number(last["card"]) and last["by"] != player and left_of(state, last["card"]) > 0:
            return {"type": "play", "card": last["card"], "by": player}
        return None
    if control in (controls.CONFIRM, controls.DIAL_PUSH):
        if phase == "deal":
            return {"type": "deal"}
        if phase == "last_stand":
            return {"type": "no_block"}
    return None
