"""B.O.N's words for "What now?" (companion/core/guide.py): each move as players say it now, and
the section of rules.md behind the step. The only greyed things on B.O.N's board are cards on
the pad, and each says why itself (legal.card_field)."""

from __future__ import annotations

from typing import Any

from companion.core.game import Expected
from companion.core.guide import Teaching
from companion.games.bon.cards import LEFT_OVER, PASS, TRICKS
from companion.games.bon.rounds import CHOOSE
from companion.games.bon.table import deck, turn, unavailable
from companion.games.bon.words import COLOUR

State = dict[str, Any]


def teach(state: State, expected: Expected) -> Teaching:
    phase = state["phase"]
    if phase == "start":
        return Teaching({"start": "enter the rank stack from the strongest colour down (or let the table draw it), "
                                  "and who leads the first trick"}, rule="setting-up")
    if phase == "deal":
        entered = len(state["leftovers"])
        return Teaching({"leftover": f"enter the {_nth(entered)} of the {LEFT_OVER} left-over cards lying face up: "
                                     "nobody can play them this round"}, rule="setting-up")
    if phase == "play":
        return _play(state)
    if phase == "scored":
        return Teaching({"next_round": _next_round(state)}, rule="scoring-a-round")
    return Teaching(rule="end-of-the-game")


def _play(state: State) -> Teaching:
    trick = state["trick"]
    who = turn(state) or ""
    n = trick["number"]
    goal = deck(state).goal
    won = state["won"][who]
    aim = f" ({who}: {won} taken, goal {goal})"
    if not trick["plays"]:
        if n == 1:
            words = f"{who} leads trick 1 of {TRICKS}: any card; its colour becomes the Prime colour"
        else:
            words = (f"{who} took the last trick and leads trick {n} of {TRICKS}: any card; "
                     f"its colour becomes Prime{aim}")
        return Teaching({"play": words}, rule="leading-and-following")
    prime = trick["prime"]
    if prime is None:
        words = (f"{who} plays any card: the Pass led sets no colour, so the first coloured card "
                 "makes its colour Prime")
        return Teaching({"play": words}, rule="pass-cards")
    colour = COLOUR[prime]
    left = len(state["players"]) - len(trick["plays"])
    last = " (last card of the trick)" if left == 1 else ""
    passing = ", or a Pass" if unavailable(state, PASS) is None else ""
    words = f"{who} plays a {colour} card (Prime) if they hold one, else any card{passing}{last}{aim}"
    return Teaching({"play": words}, rule="leading-and-following")


def _next_round(state: State) -> str:
    round_no = state["round"] + 1
    parts = [f"shuffle and deal 7 cards each for round {round_no}"]
    if state["new_ranks"]:
        parts.append("enter a freshly drawn rank stack")
    if state["next_leader"] == CHOOSE:
        parts.append("say who leads")
    words = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
    if not state["advanced"]:
        words += f"; then enter the {LEFT_OVER} left-over cards"
    return words


def _nth(entered: int) -> str:
    return ("first", "second", "third")[min(entered, 2)]

