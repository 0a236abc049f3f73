"""B.O.N's words: labels, the prompt and every event, one wording for the touchscreen, the
phones and the story of a past game."""

from __future__ import annotations

from typing import Any

from companion.games.bon.cards import label
from companion.games.bon.scoring import POINTS
from companion.games.bon.table import turn

State = dict[str, Any]

COLOUR = {"red": "Red", "yellow": "Yellow", "blue": "Blue"}

LABELS = {
    "start": "Start: rank stack and first leader",
    "leftover": "Enter a left-over card",
    "play": "Play a card",
    "next_round": "Deal the next round",
}

CASES = {
    "exact": "exactly the goal: +1",
    "zero": "no tricks: +2",
    "missed": "not the goal: +0",
}

DECIDED = {
    "alone": "first to the Champion line",
    "prime": "tied on the line: most cards of the Prime colour taken in the last round",
    "second": "tied on the line and on Prime cards: most cards of the second colour taken",
    "shared": "still tied after both tie-breaks: a shared win",
}


def colour(name: str | None) -> str:
    return COLOUR.get(name or "", "none")


def stack(ranks: list[str]) -> str:
    """The rank stack, top first: "Blue, Red, Yellow"."""
    return ", ".join(colour(c) for c in ranks)


def names(people: list[str]) -> str:
    if not people:
        return "nobody"
    return people[0] if len(people) == 1 else f"{', '.join(people[:-1])} and {people[-1]}"


def tricks(n: int) -> str:
    return f"{n} trick{'' if n == 1 else 's'}"


def rounds(n: int) -> str:
    return f"{n} round{'' if n == 1 else 's'}"


def no_field(kind: str, name: str, state: State) -> str:
    if kind == "next_round" and name == "ranks":
        return "The rank stack carries over to the next round: there is no new order to enter"
    if kind == "next_round" and name == "first":
        return "Who leads the next round follows from the last one: there is nobody to choose"
    return f"{LABELS.get(kind, kind)} takes no {name} now"


def prompt(state: State) -> str:
    """One line telling the table what comes next: at most 40 characters with names of up to 8
    letters, so the bar above the board shows it whole in its large size."""
    phase = state["phase"]
    if phase == "start":
        return "Enter the rank stack and who leads"
    if phase == "deal":
        n = len(state["leftovers"]) + 1
        return f"Round {state['round']}: left-over card {n} of 2, face up"
    if phase == "play":
        trick = state["trick"]
        who = turn(state)
        if not trick["plays"]:
            return f"Trick {trick['number']}: {who} leads"
        prime = trick["prime"]
        why = f"Prime: {colour(prime)}" if prime else "no Prime yet"
        return f"Trick {trick['number']}: {who} to play ({why})"
    if phase == "scored":
        return f"Round {state['round']} scored: next, deal round {state['round'] + 1}"
    return champion_line(state["winners"])


def champion_line(winners: list[str]) -> str:
    if len(winners) == 1:
        return f"{winners[0]} is the Champion of Boasting"
    return f"{names(winners)} share the win"


def score_line(line: dict[str, Any]) -> str:
    """One player's line of a round's scoring: "Bill: 3 tricks of 3, exactly the goal: +1"."""
    said = f"{line['player']}: {tricks(line['tricks'])} (goal {line['goal']}), {CASES[line['case']]}"
    if line.get("cancelled"):
        said += ", cancelled: did not follow Prime"
    return said


def score_short(line: dict[str, Any]) -> str:
    """The same, short enough for a column of the touchscreen's scoring (the goal is said above it)."""
    # The rule's points (a marker that stops at the Champion line moves fewer: the track shows it).
    said = f"{line['player']}: {tricks(line['tricks'])}, +{POINTS[line['case']]}"
    return said + " cancelled" if line.get("cancelled") else said


def revoke_line(r: dict[str, Any]) -> str:
    return (f"{r['player']} did not follow {colour(r['colour'])} in trick {r['trick']} "
            f"(played {label(r['instead'])}) but held {label(r['card'])}: a failure to follow")


def revoke_short(r: dict[str, Any]) -> str:
    """The same, short enough for two lines beside the trick: "Ben did not follow Red in trick 1 but held Red 1"."""
    return f"{r['player']} did not follow {colour(r['colour'])} in trick {r['trick']} but held {label(r['card'])}"


NEWS = {
    "round_started": lambda e: f"Round {e['round']}: {e['leader']} leads; ranks {stack(e['ranks'])}",
    "left_over": lambda e: f"Left over, face up: {label(e['card'])}",
    "played": lambda e: f"{e['player']}: {label(e['card'])}"
    + (f" (Prime: {colour(e['prime'])})" if e.get("prime") else ""),
    "trick_won": lambda e: f"{e['player']} takes trick {e['trick']} with {label(e['card'])}; "
    f"{colour(e['colour'])} goes to the bottom: {stack(e['ranks'])}",
    "revoke": revoke_line,
    "round_scored": lambda e: f"Round {e['round']}: "
    + "; ".join(f"{ln['player']} {tricks(ln['tricks'])} {'+' + str(ln['points']) if ln['points'] else '+0'}"
                for ln in e["lines"]),
    "game_won": lambda e: champion_line(e["winners"]) + f" ({DECIDED.get(e.get('decided_by'), '')})",
}


def event_text(event: dict[str, Any]) -> str:
    """Any B.O.N event in words."""
    words = NEWS.get(event.get("type", ""))
    return words(event) if words else ""
