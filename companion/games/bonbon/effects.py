"""The four effects that act on the table (the fifth, draw one more card, is part of the turn)."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import count_refusal
from companion.games.bonbon import cards as c
from companion.games.bonbon.flow import advance, settle
from companion.games.bonbon.standing import active
from companion.games.bonbon.targets import card_at

State = dict[str, Any]


def peek(state: State, action: dict[str, Any]) -> None:
    """Turn over another player's face-down card; its value now counts towards both limits."""
    who = active(state)
    # "If you play this card face-up, you can reveal another player's face-down card."
    name, index = card_at(state, {"player": action.get("player"), "card": action.get("card")}, "the reveal card")
    if name == who:
        raise RuleError(f"{who}: the reveal card turns over another player's card, not your own")
    card = state["rows"][name][index]
    if card["face"] != c.DOWN:
        raise RuleError(f"{name}'s card at position {index + 1} is already face-up")
    value = action.get("value")
    if card["value"] is None:
        value = c.check_value(value, state["max_value"], f"{name}'s revealed card")
    elif value is not None and value != card["value"]:
        # No number here: the card is face-down, and a refusal must not show what it is.
        raise RuleError(f"That is not the value {name}'s card had when it was face-up: enter the value it shows")
    else:
        value = card["value"]
    # "If the revealed card has a special effect, it is not used": nothing but the value changes.
    card["value"] = value
    card["face"] = c.UP
    state["collective"] += value
    # "If their personal limit is exceeded, they are eliminated. But if the collective limit is
    # exceeded, you are eliminated." settle() eliminates the owner on the first and `who` on the second.
    if not settle(state, who):
        advance(state)


def swap(state: State, action: dict[str, Any]) -> None:
    """Exchange two cards between two players; each keeps its face, so only personal totals move."""
    who = active(state)
    refs = action.get("cards")
    if not isinstance(refs, list) or len(refs) != 2:
        raise RuleError(count_refusal(who, refs, 2, 2, "card", detail=" to swap, one from each of two players"))
    (a, i), (b, j) = (card_at(state, ref, "the swap card") for ref in refs)
    # "you may swap any two cards (including this one) between any two players, including yourself."
    if a == b:
        raise RuleError(f"The swap card exchanges cards between two players, not two of {a}'s cards")
    rows = state["rows"]
    rows[a][i], rows[b][j] = rows[b][j], rows[a][i]
    # A face-up card stays face-up and a face-down one face-down: the collective total is unchanged,
    # but either player may now be over their personal limit.
    if not settle(state, who):
        advance(state)


def hide(state: State, action: dict[str, Any]) -> None:
    """Turn a face-up card face-down: it leaves the collective total and its owner's face-up total."""
    who = active(state)
    # "If you play this card face-up, you can turn any player's face-up card face-down, including yourself."
    name, index = card_at(state, {"player": action.get("player"), "card": action.get("card")}, "the turn-face-down card")
    card = state["rows"][name][index]
    if card["face"] != c.UP:
        raise RuleError(f"{name}'s card at position {index + 1} is already face-down")
    card["face"] = c.DOWN
    # The value was seen by everyone: the app keeps it for scoring but never shows it while face-down.
    state["collective"] -= card["value"]
    if not settle(state, who):
        advance(state)
