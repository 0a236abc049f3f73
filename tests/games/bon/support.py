"""Helpers for B.O.N tests: a started session, tricks played card by card, refusals checked."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from companion.core import RuleError, Session
from companion.games.bon import Bon

GAME = Bon()
THREE = ("Ann", "Ben", "Cy")


def started(players: Sequence[str] = THREE, ranks=("red", "yellow", "blue"), first=None,
            leftovers: Iterable[str] | None = ("pass", "pass"), **options: Any) -> Session:
    """A session at the first card of round 1 (left-over cards entered unless the advanced rule)."""
    s = Session(GAME, list(players), options)
    s.dispatch({"type": "start", "ranks": list(ranks), "first": first or players[0]})
    if not options.get("advanced"):
        for card in leftovers or ():
            s.dispatch({"type": "leftover", "card": card})
    return s


def play(s: Session, *cards: str) -> list[dict[str, Any]]:
    """Play cards in turn order; the events of them all."""
    out: list[dict[str, Any]] = []
    for card in cards:
        out += s.dispatch({"type": "play", "card": card}).events
    return out


def view(s: Session) -> dict[str, Any]:
    return s.view()["view"]


def player(s: Session, name: str) -> dict[str, Any]:
    return next(p for p in view(s)["players"] if p["name"] == name)


def line(s: Session, name: str) -> dict[str, Any]:
    return next(ln for ln in view(s)["scoring"]["lines"] if ln["player"] == name)


def refused(s: Session, action: dict[str, Any], message: str) -> None:
    """The rules refuse `action` with `message` (its start), and the game is exactly as it was."""
    before, revision = s.state, s.revision
    with pytest.raises(RuleError) as caught:
        s.dispatch(action)
    assert caught.value.message.startswith(message), caught.value.message
    assert s.state == before and s.revision == revision


# A 3-player round (left-overs: both Pass cards) in which Ann takes exactly 3 tricks, Ben none
# and Cy 4, every card following Prime except the last trick's.
ROUND_ANN3_BEN0_CY4 = (
    "red-7", "red-1", "red-2",
    "yellow-7", "yellow-1", "yellow-2",
    "blue-7", "blue-1", "blue-2",
    "red-3", "red-4", "red-6",
    "yellow-6", "yellow-3", "yellow-4",
    "blue-6", "blue-3", "blue-4",
    "red-5", "yellow-5", "blue-5",
)
