"""The end of a round (exact-trick scoring, the track) and of the game (the Champion line, ties)."""

from __future__ import annotations

from typing import Any

from companion.games.bon.table import deck

State = dict[str, Any]

EXACT = "exact"  # exactly the goal: +1
ZERO = "zero"  # no trick at all: +2
MISSED = "missed"  # too many or too few: nothing
POINTS = {EXACT: 1, ZERO: 2, MISSED: 0}

# What a proven failure to follow costs (not in the rulebook): option `revoke`.
TELL = "tell"  # the app tells the table; scoring is unchanged
NO_SCORE = "no_score"  # the player does not move on the track this round
REVOKE_RULES = (TELL, NO_SCORE)


def case_of(tricks: int, goal: int) -> str:
    """"each player who takes EXACTLY 3 tricks will move forward 1 space ... If you take zero
    tricks, regardless of the number of players, you will move forward 2 spaces"."""
    if tricks == goal:
        return EXACT
    return ZERO if tricks == 0 else MISSED


def score_round(state: State) -> None:
    """Move every marker, line by line, then see whether anyone reached the Champion line."""
    goal = deck(state).goal
    revoked = {r["player"] for r in state["revokes"]}
    lines = []
    for p in state["players"]:
        case = case_of(state["won"][p], goal)
        points = POINTS[case]
        cancelled = state["revoke_rule"] == NO_SCORE and p in revoked and points > 0
        if cancelled:
            points = 0
        was = state["track"][p]
        # The track's last space is the Champion line: a marker stops there.
        state["track"][p] = min(was + points, state["target"])
        lines.append({"player": p, "tricks": state["won"][p], "goal": goal, "case": case,
                      "points": state["track"][p] - was, "cancelled": cancelled, "track": state["track"][p]})
    reached = [p for p in state["players"] if state["track"][p] >= state["target"]]
    winners, decided_by = champions(state, reached)
    state["scoring"] = {"round": state["round"], "goal": goal, "lines": lines,
                        "prime": state["ranks"][0], "second": state["ranks"][1],
                        "winners": winners, "decided_by": decided_by}
    state["history"].append({"round": state["round"], "points": {ln["player"]: ln["points"] for ln in lines}})
    state["winners"] = winners
    state["phase"] = "over" if winners else "scored"


def champions(state: State, reached: list[str]) -> tuple[list[str], str | None]:
    """Who wins among the players who reached the Champion line this round, and how it was decided.

    Ties: "the player who took the most cards of the Prime color in the last round ... the second
    strongest color ... then clearly you two are doppelgangers". At the end of a round no trick
    is being played, so the Prime colour is read as the strongest colour: the top of the stack
    after the last trick, and the second strongest the token under it (docs/rules/bon.md).
    """
    if not reached:
        return [], None
    if len(reached) == 1:
        return reached, "alone"
    for step, colour in (("prime", state["ranks"][0]), ("second", state["ranks"][1])):
        best = max(state["taken"][p][colour] for p in reached)
        reached = [p for p in reached if state["taken"][p][colour] == best]
        if len(reached) == 1:
            return reached, step
    return reached, "shared"
