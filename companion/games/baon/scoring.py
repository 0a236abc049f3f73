"""The final count, line by line per player, so the table can check it against its own.

"1. Variety Bonuses ... 2. Generosity and Bonus Tokens ... 3. Food Cards"; the winner has the
highest total, a tie goes to the most generosity cubes, and after that the victory is shared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.baon.cards import is_wild, suit_of
from companion.games.baon.tokens import held, points

State = dict[str, Any]
CUBE = 3


def variety(cards: list[str]) -> tuple[int, int]:
    """(different suits, bonus): 4 suits give 5, 5 or 6 give 10; wilds have no suit."""
    suits = len({suit_of(c) for c in cards if not is_wild(c)})
    return suits, 10 if suits >= 5 else 5 if suits == 4 else 0


def card_points(c: str, container: str, favourite: str | None) -> int:
    """5 when a food card matches both its container and its owner's favourite, 3 for one, 1 for
    neither; a wild is worth 1."""
    if is_wild(c):
        return 1
    matches = (suit_of(c) == container) + (favourite is not None and suit_of(c) == favourite)
    return {2: 5, 1: 3, 0: 1}[matches]


def food_breakdown(state: State, player: str) -> dict[str, int]:
    """How many of the player's cards score 5, 3, 1 and how many are wild."""
    fav = state["favourites"][player]
    out = {"both": 0, "one": 0, "neither": 0, "wild": 0}
    for container, baon in state["baons"][player].items():
        for c in baon["cards"]:
            if is_wild(c):
                out["wild"] += 1
            else:
                out[{5: "both", 3: "one", 1: "neither"}[card_points(c, container, fav)]] += 1
    return out


def player_lines(state: State, player: str) -> dict[str, Any]:
    """Every line of one player's score, each with its points, and their sum."""
    baons = []
    for container in state["suits"]:
        baon = state["baons"][player].get(container)
        if baon is None:
            continue
        suits, bonus = variety(baon["cards"])
        baons.append({"container": container, "suits": suits, "points": bonus})
    food = food_breakdown(state, player)
    cubes = state["generosity"][player]
    tokens = [{"token": t, "points": points(state, t)} for t in held(state, player)]
    lines = {
        "variety": sum(b["points"] for b in baons),
        "generosity": cubes * CUBE,
        "tokens": sum(t["points"] for t in tokens),
        "food_both": food["both"] * 5,
        "food_one": food["one"] * 3,
        "food_neither": food["neither"],
        "wilds": food["wild"],
    }
    return {"player": player, "baons": baons, "cubes": cubes, "tokens": tokens, "food": food,
            "lines": lines, "total": sum(lines.values())}


def score_sheet(state: State) -> list[dict[str, Any]]:
    return [player_lines(state, p) for p in state["players"]]


def winners(sheet: list[Mapping[str, Any]]) -> tuple[list[str], str]:
    """Who wins and how it was decided: "points", "generosity" or "shared"."""
    best = max(row["total"] for row in sheet)
    top = [row for row in sheet if row["total"] == best]
    if len(top) == 1:
        return [top[0]["player"]], "points"
    most = max(row["cubes"] for row in top)
    kept = [row["player"] for row in top if row["cubes"] == most]
    return kept, "generosity" if len(kept) == 1 else "shared"
