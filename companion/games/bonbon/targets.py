"""Which cards an effect may aim at right now: the choices a screen offers, and the checks."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import said
from companion.games.bonbon import cards as c
from companion.games.bonbon.standing import active, is_in, targetable

State = dict[str, Any]


def _cards(state: State, owners: list[str], face: str | None) -> list[dict[str, Any]]:
    out = []
    for name in owners:
        for i, card in enumerate(state["rows"][name]):
            if face is None or card["face"] == face:
                out.append({"player": name, "card": i + 1})
    return out


def open_players(state: State) -> list[str]:
    """Players an effect may target: "Players who have passed cannot be targeted"; nor the eliminated."""
    return [p for p in state["players"] if is_in(state, p)]


def peek_cards(state: State) -> list[dict[str, Any]]:
    """Another player's face-down cards; value_needed says whether the table must enter it."""
    who = active(state)
    others = [p for p in open_players(state) if p != who]
    out = _cards(state, others, c.DOWN)
    for item in out:
        item["value_needed"] = state["rows"][item["player"]][item["card"] - 1]["value"] is None
    return out


def swap_cards(state: State) -> list[dict[str, Any]]:
    """Every card of every targetable player (including the swapper and the swap card itself)."""
    return _cards(state, open_players(state), None)


def hide_cards(state: State) -> list[dict[str, Any]]:
    """Every face-up card of every targetable player, the player's own included."""
    return _cards(state, open_players(state), c.UP)


def usable(state: State, effect: str, who: str) -> bool:
    """Whether the effect has anything to act on; if not, the turn simply passes on."""
    if effect == c.PASS_TILE:
        return True
    if effect == c.PEEK:
        return bool(peek_cards(state))
    if effect == c.SWAP:
        owners = {item["player"] for item in swap_cards(state)}
        return len(owners) >= 2
    if effect == c.HIDE:
        return bool(hide_cards(state))
    return False


def card_at(state: State, ref: Any, purpose: str) -> tuple[str, int]:
    """Resolve {"player": name, "card": position from 1 on the left} for an effect, or refuse."""
    if not isinstance(ref, dict):
        raise RuleError(f"Say whose card, and which from the left, for {purpose}")
    name, position = ref.get("player"), ref.get("card")
    targetable(state, name, purpose)
    row = state["rows"][name]
    if not c.is_whole(position) or not 1 <= position <= len(row):
        shown = said(position)
        head = f"{name} has no card {shown}" if shown else f"Say which of {name}'s cards"
        raise RuleError(f"{head}: {name}'s cards are 1 to {len(row)}, from the left" if len(row) > 1
                        else f"{head}: {name} has one card")
    return name, position - 1

