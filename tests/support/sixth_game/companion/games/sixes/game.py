"""Sixes: players roll a six-sided die in turn; a 6 scores a point; the first to `target` points wins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import Choice, Pick, check_fields
from companion.core.game import Action, ActionSpec, Expected, Game, GameResult, State
from companion.core.options import Option

DIE = ("1", "2", "3", "4", "5", "6")
FACE = Choice("The die shows", picks=tuple(Pick(face, face) for face in DIE))


class Sixes(Game):
    id = "sixes"
    title = "Sixes"
    min_players = 2
    max_players = 4
    score_label = "sixes"
    actions = {"roll": frozenset({"face"})}
    options = (Option("target", 3, "sixes that win", minimum=1, maximum=20),)
    die = DIE

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        return {"players": list(players), "sixes": {p: 0 for p in players}, "turn": 0,
                "target": options["target"], "last": None}

    def apply(self, state: State, action: Action) -> State:
        spec = self.expected(state).spec(action["type"])
        if spec is None:
            raise RuleError("The game is over")
        why = check_fields(spec.fields, action)
        if why:
            raise RuleError(why)
        who = state["players"][state["turn"]]
        state["last"] = [who, action["face"]]
        if action["face"] == "6":
            state["sixes"][who] += 1
        state["turn"] = (state["turn"] + 1) % len(state["players"])
        return state

    def public_view(self, state: State) -> dict[str, Any]:
        last = state["last"]
        return {"sixes": dict(state["sixes"]), "target": state["target"],
                "last": None if last is None else {"player": last[0], "face": last[1]}}

    def expected(self, state: State) -> Expected:
        if self.result(state):
            return Expected(None, "Game over")
        who = state["players"][state["turn"]]
        return Expected(who, f"{who}: roll the die", (ActionSpec("roll", "Roll", {"face": FACE}),))

    def result(self, state: State) -> GameResult | None:
        done = [p for p, n in state["sixes"].items() if n >= state["target"]]
        if done:
            return GameResult(tuple(done), f"{done[0]} rolled {state['target']} sixes", dict(state["sixes"]))
        return None

    def scores(self, state: State) -> dict[str, int]:
        return dict(state["sixes"])

    def events(self, before: State, after: State, action: Action) -> list[dict[str, Any]]:
        who = before["players"][before["turn"]]
        return [{"type": "rolled", "player": who, "face": action["face"]}]

    def describe(self, event: Mapping[str, Any]) -> str:
        return f"{event['player']} rolled {event['face']}"
