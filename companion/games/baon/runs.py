"""Runs of consecutive values: which cards may form a baon, and which may extend one.

A baon is kept as the value of its lowest card ("start") and its cards low to high, so
the value of a wild is where it lies: [wild-5-6] starts at 4. A wild keeps that value
for the rest of the game (docs/rules/baon.md: the cards lie in order on the table).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.errors import RuleError
from companion.games.baon.cards import HIGH, LOW, is_wild, name, value_of

MIN_BAON = 3


def _shown(cards: list[str]) -> str:
    """Cards by value as a player reads them: "1, 2 and 4", "a wild, 5 and 6"."""
    words = ["a wild" if is_wild(c) else str(value_of(c)) for c in cards]
    if not words:
        return "no card"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _missing(values: list[int]) -> str:
    """The values a run of these cards lacks between its lowest and highest: "the missing 3" ("": none)."""
    gaps = [str(v) for v in range(min(values), max(values) + 1) if v not in values]
    if not gaps:
        return ""
    if len(gaps) > 3:
        return f"the {len(gaps)} missing values between {min(values)} and {max(values)}"
    return "the missing " + (gaps[0] if len(gaps) == 1 else ", ".join(gaps[:-1]) + " and " + gaps[-1])


def order(cards: list[str]) -> list[str]:
    """Cards without a wild may come in any order: put them low to high. With wilds the
    order given is the order on the table, since it says where each wild stands."""
    if any(is_wild(c) for c in cards):
        return list(cards)
    return sorted(cards, key=lambda c: value_of(c) or 0)


def start_of(cards: list[str]) -> int:
    """The value of the first card of a run laid low to high, or RuleError saying why it is no run."""
    shown = _shown(cards)
    real = [(i, value_of(c)) for i, c in enumerate(cards) if not is_wild(c)]
    if not real:
        raise RuleError(f"{shown.capitalize()}: a baon needs at least one card that is not wild")
    values = [v for _, v in real]
    twice = next((v for v in values if values.count(v) > 1), None)
    if twice is not None:
        raise RuleError(f"{shown.capitalize()} hold two cards of value {twice}: a run has each value once, "
                        f"so drop one {twice}")
    first, value = real[0]
    start = value - first
    for i, v in real:
        if v != start + i:
            if len(real) == len(cards) and _missing(values):
                raise RuleError(f"{shown.capitalize()} are not consecutive: drop a card or add {_missing(values)}")
            raise RuleError(f"{shown.capitalize()} are not consecutive in this order: each wild stands for the "
                            "one value missing where it lies")
    end = start + len(cards) - 1
    if start < LOW:
        raise RuleError(f"{shown.capitalize()}: a wild card stands for {LOW} to {HIGH}; here one would be {start}")
    if end > HIGH:
        raise RuleError(f"{shown.capitalize()}: a wild card stands for {LOW} to {HIGH}; here one would be {end}")
    return start


def new_baon(cards: list[str]) -> dict[str, Any]:
    """A baon from the cards laid on an empty container: "3 or more cards of consecutive value"."""
    if len(cards) < MIN_BAON:
        raise RuleError(f"A baon needs at least {MIN_BAON} cards of consecutive values, not {len(cards)}")
    laid = order(cards)
    return {"start": start_of(laid), "cards": laid}


def ends(baon: Mapping[str, Any]) -> tuple[int, int]:
    return baon["start"], baon["start"] + len(baon["cards"]) - 1


def extend(baon: Mapping[str, Any], cards: list[str], end: str | None,
           suit_names: Mapping[str, str]) -> dict[str, Any]:
    """The baon with cards added at one end, if "the new cards' values are consecutive with
    the existing cards' values"; `end` ("low"/"high") is needed only when either end would do."""
    low, high = ends(baon)
    laid = order(cards)
    fits: dict[str, dict[str, Any]] = {}
    for side in ("low", "high"):
        run = laid + baon["cards"] if side == "low" else baon["cards"] + laid
        start = low - len(laid) if side == "low" else low
        try:
            if start_of(run) == start:
                fits[side] = {"start": start, "cards": run}
        except RuleError:
            continue
    if end is not None:
        if end not in fits:
            where = f"below {low}" if end == "low" else f"above {high}"
            raise RuleError(f"{_shown(laid).capitalize()} cannot go {where} in the baon of {low} to {high}")
        return fits[end]
    if len(fits) == 2:
        raise RuleError(f"Say where the wild cards go: below {low} or above {high}")
    if not fits:
        what = ", ".join(name(c, suit_names) for c in laid)
        raise RuleError(f"{what} does not extend the run of {low} to {high}: add cards next to either end")
    return next(iter(fits.values()))


def values(baon: Mapping[str, Any]) -> list[int]:
    """The value each card stands for, wilds included."""
    return [baon["start"] + i for i in range(len(baon["cards"]))]
