"""The pure table core: games, actions, sessions. No hardware, UI, network or database imports."""

from companion.core.errors import RuleError, SetupError
from companion.core.game import ActionSpec, Expected, Game, GameResult
from companion.core.options import Option
from companion.core.session import Change, Session
from companion.core.timeline import MemoryTimeline, Timeline

__all__ = [
    "ActionSpec",
    "Change",
    "Expected",
    "Game",
    "GameResult",
    "MemoryTimeline",
    "Option",
    "RuleError",
    "Session",
    "SetupError",
    "Timeline",
]
