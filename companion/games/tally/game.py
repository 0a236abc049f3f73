"""Tally: players take turns adding 1 to 3 points or passing; reaching the target wins.

A card may be laid face-down and revealed later, so that the table's tests can prove hidden
information stays out of every payload. Every part of the Game interface is used here once,
in the fewest lines: read it beside docs/new-game.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import controls
from companion.core.errors import RuleError
from companion.core.fields import Choice, Pick, Range, check_fields
from companion.core.game import Action, ActionSpec, Expected, Game, GameResult, Secret, State
from companion.core.guide import Teaching
from companion.core.options import Option
from companion.games.tally import teaching

POINTS = Choice("Points", picks=tuple(Pick(n, f"+{n}") for n in (1, 2, 3)))
CARD = Range("The card's value", minimum=0, maximum=9)
STEP = Range("Dial steps", minimum=-9, maximum=9)  # a quick turn may move several notches at once


class Tally(Game):
    id = "tally"
    title = "Tally"
    min_players = 2
    max_players = 4
    score_label = "points"
    listed = False
    actions = {
        "add": frozenset({"points"}),
        "pass": frozenset(),
        "hide": frozenset(),
        "reveal": frozenset({"value"}),
        "dial": frozenset({"step"}),
    }
    options = (Option("target", 10, "points needed to win", minimum=1, maximum=99),)

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        return {
            "players": list(players),
            "scores": {p: 0 for p in players},
            "passed": [],
            "turn": 0,
            "target": options["target"],
            "secret": None,  # [owner, value or None while face-down]
            "dial": 0,
        }

    def _current(self, state: State) -> str:
        return state["players"][state["turn"]]

    def _next_turn(self, state: State) -> None:
        n = len(state["players"])
        for step in range(1, n + 1):
            i = (state["turn"] + step) % n
            if state["players"][i] not in state["passed"]:
                state["turn"] = i
                return

    def apply(self, state: State, action: Action) -> State:
        # The session has already refused unknown actions, stray fields and the wrong player;
        # what is legal now, and what each field takes, is expected()'s to say.
        who = self._current(state)
        kind = action["type"]
        spec = self.expected(state).spec(kind)
        if spec is None and kind == "pass" and not self.result(state):
            raise RuleError("The last player in the round cannot pass")
        if spec is None:
            raise RuleError(f"{kind.replace('_', ' ').capitalize()} is not possible now")
        why = check_fields(spec.fields, action)
        if why:
            raise RuleError(why)
        if kind == "add":
            state["scores"][who] += action["points"]
        elif kind == "pass":
            state["passed"].append(who)
            if len(state["passed"]) == len(state["players"]):
                raise RuleError("The last player in the round cannot pass")
        elif kind == "hide":
            state["secret"] = [who, None]
        elif kind == "reveal":
            state["secret"][1] = action["value"]
        elif kind == "dial":
            state["dial"] += action["step"]
            return state
        self._next_turn(state)
        return state

    def public_view(self, state: State) -> dict[str, Any]:
        secret = state["secret"]
        return {
            "scores": dict(state["scores"]),
            "passed": list(state["passed"]),
            "target": state["target"],
            "dial": state["dial"],
            "secret": None if not secret else {"owner": secret[0], "face": "up" if secret[1] is not None else "down",
                                               **({"value": secret[1]} if secret[1] is not None else {})},
        }

    def expected(self, state: State) -> Expected:
        if self.result(state):
            return Expected(None, "Game over")
        who = self._current(state)
        legal = [ActionSpec("add", "Add", {"points": POINTS})]
        if len(state["passed"]) < len(state["players"]) - 1:  # the last player in the round cannot pass
            legal.append(ActionSpec("pass", "Pass", weighty=True))
        secret = state["secret"]
        if secret is None or secret[1] is not None:
            legal.append(ActionSpec("hide", "Lay a card face-down"))
        else:
            legal.append(ActionSpec("reveal", "Reveal the face-down card", {"value": CARD}))
        legal.append(ActionSpec("dial", "Turn the dial", {"step": STEP}))
        return Expected(who, f"{who}: add points or pass", tuple(legal))

    def result(self, state: State) -> GameResult | None:
        done = [p for p, s in state["scores"].items() if s >= state["target"]]
        if done:
            return GameResult(tuple(done), f"{done[0]} reached {state['target']}", dict(state["scores"]))
        return None

    def events(self, before: State, after: State, action: Action) -> list[dict[str, Any]]:
        who = before["players"][before["turn"]]
        if action["type"] == "pass":
            return [{"type": "passed", "player": who}]
        if action["type"] == "add":
            return [{"type": "added", "player": who, "points": action["points"]}]
        return []

    def control(self, state: State, control: str) -> Action | None:
        if control == controls.CONFIRM:
            return {"type": "add", "points": 1}
        if control == controls.PASS:
            return {"type": "pass"}
        if control in (controls.DIAL_UP, controls.DIAL_DOWN):
            return {"type": "dial", "step": 1 if control == controls.DIAL_UP else -1}
        return None

    def teach(self, state: State, expected: Expected) -> Teaching:
        return teaching.teach(state, expected)

    def scores(self, state: State) -> dict[str, int]:
        return dict(state["scores"])

    def describe(self, event: Mapping[str, Any]) -> str:
        if event["type"] == "passed":
            return f"{event['player']} passed"
        if event["type"] == "added":
            return f"{event['player']} added {event['points']}"
        return ""

    def secrets(self, state: State) -> list[Secret]:
        # The face-down card's value is unknown to the app too until a reveal enters it.
        secret = state["secret"]
        if secret and secret[1] is None:
            return [Secret("secret", f"{secret[0]}'s face-down card", known=False)]
        return []

    def wrong_player(self, state: State, action: Action, expected: Expected) -> str:
        if action["by"] in state["passed"]:
            return f"{action['by']} has already passed this round"
        return super().wrong_player(state, action, expected)
