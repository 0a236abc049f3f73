""""What now?": who may act, each kind of move open to them, why greyed things are greyed, and
the rule behind the step, read from the game's legal list (Game.expected) and its own words.

Nothing here knows a game. A game teaches through one method, Game.teach(state, expected),
which returns a Teaching: its words for each legal move, its reasons for what a board shows
greyed, and the section of its rules page (companion/games/<id>/rules.md) that governs the
step. What a game leaves out is said from the legal list itself, so a new game teaches from
its first day, only less well.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.core.fields import Field, Pick

if TYPE_CHECKING:
    from companion.core.game import ActionSpec, Expected, Game

State = dict[str, Any]

# A greyed list longer than this says how many more: "What now?" is read standing at a table.
GREYED_SHOWN = 6
# Greyed options of one field with one reason are named together up to this many, then counted.
NAMES_SHOWN = 5


@dataclass(frozen=True)
class Greyed:
    """Something a board shows but will not take now, and why, in players' words."""

    what: str
    why: str

    def to_json(self) -> dict[str, str]:
        return {"what": self.what, "why": self.why}


@dataclass(frozen=True)
class Teaching:
    """What a game says about the moment; every part may be left out (the legal list speaks)."""

    # Players' words for each legal move, by action type: "play a card of the Prime colour".
    moves: Mapping[str, str] = field(default_factory=dict)
    # Buttons a board shows greyed now (moves of the game that are not legal now), with why.
    greyed: tuple[Greyed, ...] = ()
    # The section of the rules page behind this step (its heading's id, rules_page.slug).
    rule: str = ""


@dataclass(frozen=True)
class Why:
    """Why a scoring line, limit or elimination came out as it did (Game.why): the numbers that
    went in, one line a player ("Ann 13: 9 points of cards + 4 for the Most Treats token"), and
    the section of the rules page that made it."""

    lines: tuple[str, ...]
    rule: str


@dataclass(frozen=True)
class Move:
    """One kind of move open now: its action type, who may take it, and what it is in words."""

    type: str
    by: tuple[str, ...]
    words: str

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "by": list(self.by), "words": self.words}


@dataclass(frozen=True)
class Guide:
    """The answer to "What now?"."""

    prompt: str
    who: tuple[str, ...]
    moves: tuple[Move, ...]
    greyed: tuple[Greyed, ...]
    more_greyed: int  # greyed things not listed (GREYED_SHOWN)
    rule: str  # a section id of the game's rules page, "" when the game names none

    def to_json(self) -> dict[str, Any]:
        return {"prompt": self.prompt, "who": list(self.who), "moves": [m.to_json() for m in self.moves],
                "greyed": [g.to_json() for g in self.greyed], "more_greyed": self.more_greyed,
                "rule": self.rule}


def guide(game: Game, state: State, players: tuple[str, ...]) -> Guide:
    """What now, for the game in `state` among `players`: exactly the legal list, in words."""
    expected = game.expected(state)
    teaching = game.teach(state, expected)
    moves = tuple(Move(spec.type, _who(spec, expected, players), teaching.moves.get(spec.type) or
                       default_words(spec)) for spec in expected.legal)
    who = tuple(p for p in players if any(p in m.by for m in moves))
    greyed = [*teaching.greyed, *_greyed_options(expected.legal)]
    return Guide(expected.prompt, who, moves, tuple(greyed[:GREYED_SHOWN]),
                 max(0, len(greyed) - GREYED_SHOWN), teaching.rule)


def _who(spec: ActionSpec, expected: Expected, players: tuple[str, ...]) -> tuple[str, ...]:
    if spec.by is not None:
        return tuple(spec.by)
    if expected.turn is not None:
        return (expected.turn,)
    return players  # anyone at the table (a setting-up step, a score entered for all)


def default_words(spec: ActionSpec) -> str:
    """A move said from its spec alone: its label, and what it asks for."""
    asks = [f.label.lower() for f in spec.fields.values() if not f.optional and f.label]
    if not asks:
        return spec.label
    return f"{spec.label}: choose {_join(asks)}"


def _greyed_options(legal: tuple[ActionSpec, ...]) -> list[Greyed]:
    """The options a pad shows greyed, grouped by their reason: "Blue 4, Red 2: already played"."""
    out: list[Greyed] = []
    seen: set[tuple[str, str]] = set()
    for spec in legal:
        for f in spec.fields.values():
            by_reason: dict[str, list[str]] = {}
            for pick in _picks(f):
                if not pick.enabled:
                    by_reason.setdefault(pick.why or "not on offer now", []).append(pick.label)
            for why, labels in by_reason.items():
                key = (f.label, why)
                if key in seen:  # two moves offering the same pad (a card to play, a card to lay)
                    continue
                seen.add(key)
                out.append(Greyed(_names(labels), why))
    return out


def _picks(f: Field) -> tuple[Pick, ...]:
    picks = getattr(f, "picks", ())
    return tuple(picks) if isinstance(picks, tuple | list) else ()


def _names(labels: list[str]) -> str:
    labels = [" ".join(label.split()) for label in labels]  # a pad's two-line labels read as one
    if len(labels) <= NAMES_SHOWN:
        return ", ".join(labels)
    return f"{', '.join(labels[:NAMES_SHOWN])} and {len(labels) - NAMES_SHOWN} more"


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
