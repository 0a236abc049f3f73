"""What screens, phones and buttons may know: the public view and the legal actions now.

Nothing here may contain the value of a cone that is still on the board: the state
never holds one (values are entered only when a capture or removal reveals them).
"""

from __future__ import annotations

from typing import Any

from companion.core.game import ActionSpec, Expected, State
from companion.games.bondcones import battle, dice, frames, ledger


def other(state: State, player: str) -> str:
    """The opponent: BondCones is always two players."""
    a, b = state["players"]
    return b if player == a else a


def current(state: State) -> str:
    """Whose turn it is (in the opening: who rolls next)."""
    return state["players"][state["turn"]]


def actor(state: State) -> str | None:
    """Who must act now: usually the player whose turn it is, but a battle and a removal differ."""
    if state["phase"] == "over":
        return None
    if state["phase"] == "play" and state["step"] == "battle":
        return battle.roller(state["battle"])
    if state["phase"] == "play" and state["step"] == "remove":
        return other(state, current(state))
    return current(state)


def points(state: State, player: str) -> int:
    """The player's counting frame: points captured (and removed) from the opponent."""
    return frames.points([c for c in state["captures"] if c["by"] == player])


def why_no_battle(state: State, player: str) -> str | None:
    """Why this player may not declare a BondO Battle now (None when they may)."""
    if player not in state["windows"]:
        return (
            f"{player} has no BondO Battle to declare: that is allowed for three turns "
            "after losing a BondO to a capture or losing a battle"
        )
    defender = other(state, player)
    if not state["bondos"][defender]:
        return f"{defender} holds no BondO to battle for"
    return None


def can_declare(state: State) -> bool:
    """True at the start of a turn when the player to roll may instead declare a battle."""
    if state["phase"] != "play" or state["step"] != "roll":
        return False
    return why_no_battle(state, current(state)) is None


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


def public(state: State) -> dict[str, Any]:
    """The whole game as the table sees it; see docs/actions/bondcones.md for the shape."""
    players = state["players"]
    fight = state["battle"]
    opening = state["opening"]
    step = state["step"] if state["phase"] == "play" else None
    return {
        "phase": state["phase"],
        "step": step,
        "target": state["target"],
        "turn": current(state) if state["phase"] == "play" else None,
        "turn_number": state["turn_number"],
        "to_act": actor(state),
        "prompt": expected(state).prompt,
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
            "next": battle.roller(fight),
        },
        "last_battle": _last_battle(state.get("last_battle")),
        "last_roll": None if state["last_roll"] is None else dict(state["last_roll"]),
        "demand": state["last_roll"]["demand"]["text"] if step == "move" else None,
        "captures": [dict(c) for c in state["captures"]],
        "peeks": [dict(p) for p in state["peeks"]],
        "last": [e["text"] for e in state["news"]],
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


def _roll_spec(label: str) -> ActionSpec:
    return ActionSpec("roll", label, {"face": list(dice.FACES)})


def expected(state: State) -> Expected:
    """Exactly the actions apply accepts now, with every field choice a screen may offer."""
    phase = state["phase"]
    if phase == "over":
        winner = state["winner"]
        return Expected(None, f"Game over: {winner} wins with {points(state, winner)} points")
    player = current(state)
    if phase == "opening":
        return Expected(
            player,
            f"Opening roll: {player} rolls (highest starts: bondo, peek, 4, 3, 2, 1)",
            (_roll_spec("Roll for the start"),),
        )
    opponent = other(state, player)
    step = state["step"]
    if step == "roll":
        legal = [_roll_spec("Roll")]
        prompt = f"{player}: roll the Dice Cone"
        if can_declare(state):
            left = state["windows"][player]
            legal.append(ActionSpec("battle", "Declare a BondO Battle", {"against": opponent, "turns_left": left}))
            prompt += f" or declare a BondO Battle ({left} turn{'s' if left > 1 else ''} left)"
        return Expected(player, prompt, tuple(legal))
    if step == "move":
        mover_kinds = ledger.kinds_available(state["bondos"][player], frames.cones_left(state["cones"][player]))
        victim_kinds = ledger.kinds_available(state["bondos"][opponent], frames.cones_left(state["cones"][opponent]))
        capture = ActionSpec(
            "capture",
            f"Captured one of {opponent}'s cones",
            {
                "victim": opponent,
                "value": frames.possible_values(state["cones"][opponent]),
                "with": mover_kinds,
                "cone": victim_kinds,
            },
        )
        # The prompt fits the top bar; the view's "demand" carries the full wording.
        demand = state["last_roll"]["demand"]
        steps = demand.get("double_steps", demand["steps"]) if demand["kind"] == "move" else None
        doing = f"move a cone {demand['steps']} step{'s' if demand['steps'] > 1 else ''}" if steps else "move"
        if steps and "double_steps" in demand:
            doing += f" (Double BondO: {steps})"
        return Expected(
            player,
            f"{player}: {doing}, then enter a capture or tap Done",
            (capture, ActionSpec("done", "Done: end the turn")),
        )
    if step == "battle":
        fight = state["battle"]
        who = battle.roller(fight)
        return Expected(
            who,
            f"BondO Battle {fight['challenger']} against {fight['defender']}: {who} rolls "
            "(highest wins, equal faces roll again)",
            (_roll_spec("Roll for the battle"),),
        )
    # step == "remove": the defender of a Double BondO won the battle.
    return Expected(
        opponent,
        f"{opponent} removes any one of {player}'s cones and scores it: enter its value",
        (
            ActionSpec(
                "remove",
                f"Removed one of {player}'s cones",
                {"victim": player, "value": frames.possible_values(state["cones"][player])},
            ),
        ),
    )
