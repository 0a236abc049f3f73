"""Tally's words for "What now?" (companion/core/guide.py): each move as players say it."""

from __future__ import annotations

from typing import Any

from companion.core.game import Expected
from companion.core.guide import Teaching


def teach(state: dict[str, Any], expected: Expected) -> Teaching:
    if not expected.legal:
        return Teaching(rule="end-of-the-game")
    who = expected.turn or ""
    target, score = state["target"], state["scores"].get(who, 0)
    left = max(0, target - score)
    still_in = [p for p in state["players"] if p not in state["passed"]]
    moves = {
        "add": f"add 1, 2 or 3 points: {who} needs {left} more to reach {target}",
        "pass": ("pass and sit out the rest of the game" if len(still_in) > 1
                 else f"pass: not allowed, {who} is the last player still in"),
        "hide": "lay a card face-down instead of adding points (its value is entered when it is revealed)",
        "reveal": f"turn {(state['secret'] or ['someone'])[0]}'s face-down card up and enter its value, 0 to 9",
        "dial": "turn the dial up or down: it does not use up the turn",
    }
    rule = "your-turn"
    if expected.allows("reveal"):
        rule = "the-face-down-card"
    elif len(still_in) == 1:
        rule = "passing"
    return Teaching(moves={spec.type: moves[spec.type] for spec in expected.legal if spec.type in moves},
                    rule=rule)
