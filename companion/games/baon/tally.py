"""Scoring only: a table that played without the app enters each player's baons, cubes,
tokens and favourite at the end, and gets the same line-by-line count."""

from __future__ import annotations

from typing import Any

State = dict[str, Any]
Action = dict[str, Any]
MAX_CUBES = 99


def set_generosity(state: State, action: Action) -> None:
    state["generosity"][action["player"]] = action["cubes"]


def remove_baon(state: State, action: Action) -> None:
    """A baon entered in the wrong container or with a wrong card: take it off and enter it again."""
    del state["baons"][action["player"]][action["container"]]


def score(state: State, action: Action) -> None:
    state["step"] = "over"
