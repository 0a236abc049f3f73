"""Baon's words: token names, card names and every event, in one wording for the touchscreen,
the phones and the story of a past game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TOKEN_NAMES = {
    "biggest": "Biggest Baon",
    "baons": "Most Baons",
    "treats": "Most Treats",
    "generous": "Most Generous",
}
# What each token counts, under its name on a screen.
TOKEN_COUNTS = {
    "biggest": "cards in one baon",
    "baons": "baons",
    "treats": "wild cards in baons",
    "generous": "generosity cubes",
}
LINE_NAMES = {
    "variety": "Variety bonuses",
    "generosity": "Generosity (3 each)",
    "tokens": "Bonus tokens",
    "food_both": "Food matching container and favourite (5 each)",
    "food_one": "Food matching one of them (3 each)",
    "food_neither": "Food matching neither (1 each)",
    "wilds": "Treats (1 each)",
}


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def names_or(names: list[str]) -> str:
    """"Adobo, Lumpia or Pancit"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def names_and(names: list[str]) -> str:
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def card_text(c: str, suits: Mapping[str, str], value: int | None = None) -> str:
    """"Adobo 5", or a wild with the value it stands for: "wild (4)"."""
    if c == "w":
        return "wild" if value is None else f"wild ({value})"
    return f"{suits.get(c[0], c[0])} {c[1:]}"


def cards_text(cards: list[str], suits: Mapping[str, str], low: int | None = None) -> str:
    """Cards laid low to high; from `low`, each wild says the value it stands for."""
    return ", ".join(card_text(c, suits, None if low is None else low + i) for i, c in enumerate(cards))


def source_text(source: Any) -> str:
    return "the pile" if source == "pile" else f"space {source}"


def _took(e: Mapping[str, Any]) -> str:
    sources = e["sources"]
    n = len(sources)
    if all(src == "pile" for src in sources):
        return f"{e['player']} took {plural(n, 'card')} from the pile"
    where = [source_text(src) for src in sources]
    if n == 1:
        return f"{e['player']} took 1 card from {where[0]}"
    return f"{e['player']} took {n} cards: from {names_and(where)}"


def _added(e: Mapping[str, Any]) -> str:
    suits = e.get("suits", {})
    container = suits.get(e["container"], e["container"])
    cards = cards_text(e["cards"], suits, e.get("low"))
    if e["owner"] == e["player"]:
        return f"{e['player']} added {cards} to their {container} baon"
    return (f"{e['player']} shared {cards} to {e['owner']}'s {container} baon: "
            f"+{e['cubes']} generosity")


def _over(e: Mapping[str, Any]) -> str:
    how = {"points": "", "generosity": " (tied on points: most generosity)",
           "shared": " (tied on points and generosity: a shared victory)"}[e["decided"]]
    return f"{names_and(e['winners'])} {'wins' if len(e['winners']) == 1 else 'win'} with {e['points']} points{how}"


NEWS = {
    "took": _took,
    "discarded": lambda e: f"{e['player']} discarded a card onto space {e['space']}",
    "baon": lambda e: f"{e['player']} packed a baon in the {e['suits'].get(e['container'], e['container'])} "
    f"container: {cards_text(e['cards'], e['suits'], e.get('low'))}",
    "added": _added,
    "favourite": lambda e: f"{e['player']} picked {e['name']} as favourite food",
    "claimed": lambda e: f"{e['player']} claimed {TOKEN_NAMES[e['token']]}"
    + (f" from {e['from']}" if e.get("from") else ""),
    "lola": lambda e: f"{e['player']} revealed Lola: finish this turn, then everybody has one last turn",
    "lola_dealt": lambda e: f"Lola's {plural(e['cards'], 'card')} went to the countertop. Last round: "
    "draw 1 card, then play",
    "generosity": lambda e: f"{e['player']} has {plural(e['cubes'], 'generosity cube')}",
    "removed": lambda e: f"{e['player']}'s {e['name']} baon was taken off to be entered again",
    "game_over": _over,
}


def event_text(event: Mapping[str, Any]) -> str:
    """Any Baon event in words."""
    said = NEWS.get(event.get("type", ""))
    return said(event) if said else ""
