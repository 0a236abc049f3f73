"""The pure table core: games, actions, sessions. No hardware, UI, network or database imports.

Its names are imported when first used (PEP 562): a table showing Home before its first frame
needs the errors and the menu, not the whole of the rules' machinery, and `from companion.core
import controls` should not pay for sessions either.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "RuleError": "errors",
    "SetupError": "errors",
    "ActionSpec": "game",
    "Expected": "game",
    "Game": "game",
    "GameResult": "game",
    "Option": "options",
    "Change": "session",
    "Session": "session",
    "MemoryTimeline": "timeline",
    "Timeline": "timeline",
}

__all__ = sorted(_WHERE)

if TYPE_CHECKING:
    from companion.core.errors import RuleError, SetupError
    from companion.core.game import ActionSpec, Expected, Game, GameResult
    from companion.core.options import Option
    from companion.core.session import Change, Session
    from companion.core.timeline import MemoryTimeline, Timeline


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        # Not an export: `from companion.core import controls` then imports the submodule.
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value
