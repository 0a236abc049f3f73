"""Helpers for Baon tests: sessions, scripts with their expectations, refusals that change nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core import RuleError, Session
from companion.games.baon import Baon
from companion.replay import replay

SCRIPTS = Path(__file__).parent / "scripts"
GAME = Baon()


def new(players=("Ann", "Ben", "Cy"), **options: Any) -> Session:
    return Session(GAME, list(players), options)


def play(s: Session, *actions: dict[str, Any]) -> None:
    for action in actions:
        s.dispatch(action)


def view(s: Session) -> dict[str, Any]:
    return s.view()["view"]


def player(s: Session, name: str) -> dict[str, Any]:
    return next(p for p in view(s)["players"] if p["name"] == name)


def token(s: Session, name: str) -> dict[str, Any]:
    return next(m for m in view(s)["majorities"] if m["token"] == name)


def sheet(s: Session, name: str) -> dict[str, Any]:
    return next(row for row in view(s)["scoring"] if row["player"] == name)


def legal_types(s: Session) -> list[str]:
    return [spec.type for spec in s.expected().legal]


def run_script(name: str) -> Session:
    return replay((SCRIPTS / f"{name}.jsonl").read_text().splitlines())


def expectations(name: str) -> dict[str, Any]:
    return json.loads((SCRIPTS / f"{name}.expect.json").read_text())


def at(data: Any, path: str) -> Any:
    """The value at a dotted path ("view.players.0.hand") of a session's view."""
    for part in path.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def refused(s: Session, action: dict[str, Any], message: str) -> None:
    """The rules refuse `action` with exactly `message` (or one starting so), and nothing changes."""
    before, revision, shown = s.state, s.revision, s.view()
    with pytest.raises(RuleError) as caught:
        s.dispatch(action)
    assert caught.value.message.startswith(message), caught.value.message
    assert s.state == before and s.revision == revision and s.view() == shown


TAKE2 = {"type": "take", "sources": ["pile", "pile"]}
END = {"type": "end_turn"}
