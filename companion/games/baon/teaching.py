"""Baon's words for "What now?" (companion/core/guide.py): each move as players say it now, why a
move's place on the board's menu stands empty (its buttons: entry.py's SLOTS), and the section
of rules.md behind the step."""

from __future__ import annotations

from typing import Any

from companion.core.game import Expected
from companion.core.guide import Greyed, Teaching
from companion.games.baon import tokens
from companion.games.baon.runs import MIN_BAON
from companion.games.baon.standing import actor, favourite_taken, last_round
from companion.games.baon.turns import HAND_LIMIT
from companion.games.baon.words import TOKEN_NAMES, names_or, plural

State = dict[str, Any]

# The board's words for the turn's buttons (companion/ui/boards/baon/entry.py).
BUTTONS = {"take": "Take food", "baon": "Play a baon", "add": "Add to a baon", "favourite": "Favourite food",
           "claim": "Claim a token"}


def teach(state: State, expected: Expected) -> Teaching:
    if state["mode"] == "scoring_only":
        return _scoring_only(state, expected)
    who = actor(state)
    if who is None or state["step"] == "over":
        return Teaching(rule="scoring")
    words = _words(state, who)
    moves = {spec.type: words.get(spec.type) or spec.label for spec in expected.legal}
    return Teaching(moves, _greyed(state, who, expected), _rule(state))


def _words(state: State, who: str) -> dict[str, str]:
    step, held, pile = state["step"], state["hands"][who], state["pile"]
    out: dict[str, str] = {}
    if step == "last_draw":
        out["take"] = f"last round: {who} draws 1 card from a countertop space, then may play food"
    elif held == 0 and pile >= 3:
        out["take"] = (f"take 1 or 2 cards from the pile ({pile} left) or the countertop, "
                       f"or 3 from the pile as {who}'s hand is empty")
    else:
        out["take"] = f"take 1 or 2 cards from the pile ({pile} left) or the countertop spaces, in any mix"
    free = [s for s in state["suits"] if s not in state["baons"][who]]
    out["baon"] = (f"start a baon: 3 or more cards in a row into an empty container "
                   f"({who} holds {plural(held, 'card')}, {len(free)} containers free)")
    out["add"] = ("add cards in a row to either end of any baon on the table; "
                  "into someone else's it earns generosity")
    open_foods = [state["suit_names"][s] for s in state["suits"] if favourite_taken(state, s) is None]
    out["favourite"] = f"pick {who}'s favourite food, once a game: {names_or(open_foods)}"
    claimable = [TOKEN_NAMES[t] for t in tokens.claimable(state, who)]
    out["claim"] = (f"claim {names_or(claimable)}: {who} leads it clearly now (one token a turn)" if claimable
                    else "claim a bonus token with a clear lead (one token a turn)")
    if step == "turn":
        out["end_turn"] = "end the turn without taking or playing food"
    elif step == "taken" and state["lola"] == "revealed":
        out["end_turn"] = "end the turn: Lola showed, so empty spaces stay empty until her cards are dealt"
    else:
        out["end_turn"] = f"end {who}'s turn"
    due = state["discards_due"]
    out["discard"] = (f"discard {plural(due, 'card')}, each onto a countertop space of {who}'s choice, "
                      f"to get down to the hand limit of {HAND_LIMIT}")
    out["lola"] = "say Lola shows: the pile ran out before the table's count did"
    return out


def _greyed(state: State, who: str, expected: Expected) -> tuple[Greyed, ...]:
    """The turn's menu keeps a place for each of its moves; a move not open now leaves it empty."""
    if state["step"] not in ("turn", "taken", "playing"):
        return ()  # discards and the last round's draw show their own buttons, nothing in place
    step, held = state["step"], state["hands"][who]
    took = f"{who} took food this turn: take or play, never both"
    out = []
    for kind, button in BUTTONS.items():
        if expected.allows(kind):
            continue
        why = ""
        if kind == "take":
            if step == "taken":
                why = f"{who} already took food this turn"
            elif step == "playing":
                why = ("in the last round only 1 card is drawn" if last_round(state)
                       else f"{who} played food this turn: take or play, never both")
            else:
                why = "nothing is left on the pile or the countertop"
        elif kind in ("baon", "add") and step == "taken":
            why = took
        elif kind == "baon":
            if held < MIN_BAON:
                why = f"{who} holds {plural(held, 'card')}: a baon needs {MIN_BAON}"
            else:
                why = f"every one of {who}'s containers already holds a baon"
        elif kind == "add":
            why = f"{who} holds no cards" if held == 0 else "no baon is on the table yet"
        elif kind == "favourite" and state["favourites"][who] is not None:
            why = f"{who} already picked {state['suit_names'][state['favourites'][who]]}"
        elif kind == "claim":
            why = ("one token a turn, and one was claimed" if state["claimed_this_turn"]
                   else f"{who} has no clear lead for a token they do not already hold")
        if why:
            out.append(Greyed(button, why))
    return tuple(out)


def _rule(state: State) -> str:
    step = state["step"]
    if last_round(state) or step == "last_draw":
        return "the-last-round"
    if step == "discard":
        return "taking-food"
    if step == "playing":
        return "playing-food"
    return "your-turn"


def _scoring_only(state: State, expected: Expected) -> Teaching:
    if state["step"] == "over":
        return Teaching(rule="scoring")
    words = {
        "baon": "enter a player's baon: its container, then its cards from low to high",
        "generosity": "enter how many generosity cubes a player has",
        "favourite": "enter a player's favourite food",
        "claim": "enter who holds a bonus token",
        "remove": "take off a baon entered by mistake, to enter it again",
        "score": "score the game once every baon, cube, token and favourite is entered",
    }
    return Teaching({spec.type: words.get(spec.type) or spec.label for spec in expected.legal}, rule="scoring")
