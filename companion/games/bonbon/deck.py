"""What the deck can hold: warnings about entries no real deck allows. Warnings never block play."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.core.errors import SetupError
from companion.games.bonbon import cards as c
from companion.games.bonbon.reveal import turned_over

# "Card distribution": 29 regular, 8 must play face-up, 10 special effects cards
# (2 of each), 7 zeros; 54 bonbon cards.
DECK_SIZE = 54
KIND_COUNTS = {
    c.MUST_UP: 8,
    c.ZERO: 7,
    **{effect: 2 for effect in c.EFFECTS},
}


def parse_deck_values(text: str, max_value: int) -> dict[str, int]:
    """The `deck_values` option ("1:8 2:8 3:8 ...", how many cards show each value), or SetupError."""
    counts: dict[str, int] = {}  # JSON keys are text
    for item in text.replace(",", " ").split():
        value, sep, count = item.partition(":")
        if not sep or not value.isdigit() or not count.isdigit():
            raise SetupError(f"option 'deck_values' must look like \"1:8 2:8 3:8\", not {item!r}")
        v, n = int(value), int(count)
        if not 1 <= v <= max_value:
            raise SetupError(f"option 'deck_values' lists the value {v}, outside 1 to max_value ({max_value})")
        if str(v) in counts:
            raise SetupError(f"option 'deck_values' lists the value {v} twice")
        counts[str(v)] = n
    if sum(counts.values()) > DECK_SIZE - KIND_COUNTS[c.ZERO]:
        raise SetupError(f"option 'deck_values' counts more cards than the deck's {DECK_SIZE - KIND_COUNTS[c.ZERO]} non-zero cards")
    return counts


def warnings(state: dict[str, Any]) -> list[str]:
    """Entries this round that no real deck allows; only cards whose value or kind the table can see count."""
    if state.get("phase") not in ("play", "reveal", "scored", "over"):
        return []
    kinds: Counter[str] = Counter()
    values: Counter[int] = Counter()
    for name, row in state["rows"].items():
        shown = turned_over(state, name)
        for card in row:
            # A face-down card counts only once its owner's cards are turned over at the reveal,
            # even one whose value the app knows (turned face-down by an effect): until then a
            # warning must not hint at it, nor ever for an eliminated player, who never reveals.
            if card["face"] != c.UP and not shown:
                continue
            if card["kind"] is not None:
                kinds[card["kind"]] += 1
            if card["value"] is not None and card["value"] != 0:
                values[card["value"]] += 1
    out = []
    if state["drawn"] > DECK_SIZE:
        out.append(f"{state['drawn']} cards drawn this round, but the deck has {DECK_SIZE}")
    for kind, most in KIND_COUNTS.items():
        if kinds[kind] > most:
            out.append(f"{kinds[kind]} {c.KIND_LABELS[kind]}s on the table, but the deck has {most}")
    deck = state["deck_values"]
    if deck:
        for value in sorted(values):
            most = deck.get(str(value), 0)
            if values[value] > most:
                out.append(f"{values[value]} cards showing {value} on the table, but the deck has {most}")
    return out
