"""Why? for B.O.N: a round's scoring line by line, and the Champion line (with its tie-break),
each from the event alone (companion/core/guide.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.guide import Why
from companion.games.bon.scoring import EXACT, POINTS, ZERO
from companion.games.bon.words import colour, names, rounds, tricks

SCORING = "scoring-a-round"
END = "end-of-the-game"


def why(event: Mapping[str, Any]) -> Why | None:
    if event.get("type") == "round_scored":
        return Why(tuple(_line(ln, event["goal"], event["target"]) for ln in event["lines"]), SCORING)
    if event.get("type") == "game_won":
        return Why(_won(event), END)
    return None


def _line(ln: Mapping[str, Any], goal: int, target: int) -> str:
    """"Ben +1: took exactly the goal of 2 tricks (now 3 of 5)"."""
    case, rule = ln["case"], POINTS[ln["case"]]
    if case == EXACT:
        said = f"took exactly the goal of {tricks(goal)}"
    elif case == ZERO:
        said = "took no trick at all"
    else:
        said = f"took {tricks(ln['tricks'])}, not the goal of {goal}: nothing"
    if ln.get("cancelled"):
        said += f" (+{rule} cancelled: did not follow the Prime colour this round)"
    elif ln["points"] < rule:
        said += f" (+{rule}, but the marker stops at the Champion line)"
    return f"{ln['player']} +{ln['points']}: {said}, now {ln['track']} of {target}"


def _won(event: Mapping[str, Any]) -> tuple[str, ...]:
    reached, target = event["reached"], event["target"]
    lines = [f"{names(reached)} reached the Champion line ({target} spaces) after {rounds(event['round'])}"]
    if len(reached) > 1:
        tied = list(reached)
        for key in ("prime", "second"):
            taken = {p: event["taken"][p][event[key]] for p in tied}
            counts = ", ".join(f"{p} {n}" for p, n in taken.items())
            which = "the strongest colour" if key == "prime" else "the second colour"
            lines.append(f"Tie-break: {colour(event[key])} cards taken in the last round ({which}): {counts}")
            if event["decided_by"] == key:
                break
            tied = [p for p in tied if taken[p] == max(taken.values())]
        if event["decided_by"] == "shared":
            lines.append(f"Still tied after both colours: {names(event['winners'])} share the win")
        else:
            lines.append(f"{names(event['winners'])} took the most and wins")
    return tuple(lines)
