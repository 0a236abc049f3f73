"""The fields every action may carry besides its own (docs/actions.md, "The envelope")."""

from collections.abc import Iterable
from typing import Any

ENVELOPE = frozenset({"type", "by", "source"})


def unknown_field(action: dict[str, Any], takes: Iterable[str]) -> str | None:
    """The first field an action carries that is neither envelope nor one it takes (typos must not pass)."""
    extra = sorted(set(action) - ENVELOPE - set(takes))
    return extra[0] if extra else None
