"""Helpers for Bonbon tests: a started session, card entries, and reading the public view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.core import RuleError, Session
from companion.core.fields import Choice, Depends, Range
from companion.games.bonbon import Bonbon
from companion.replay import replay

SCRIPTS = Path(__file__).parent / "scripts"
GAME = Bonbon()


def started(players=("Ann", "Ben", "Cy"), tiles=("three", "zeros", "ones"), first=None, **options) -> Session:
    """A session with the bonus tiles laid out, at the first player's first turn."""
    s = Session(GAME, list(players), options)
    start: dict[str, Any] = {"type": "start", "tiles": list(tiles)}
    if first:
        start["first"] = first
    s.dispatch(start)
    return s


def up(value: int, kind: str = "regular", **extra: Any) -> dict[str, Any]:
    return {"type": "draw", "face": "up", "kind": kind, "value": value, **extra}


def zero(*revealed: int) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "draw", "face": "up", "kind": "zero"}
    if revealed:
        action["revealed"] = list(revealed)
    return action


def down() -> dict[str, Any]:
    return {"type": "draw", "face": "down"}


PASS = {"type": "pass"}
END = {"type": "end_turn"}


def play(s: Session, *actions: dict[str, Any]) -> None:
    for action in actions:
        s.dispatch(action)


def view(s: Session) -> dict[str, Any]:
    return s.view()["view"]


def player(s: Session, name: str) -> dict[str, Any]:
    return next(p for p in view(s)["players"] if p["name"] == name)


def cards(s: Session, name: str) -> list[dict[str, Any]]:
    return player(s, name)["cards"]


def line(s: Session, name: str) -> dict[str, Any]:
    return next(row for row in view(s)["scoring"]["lines"] if row["player"] == name)


def total(s: Session) -> int:
    return view(s)["collective"]["total"]


def legal_types(s: Session) -> list[str]:
    return [spec.type for spec in s.expected().legal]


def run_script(name: str) -> Session:
    return replay((SCRIPTS / name).read_text().splitlines())


def refused(s, action, message):
    """The rules refuse `action` with `message`, and the game is exactly as it was."""
    before, revision = s.state, s.revision
    with pytest.raises(RuleError, match=message):
        s.dispatch(action)
    assert s.state == before and s.revision == revision


def plain(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events without the words the session adds to each (the game's own fields only): its text,
    and for a limit, elimination or scoring line its Why? lines and rule."""
    return [{k: v for k, v in e.items() if k not in ("text", "why", "rule")} for e in events]


# -- the typed fields of a legal action, read back as the facts a test checks -------------------


def spec(s: Session, kind: str):
    return next(item for item in s.expected().legal if item.type == kind)


def offered(field: Choice) -> list[Any]:
    """The values a choice offers now (greyed options left out)."""
    return [p.value for p in field.picks if p.enabled]


def cases(field: Depends) -> dict[Any, Any]:
    return dict(field.cases)


def targets(spec_) -> list[dict[str, Any]]:
    """The cards an effect may aim at, {"player", "card"} in seat and row order (a peek adds
    "value_needed": whether the table enters the card's value)."""
    fields = spec_.fields
    if "cards" in fields:  # a swap: the two cards are one choice
        return offered(fields["cards"])
    out = []
    for name, card in fields["card"].cases:
        for position in offered(card):
            item: dict[str, Any] = {"player": name, "card": position}
            if "value" in fields:
                value = cases(fields["value"]).get(name)
                item["value_needed"] = value is not None and value.applies({"card": position})
            out.append(item)
    return out


def zero_reveals(s: Session) -> list[int]:
    """Positions (from 1) of the face-down cards a zero would turn over that need a value."""
    field: Range | None = spec(s, "draw").fields.get("revealed")
    return [int(slot.rsplit(".", 1)[1]) + 1 for slot in field.slots] if field else []
