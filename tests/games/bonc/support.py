"""Helpers for BONC!'s tests: a session at a table of four, cards played by their names."""

from __future__ import annotations

from typing import Any

from companion import games
from companion.core import Session

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def table(players: list[str] | None = None, **options: Any) -> Session:
    return Session(games.get("bonc"), players or FOUR, options)


def play(session: Session, *cards: Any, **fields: Any) -> list[str]:
    """Play cards on consecutive turns; the words of the last one's news."""
    texts: list[str] = []
    for card in cards:
        change = session.dispatch({"type": "play", "card": card, **fields})
        texts = [e["text"] for e in change.events]
    return texts


def lives(session: Session) -> dict[str, int]:
    return dict(session.view()["scores"])


def seat(session: Session, name: str) -> dict[str, Any]:
    return next(p for p in session.view()["view"]["players"] if p["name"] == name)


def quiet_card(session: Session) -> Any:
    """A card that hurts nobody now: a number not on top of the pile, else BULLETPROOF or BAND-AID."""
    view = session.view()["view"]
    top = (view["last"] or {}).get("card")
    for card in (8, 7, 6, 5, 4, 3, 2, 1, 0, "bulletproof", "band_aid"):
        if view["left"][str(card)] and card != top:
            return card
    raise AssertionError("no quiet card left")
