"""BondCones' words for "What now?" (companion/core/guide.py): each move as players say it now, and
the section of rules.md behind the step. The greyed values and kinds on the capture pad say why
themselves (legal.value_field, legal.kind_field); no cone's value shapes the words."""

from __future__ import annotations

from typing import Any

from companion.core.game import Expected
from companion.core.guide import Teaching
from companion.games.bondcones import battle
from companion.games.bondcones.legal import RANKING_WORDS
from companion.games.bondcones.standing import current, other, points
from companion.games.bondcones.words import plural

State = dict[str, Any]


def teach(state: State, expected: Expected) -> Teaching:
    phase = state["phase"]
    if phase == "over":
        return Teaching(rule="winning")
    who = current(state)
    if phase == "opening":
        return Teaching({"roll": f"{who} rolls for the start: the best face begins ({RANKING_WORDS}); "
                                 "equal faces roll again"}, rule="starting-the-game")
    opponent, step = other(state, who), state["step"]
    if step == "roll":
        if state["aside"]:
            ring = "BONDO takes the ring set aside"
        elif state["bondos"][who]:
            ring = f"BONDO moves {who}'s ring"
        else:
            ring = f"BONDO loses the turn ({who} has no ring)"
        moves = {"roll": f"{who} rolls the Dice Cone: 1 to 4 moves a cone, PEEK looks under one of "
                         f"{who}'s cones, {ring}"}
        if expected.allows("battle"):
            left = state["windows"][who]
            moves["battle"] = (f"instead of rolling, challenge {opponent} to a BondO Battle for a ring "
                               f"({plural(left, 'turn')} left to do so): the better roll wins")
            return Teaching(moves, rule="bondo-battle")
        return Teaching(moves, rule="your-turn")
    if step == "move":
        demand = state["last_roll"]["demand"]
        n = demand["steps"]
        far = f"{plural(n, 'field')}" + (f", a Double BondO {demand['double_steps']}" if "double_steps" in demand
                                         else "")
        score = f"{points(state, who)} of {state['target']} points so far"
        return Teaching({
            "capture": f"if {who}'s move ({far}) ended on one of {opponent}'s cones: turn it over, enter its value "
                       f"and which kinds of cone met ({score})",
            "done": f"tap Done once {who} has moved a cone {far} and captured nothing, or no cone can move",
        }, rule="capturing")
    if step == "battle":
        fight = state["battle"]
        return Teaching({"roll": f"{battle.roller(fight)} rolls for the BondO Battle: the better face wins "
                                 f"({RANKING_WORDS}), equal faces roll again"}, rule="bondo-battle")
    return Teaching({"remove": f"{opponent} won the battle against the Double BondO: {opponent} removes one of "
                               f"{who}'s cones and enters its value, scoring it"}, rule="bondo-battle")
