"""Scoring only: a table that played without the app enters each player's baons, cubes,
tokens and favourite at the end, and gets the same line-by-line count."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError

State = dict[str, Any]
Action = dict[str, Any]
MAX_CUBES = 99


def set_generosity(state: State, action: Action) -> None:
    state["generosity"][action["player"]] = action["cubes"]


def remove_baon(state: State, action: Action) -> None:
    """A baon entered in the wrong container or with a wrong card: take it off and enter it again."""
    player, container = action["player"], action["container"]
    if container not in state["baons"][player]:
        raise RuleError(f"{player} has no baon in the {state['suit_names'][container]} container")
    del state["baons"][player][container]


def score(state: State, action: Action) -> None:
    state["step"] = "over"
