"""A test-only game that waits for die rolls: roll, then confirm the move; two players take turns."""

from __future__ import annotations

from companion.core import controls
from companion.core.errors import RuleError
from companion.core.fields import Choice, Pick
from companion.core.game import ActionSpec, Expected, Game

FACES = ("1", "2", "3", "4", "peek", "bondo")
DIE = Choice("The die shows", picks=tuple(Pick(f, f.upper()) for f in FACES))


class DiceDuel(Game):
    id = "diceduel"
    title = "Dice Duel"
    min_players = 2
    max_players = 2
    actions = {"roll": frozenset({"face"}), "done": frozenset()}

    def setup(self, players, options):
        return {"players": list(players), "turn": 0, "step": "roll", "rolls": []}

    def apply(self, state, action):
        who = state["players"][state["turn"]]
        if action["type"] == "roll":
            if state["step"] != "roll":
                raise RuleError(f"{who} has rolled already: confirm the move first")
            if action.get("face") not in FACES:
                raise RuleError(f"The die has no face {action.get('face')!r}")
            state["rolls"].append([who, action["face"]])
            state["step"] = "move"
            return state
        if action["type"] == "done":
            if state["step"] != "move":
                raise RuleError(f"{who} has to roll first")
            state["step"] = "roll"
            state["turn"] = 1 - state["turn"]
            return state
        raise RuleError(f"Dice Duel has no action {action['type']!r}")

    def public_view(self, state):
        return {"rolls": [list(r) for r in state["rolls"]], "step": state["step"]}

    def expected(self, state):
        who = state["players"][state["turn"]]
        if state["step"] == "roll":
            return Expected(who, f"{who}: roll the die", (ActionSpec("roll", "Roll", {"face": DIE}),))
        return Expected(who, f"{who}: move, then confirm", (ActionSpec("done", "Done"),))

    def control(self, state, control):
        if control == controls.CONFIRM and state["step"] == "move":
            return {"type": "done"}
        return None
