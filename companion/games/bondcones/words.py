"""BondCones' words: what a roll demands and what each event means, in one wording for the
touchscreen, the phones and the story of a past game (events and the state carry data only)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.games.bondcones.dice import FACE_LABELS

# What a side holds, in a sentence ("... and now has a Double BondO").
FORM_NAMES = {
    "none": "no BondO",
    "bondo_cone": "a BondO Cone",
    "two_bondo_cones": "two BondO Cones",
    "double_bondo": "a Double BondO",
}

# A cone by the kind the capture fields name ("Leo has no Double BondO to capture").
KIND_NAMES = {"ordinary": "ordinary cone", "bondo": "BondO Cone", "double": "Double BondO"}
# The same kinds on a button.
KIND_LABELS = {"ordinary": "Ordinary", "bondo": "BondO Cone", "double": "Double BondO"}


def face(face_id: str | None) -> str:
    """A die face as the Dice Cone shows it: 1-4, PEEK, BONDO (the data keeps ids)."""
    return "?" if face_id is None else FACE_LABELS.get(face_id, str(face_id).upper())


def a(value: int) -> str:
    """A cone's value with its article, as said aloud: "an 8", "a 4"."""
    return f"an {value}" if value == 8 else f"a {value}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def demand_text(demand: Mapping[str, Any]) -> str:
    """What a turn roll asks of the roller, in words a player reads off the screen."""
    kind = demand["kind"]
    if kind == "move":
        n = demand["steps"]
        text = (
            f"Move one of your cones exactly {plural(n, 'step')}: an ordinary cone "
            "in one straight or diagonal line, a BondO Cone may change direction; "
            "no jumping, no field twice."
        )
        if "double_steps" in demand:
            text += f" Your Double BondO moves {demand['double_steps']}."
        return text
    if kind == "peek":
        return "Lift one of your own cones, look at its value and put it back."
    if kind == "bondo_aside":
        return "Take the set-aside BondO and place it on one of your ordinary cones."
    if kind == "lost":
        return "You have no BondO: the turn is lost."
    holds = demand.get("holds")
    if holds == "double_bondo":
        return "Move your Double BondO (both BondOs together) to another cone."
    if holds == "two_bondo_cones":
        return "Move one of your two BondOs to another ordinary cone."
    return "Move your BondO to another of your cones."


def demand_short(demand: Mapping[str, Any]) -> str:
    """What a turn roll asks, in a line of news: the rule's detail stays on the board's roll panel,
    so the phone's news and a past game's story read one line a roll, not a paragraph."""
    if demand["kind"] == "move":
        text = f"move a cone {plural(demand['steps'], 'step')}"
        if "double_steps" in demand:
            text += f" (the Double BondO {demand['double_steps']})"
        return text
    full = demand_text(demand).rstrip(".")
    return full[:1].lower() + full[1:]


def _roll(e: Mapping[str, Any]) -> str:
    said = f"{e['player']} rolled {face(e['face'])}"
    purpose = e.get("purpose")
    if purpose == "opening":
        return f"{said} for the opening"
    if purpose == "battle":
        return f"{said} in the BondO Battle"
    # What the roller must do, when they must do something; a roll the table settles at once (a
    # peek, the set-aside BondO, a lost turn) is told by the line that follows, in the third person:
    # "You have no BondO" read as if said to whoever looks at the screen, on the next player's turn.
    if e.get("demand") in ("move", "bondo"):
        return f"{said}: {demand_short({**e, 'kind': e['demand']})}"
    return said


def _peek(e: Mapping[str, Any]) -> str:
    if e["of"] == e["player"]:
        return f"{e['player']} looks at one of their own cones"
    return f"{e['player']} may lift one of {e['of']}'s cones and look"


def _battle_won(e: Mapping[str, Any]) -> str:
    text = f"{e['player']} wins the BondO Battle and takes a BondO back from {e['against']}"
    return text + ("; the other BondO is set aside until someone rolls bondo" if e.get("aside") else "")


def _window(e: Mapping[str, Any]) -> str:
    new = "a new " if e.get("after") == "battle" else "a "
    return f"{e['player']} may declare {new}BondO Battle within {plural(e['turns'], 'turn')}"


NEWS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "roll": _roll,
    "opening_tie": lambda e: f"Both rolled {face(e['face'])}: roll again",
    "starts": lambda e: f"{e['player']} starts",
    "window_closed": lambda e: f"{e['player']} can no longer declare a BondO Battle",
    "peek": _peek,
    "bondo_placed": lambda e: f"{e['player']} places the set-aside BondO on an ordinary cone",
    "turn_lost": lambda e: f"{e['player']} has no BondO and loses the turn",
    "capture": lambda e: f"{e['player']} captured {a(e['value'])} from {e['victim']}",
    "bondo_taken": lambda e: f"{e['player']} took {'the Double BondO' if e['count'] == 2 else 'a BondO'} "
    f"from {e['victim']} and now has {FORM_NAMES[e['form']]}",
    "battle_window": _window,
    "turn_end": lambda e: f"{e['player']} ends the turn",
    "battle_declared": lambda e: f"{e['player']} declares a BondO Battle against {e['against']} for "
    f"{'a Double BondO' if e['against_double'] else 'a BondO'}",
    "battle_tie": lambda e: f"Both rolled {face(e['face'])}: roll again",
    "battle_won": _battle_won,
    "battle_lost": lambda e: f"{e['player']} loses the BondO Battle and the turn",
    "cone_removed": lambda e: f"{e['player']} removed {a(e['value'])} from {e['victim']}",
    "game_won": lambda e: f"{e['player']} wins with {e['points']} points",
}


def describe(event: Mapping[str, Any]) -> str:
    """Any BondCones event in words; an unknown one by its type."""
    words = NEWS.get(str(event.get("type")))
    return words(event) if words else str(event.get("type", "")).replace("_", " ")
