"""The public view: what screens, phones and buttons may know, and nothing still hidden at the table.

Nothing here may contain the value of a cone that is still on the board: the state
never holds one (values are entered only when a capture or removal reveals them).
"""

from __future__ import annotations

from typing import Any

from companion.games.bondcones import frames, ledger
from companion.games.bondcones.events import recent
from companion.games.bondcones.legal import can_declare, prompt
from companion.games.bondcones.standing import actor, current, points, roller
from companion.games.bondcones.words import demand_text

State = dict[str, Any]


def _side(state: State, player: str) -> dict[str, Any]:
    carriers = state["bondos"][player]
    score = points(state, player)
    cones = state["cones"][player]
    return {
        "points": score,
        "to_win": max(0, state["target"] - score),
        "taken": [c["value"] for c in state["captures"] if c["by"] == player],
        # This side's own cones still on the board, counted by value: public arithmetic
        # (the known set minus what captures revealed), never which cone is which.
        "cones_left": frames.cones_left(cones),
        "remaining": dict(cones),
        "capturable": frames.possible_values(cones),
        "bondos": ledger.count(carriers),
        "bondo_form": ledger.form(carriers),
        "bondo_cones": sorted(carriers),
        "peeks": sum(1 for p in state["peeks"] if p["player"] == player),
    }


def _last_roll(roll: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last turn roll, its demand with the words a screen shows for it."""
    if roll is None:
        return None
    demand = roll["demand"]
    return {**roll, "demand": {**demand, "text": demand_text(demand)}}


def public(state: State) -> dict[str, Any]:
    """The whole game as the table sees it; see docs/actions/bondcones.md for the shape."""
    players = state["players"]
    fight = state["battle"]
    opening = state["opening"]
    step = state["step"] if state["phase"] == "play" else None
    last_roll = _last_roll(state["last_roll"])
    return {
        "phase": state["phase"],
        "step": step,
        "target": state["target"],
        "turn": current(state) if state["phase"] == "play" else None,
        "turn_number": state["turn_number"],
        "to_act": actor(state),
        "prompt": prompt(state),
        "starter": state["starter"],
        "opening": {
            "rolls": {p: opening["rolls"][i] for i, p in enumerate(players)},
            "rounds": opening["rounds"],
            "ties": [list(t) for t in opening["ties"]],
        },
        "sides": {p: _side(state, p) for p in players},
        "aside": state["aside"],
        "windows": [
            {
                "player": p,
                "turns_left": n,
                "can_declare_now": can_declare(state) and current(state) == p,
            }
            # A finished game has no battle to declare: "1 turn left" beside the loser was a promise
            # the game could not keep.
            for p, n in (state["windows"].items() if state["phase"] != "over" else ())
        ],
        "battle": None
        if fight is None
        else {
            "challenger": fight["challenger"],
            "defender": fight["defender"],
            "against_double": fight["against_double"],
            "rolls": {fight["challenger"]: fight["rolls"][0], fight["defender"]: fight["rolls"][1]},
            "rounds": fight["rounds"],
            "ties": [list(t) for t in fight.get("ties", [])],
            "next": roller(fight),
        },
        "last_battle": _last_battle(state.get("last_battle")),
        "last_roll": last_roll,
        "demand": last_roll["demand"]["text"] if step == "move" and last_roll else None,
        "captures": [dict(c) for c in state["captures"]],
        "peeks": [dict(p) for p in state["peeks"]],
        # What the last turn did that nothing above shows, as events (data; words.describe says them).
        "recent": recent(state),
        "winner": state["winner"],
    }


def _last_battle(decided: dict[str, Any] | None) -> dict[str, Any] | None:
    """The battle decided since the last turn roll: its deciding pair, by name, and the winner."""
    if decided is None:
        return None
    challenger, defender = decided["challenger"], decided["defender"]
    return {
        "challenger": challenger,
        "defender": defender,
        "against_double": decided["against_double"],
        "rolls": {challenger: decided["rolls"][0], defender: decided["rolls"][1]},
        "rounds": decided["rounds"],
        "winner": decided["winner"],
    }
