"""A tiny game for testing the table itself; it never ships as a game.

Players take turns adding 1 to 3 points or passing; reaching the target wins.
A "secret" card may be laid face-down and is revealed later, to test that
hidden information stays out of the public view.
"""

from __future__ import annotations

from typing import Any

from companion.core import controls
from companion.core.errors import RuleError
from companion.core.game import ActionSpec, Expected, Game, GameResult
from companion.core.options import Option


class Tally(Game):
    id = "tally"
    title = "Tally"
    min_players = 2
    max_players = 4
    options = (Option("target", 10, "points needed to win", minimum=1, maximum=99),)

    def setup(self, players, options):
        return {
            "players": list(players),
            "scores": {p: 0 for p in players},
            "passed": [],
            "turn": 0,
            "target": options["target"],
            "secret": None,  # (owner, value or None while face-down)
            "dial": 0,
        }

    def _current(self, state) -> str:
        return state["players"][state["turn"]]

    def _next_turn(self, state) -> None:
        n = len(state["players"])
        for step in range(1, n + 1):
            i = (state["turn"] + step) % n
            if state["players"][i] not in state["passed"]:
                state["turn"] = i
                return

    def apply(self, state, action):
        who = self._current(state)
        by = action.get("by", who)
        if by in state["passed"]:
            raise RuleError(f"{by} has already passed this round")
        if by != who:
            raise RuleError(f"It is {who}'s turn, not {by}'s")
        kind = action["type"]
        if kind == "add":
            points = action.get("points")
            if points not in (1, 2, 3):
                raise RuleError("Add 1, 2 or 3 points")
            state["scores"][who] += points
        elif kind == "pass":
            state["passed"].append(who)
            if len(state["passed"]) == len(state["players"]):
                raise RuleError("The last player in the round cannot pass")
        elif kind == "hide":
            state["secret"] = [who, None]
        elif kind == "reveal":
            if not state["secret"] or state["secret"][1] is not None:
                raise RuleError("There is no face-down card to reveal")
            value = action.get("value")
            if not isinstance(value, int) or not 0 <= value <= 9:
                raise RuleError("A revealed card shows 0 to 9")
            state["secret"][1] = value
        elif kind == "dial":
            state["dial"] += action.get("step", 0)
            return state
        else:
            raise RuleError(f"Tally has no action {kind!r}")
        self._next_turn(state)
        return state

    def public_view(self, state) -> dict[str, Any]:
        secret = state["secret"]
        return {
            "scores": dict(state["scores"]),
            "passed": list(state["passed"]),
            "target": state["target"],
            "dial": state["dial"],
            "secret": None if not secret else {"owner": secret[0], "value": secret[1]},
        }

    def expected(self, state) -> Expected:
        if self.result(state):
            return Expected(None, "Game over")
        who = self._current(state)
        legal = [ActionSpec("add", "Add", {"points": [1, 2, 3]}), ActionSpec("pass", "Pass")]
        return Expected(who, f"{who}: add points or pass", tuple(legal))

    def result(self, state):
        done = [p for p, s in state["scores"].items() if s >= state["target"]]
        if done:
            return GameResult(tuple(done), f"{done[0]} reached {state['target']}", dict(state["scores"]))
        return None

    def events(self, before, after, action):
        if action["type"] == "pass":
            return [{"type": "passed", "player": before["players"][before["turn"]]}]
        return []

    def control(self, state, control):
        if control == controls.CONFIRM:
            return {"type": "add", "points": 1}
        if control == controls.PASS:
            return {"type": "pass"}
        if control in (controls.DIAL_UP, controls.DIAL_DOWN):
            return {"type": "dial", "step": 1 if control == controls.DIAL_UP else -1}
        return None
