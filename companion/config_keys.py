"""How a configuration key is declared; each adapter declares its own keys next to its code."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Key:
    section: str
    name: str
    default: Any
    help: str
    check: Callable[[Any], str | None] | None = None  # returns what is wrong, or None


def one_of(*allowed: str) -> Callable[[Any], str | None]:
    return lambda v: None if v in allowed else f"must be one of {', '.join(map(repr, allowed))}"


def between(low: float, high: float) -> Callable[[Any], str | None]:
    return lambda v: None if low <= v <= high else f"must be from {low} to {high}"


def folder_path(v: str) -> str | None:
    """A folder's path the system can use: no NUL (no file name may hold one), a home that exists."""
    if not v.strip():
        return "must name a folder"
    if "\0" in v:
        return "must not contain a NUL character"
    try:
        Path(v).expanduser()
    except RuntimeError:
        return "names a home folder (~user) that does not exist"
    return None


def topic_word(v: str) -> str | None:
    return None if re.fullmatch(r"[A-Za-z0-9_-]+", v) else "may use only letters, digits, - and _"
