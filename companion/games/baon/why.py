"""Why? for Baon: the final count part by part, a bonus token's majority and Lola's last round,
each from the event alone (companion/core/guide.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.guide import Why
from companion.games.baon.words import TOKEN_COUNTS, TOKEN_NAMES, names_and, plural

SCORING, TOKENS, LAST = "scoring", "bonus-tokens", "the-last-round"


def why(event: Mapping[str, Any]) -> Why | None:
    kind = event.get("type")
    if kind == "game_over":
        lines = [line for row in event["sheet"] for line in _row(row, event.get("suits", {}))]
        return Why((*lines, _decided(event)), SCORING)
    if kind == "claimed":
        return Why(_claimed(event), TOKENS)
    if kind == "lola":
        return Why((f"{event['player']} drew the pile's last card, so Lola showed: the game's last round begins",
                    "Finish this turn without refilling the spaces; Lola's cards then go one to each space",
                    "Then everybody, the revealer too, takes one final turn"), LAST)
    return None


def _row(row: Mapping[str, Any], suits: Mapping[str, str]) -> list[str]:
    """"Ann 43: 19 points of cards + 10 for varied baons + 12 for 4 generosity cubes + 5 for Most Treats"."""
    lines, food = row["lines"], row["food"]
    cards = lines["food_both"] + lines["food_one"] + lines["food_neither"] + lines["wilds"]
    parts = [f"{cards} points of cards"]
    if lines["variety"]:
        parts.append(f"{lines['variety']} for varied baons")
    if row["cubes"]:
        parts.append(f"{lines['generosity']} for {plural(row['cubes'], 'generosity cube')}")
    parts += [f"{t['points']} for {TOKEN_NAMES[t['token']]}" for t in row["tokens"]]
    out = [f"{row['player']} {row['total']}: {' + '.join(parts)}"]
    said = [f"{n} matching container and favourite ({n * 5})" for n in [food["both"]] if n]
    said += [f"{n} matching one of them ({n * 3})" for n in [food["one"]] if n]
    said += [f"{n} matching neither ({n})" for n in [food["neither"]] if n]
    said += [f"{plural(n, 'treat')} ({n})" for n in [food["wild"]] if n]
    if said:
        out.append(f"{row['player']}'s cards: {', '.join(said)}")
    varied = [f"{suits.get(b['container'], b['container'])} {b['suits']} foods (+{b['points']})"
              for b in row["baons"] if b["points"]]
    if varied:
        out.append(f"{row['player']}'s varied baons: {', '.join(varied)}")
    return out


def _decided(event: Mapping[str, Any]) -> str:
    won = names_and(list(event["winners"]))
    if event["decided"] == "points":
        return f"{won} has the most points: {event['points']}"
    cubes = {row["player"]: row["cubes"] for row in event["sheet"]}
    tied = [row["player"] for row in event["sheet"] if row["total"] == event["points"]]
    counted = ", ".join(f"{p} {cubes[p]}" for p in tied)
    if event["decided"] == "generosity":
        return f"Tied on {event['points']} points, so the most generosity cubes wins ({counted}): {won}"
    return f"Tied on {event['points']} points and on generosity cubes ({counted}): {won} share the win"


def _claimed(event: Mapping[str, Any]) -> tuple[str, ...]:
    token, who = event["token"], event["player"]
    name = f"{TOKEN_NAMES[token]} ({event['points']} points at the end)"
    if event.get("entered"):
        return (f"{who} holds {name}, as the table entered it",)
    counted = ", ".join(f"{p} {n}" for p, n in event["counts"].items())
    lines = [f"{who} has more {TOKEN_COUNTS[token]} than anyone else ({counted}), so takes {name}"]
    if event.get("from"):
        lines.append(f"{event['from']} loses it: a token goes to whoever leads clearly")
    return tuple(lines)
