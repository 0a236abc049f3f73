"""What lies face-down at the table, and the same table with other cards there.

Two kinds of face-down card:
- played face-down: nobody but its owner has seen it, and the app never learns it before
  the reveal (a secret the app does not know);
- turned face-down by the turn-face-down card: everyone saw it face-up, so the app keeps its
  value and kind for scoring, and must show neither until it is turned over again.

A card stays a secret until its owner's cards are turned over for scoring (reveal.turned_over);
an eliminated player's face-down cards are never turned over.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from companion.core.game import Secret
from companion.games.bonbon import cards as c
from companion.games.bonbon.legal import card_slot
from companion.games.bonbon.reveal import turned_over

State = dict[str, Any]
CONCEALS = ("value", "kind")


def _face_down(state: State) -> list[tuple[str, int, c.Card]]:
    """(owner, index, card) of every face-down card not yet turned over for everyone."""
    if state["phase"] == "setup":
        return []
    return [
        (name, i, card)
        for name in state["players"]
        if not turned_over(state, name)
        for i, card in enumerate(state["rows"][name])
        if card["face"] == c.DOWN
    ]


def secrets(state: State) -> list[Secret]:
    """Every face-down card in play; `known` for those the app saw face-up before they were turned down."""
    out = []
    for name, i, card in _face_down(state):
        known = card["value"] is not None
        what = f"{name}'s card {i + 1}, " + ("turned face-down by an effect" if known else "played face-down")
        out.append(Secret(card_slot(state, name, i), what, known=known, conceals=CONCEALS))
    return out


# Other values a known face-down card might have had: another value of the same kind; a zero for any
# other card and a top card for a zero (zero or not must not show either); another kind.
CHANGES: tuple[Callable[[c.Card, int], dict[str, Any]], ...] = (
    lambda card, top: {"value": card["value"] % top + 1},
    lambda card, top: {"value": 0, "kind": c.ZERO} if card["value"] else {"value": top, "kind": c.REGULAR},
    lambda card, top: {"kind": c.MUST_UP if card["kind"] != c.MUST_UP else c.REGULAR},
)


def disguises(state: State) -> list[State]:
    """The state with every card the app knows face-down given another value or kind, one way per change."""
    known = [(name, i, card) for name, i, card in _face_down(state) if card["value"] is not None]
    if not known:
        return []
    out = []
    for change in CHANGES:
        other = copy.deepcopy(state)
        for name, i, card in known:
            other["rows"][name][i].update(change(card, state["max_value"]))
        out.append(other)
    return out
