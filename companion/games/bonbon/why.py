"""Why? for Bonbon: a player out of the round, a round stopped, its scoring line by line and the
game's end, each from the event alone (companion/core/guide.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.guide import Why
from companion.games.bonbon.limits import PERSONAL_LIMIT
from companion.games.bonbon.words import DECIDED, TILE_SHORT

LIMITS, SCORING, WINNING, END = "the-limits", "scoring", "winning-the-game", "end-of-a-round"


def _names(names: list[str]) -> str:
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def why(event: Mapping[str, Any]) -> Why | None:
    kind = event.get("type")
    if kind == "eliminated":
        return Why((_eliminated(event),), LIMITS)
    if kind == "collective_overflow":
        return Why((f"The table's face-up total is {event['total']}, over the collective limit of {event['limit']}: "
                    "the round stops and the player on turn is out",), LIMITS)
    if kind == "round_over":
        return _round_over(event)
    if kind == "round_won":
        tied = event["decided_by"] != "points"
        return Why((*(_line(line, tied) for line in event["lines"]), _decided(event)), SCORING)
    if kind == "game_won":
        counted = ", ".join(f"{p} {n}" for p, n in event["tokens"].items())
        return Why((f"{_names(list(event['winners']))} reached {event['needed']} bonbon tokens, which wins the game "
                    f"(tokens: {counted})",), WINNING)
    return None


def _eliminated(event: Mapping[str, Any]) -> str:
    who = event["player"]
    if event["reason"] == "collective":
        return (f"{who} is out: the table's face-up cards reached {event['total']}, over the collective limit of "
                f"{event['limit']} for {event['players']} players, on {who}'s move")
    tokens = event["tokens"]
    less = f"{PERSONAL_LIMIT} less {tokens} for bonbon tokens" if tokens else "no bonbon token yet"
    return (f"{who} is out: face-up cards worth {event['face_up']}, over the personal limit of "
            f"{event['limit']} ({less})")


def _round_over(event: Mapping[str, Any]) -> Why:
    if event["reason"] == "collective_limit":
        return Why((f"The table's face-up cards reached {event['total']}, over the collective limit of "
                    f"{event['limit']} for {event['players']} players: the round stopped at once",), LIMITS)
    lines = ["Everyone passed or is out: nobody is left to draw"]
    if event["passed"]:
        lines.append(f"Passed: {_names(list(event['passed']))}")
    if event["out"]:
        lines.append(f"Out: {_names(list(event['out']))}")
    return Why(tuple(lines), END)


def _line(line: Mapping[str, Any], tied: bool) -> str:
    """"Ann 14: 9 in card numbers + 2 for face-down sets of 3 and 1 + 3 for the +3 points tile"."""
    who = line["player"]
    if line["eliminated"]:
        return f"{who} scores nothing: out of the round"
    parts = [f"{line['card_values']} in card numbers"]
    groups = [n for n in line["face_down_sets"] if n > 1]
    if groups:
        sizes = _names([str(n) for n in groups])
        parts.append(f"{line['sets_points']} for face-down {'sets' if len(groups) > 1 else 'set'} of {sizes}")
    if line["tile"]:
        parts.append(f"{line['tile_points']} for the {TILE_SHORT.get(line['tile'], line['tile'])} tile")
    said = f"{who} {line['total']}: {' + '.join(parts)}"
    if tied:  # the tie-breaks: cards played (zeros aside), then face-down cards
        said += f" ({_n(line['cards_played'], 'card')} played, {line['face_down_cards']} face-down)"
    return said


def _decided(event: Mapping[str, Any]) -> str:
    winners = list(event["winners"])
    if not winners:
        return "Nobody scored: no bonbon token this round"
    takes = "takes a bonbon token" if len(winners) == 1 else "take a bonbon token"
    how = DECIDED.get(event["decided_by"], event["decided_by"])
    top = f", the best {event['places']} scores" if event["places"] > 1 else ""
    return f"{_names(winners)} {takes}{top}: {how}"
