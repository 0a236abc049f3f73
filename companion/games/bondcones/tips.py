"""A learning game of BondCones: each rule told the first time it matters (the session tells a tip
once a game). Read from the move's own news: rolls, captures, battles, never a cone on the board."""

from __future__ import annotations

from typing import Any

from companion.core.learning import Tip
from companion.games.bondcones import events as happenings
from companion.games.bondcones.standing import points

State = dict[str, Any]

# The biggest cone is worth 8: within 8 points of the target, one capture may win (docs/rules/bondcones.md).
NEAR = 8

DEMANDS = {
    "move": Tip("move", "Move one cone exactly the number rolled, in one straight or diagonal line, jumping "
                        "nothing; then tell the table a capture, or tap Done.", "your-turn"),
    "peek": Tip("peek", "PEEK: pick up one of your own cones, check the number under it, and set it back in "
                        "place.", "your-turn"),
    "bondo": Tip("bondo", "BONDO: move your BondO ring to another of your cones. Without a ring, the turn is "
                          "lost.", "bondo-cones"),
}


def tips(before: State, after: State, action: dict[str, Any]) -> tuple[Tip, ...]:
    out: list[Tip] = []
    for e in happenings.events(before, after, action):
        kind = e["type"]
        if kind == "roll" and e["purpose"] == "opening":
            out.append(Tip("opening", "The best opening roll starts: BONDO, then PEEK, 4, 3, 2 and 1. Equal faces "
                                      "roll again.", "starting-the-game"))
        elif kind == "roll" and e["purpose"] == "turn":
            if e.get("demand") in DEMANDS:
                out.append(DEMANDS[e["demand"]])
        elif kind == "capture":
            out.append(Tip("capture", f"A captured cone's value goes to the capturer's counting frame: "
                                      f"{after['target']} points win at once.", "capturing"))
        elif kind == "bondo_taken":
            out.append(Tip("ring-lost", "Lost a ring to a capture? On any of your next three turns you may declare "
                                        "a BondO Battle instead of rolling.", "bondo-battle"))
        elif kind == "battle_declared":
            out.append(Tip("battle", "In a battle both roll and the better face wins. Lose, and your opponent "
                                     "secretly looks at one of your cones.", "bondo-battle"))
    if after["phase"] == "play":
        near = [p for p in after["players"]
                if 0 < after["target"] - points(after, p) <= NEAR < after["target"] - points(before, p)]
        if near:
            p = near[0]
            out.append(Tip("target-near", f"{p} has {points(after, p)} of {after['target']} points: one capture "
                                          "may end the game.", "winning"))
    return tuple(dict.fromkeys(out))
