"""What the table is waiting for: the legal actions now, with the typed choices a screen offers."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import Cards, Choice, Field, Pick, Players, check_fields
from companion.core.game import ActionSpec, Expected
from companion.games.bon import words
from companion.games.bon.cards import COLOURS, PASS, colour_of, label
from companion.games.bon.rounds import CHOOSE
from companion.games.bon.table import deck, turn, unavailable

State = dict[str, Any]

# Every action with the fields it may carry (the session refuses anything else).
FIELDS: dict[str, frozenset[str]] = {
    "start": frozenset({"ranks", "first"}),
    "leftover": frozenset({"card"}),
    "play": frozenset({"card"}),
    "next_round": frozenset({"ranks", "first"}),
}


def ranks_field() -> Choice:
    """The three colour tokens, top to bottom: three different ones make the stack."""
    picks = tuple(Pick(c, words.COLOUR[c], group=c) for c in COLOURS)
    return Choice("Colour ranks, top to bottom", picks=picks, count=3, noun="colour")


def card_field(state: State, title: str) -> Cards:
    """Every card of this deck, in colour groups; those out of play greyed so the pad never moves."""
    picks = []
    for c in [*deck(state).cards(), PASS]:
        out = unavailable(state, c) is not None
        picks.append(Pick(c, label(c), not out, group=colour_of(c) or PASS, why=_greyed(state, c) if out else ""))
    return Cards(title, picks=tuple(picks), deck="bon")


def _greyed(state: State, card: str) -> str:
    """Why a card that is out of play is greyed on the pad, short enough to be said once for all its kind."""
    if card == PASS:
        return f"every Pass card of this deck ({deck(state).passes}) is already on the table"
    if card in state["leftovers"]:
        return "left over face up this round: nobody holds it"
    return "already played this round"


def _round_fields(state: State, first_round: bool) -> dict[str, Field]:
    fields: dict[str, Field] = {}
    if first_round or state["new_ranks"]:
        fields["ranks"] = ranks_field()
    if first_round or state["next_leader"] == CHOOSE:
        fields["first"] = Players.of("Who leads the first trick", state["players"])
    return fields


def legal(state: State) -> list[ActionSpec]:
    """Exactly the actions the rules accept now: apply() refuses every other type."""
    phase = state["phase"]
    if phase == "start":
        return [ActionSpec("start", words.LABELS["start"], _round_fields(state, True))]
    if phase == "deal":
        field = {"card": card_field(state, "Left-over card")}
        return [ActionSpec("leftover", words.LABELS["leftover"], field)]
    if phase == "play":
        field = {"card": card_field(state, "Card played")}
        return [ActionSpec("play", words.LABELS["play"], field)]
    if phase == "scored":
        return [ActionSpec("next_round", words.LABELS["next_round"], _round_fields(state, False))]
    return []


def expected(state: State) -> Expected:
    """Who acts, what to tell them, and the legal actions with their choices."""
    return Expected(turn(state), words.prompt(state), tuple(legal(state)))


def require_legal(state: State, action: dict[str, Any]) -> None:
    """Refuse an action the rules do not allow now, or whose fields do not fit, in players' words."""
    spec = next((s for s in legal(state) if s.type == action["type"]), None)
    if spec is None:
        if state["phase"] == "over":
            raise RuleError("The game is over. Undo to change the last move.")
        raise RuleError(f"{words.LABELS[action['type']]} is not possible now. {words.prompt(state)}")
    extra = sorted(set(action) - {"type", "by", "source"} - set(spec.fields))
    if extra:
        raise RuleError(words.no_field(action["type"], extra[0], state))
    if "card" in spec.fields and "card" in action:
        # The deck's own words first ("Red 8 was already played ...") rather than a list of choices.
        why = unavailable(state, action["card"])
        if why:
            raise RuleError(why)
    why = check_fields(spec.fields, action)
    if why:
        raise RuleError(why)
