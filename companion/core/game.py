"""The one small interface every game implements.

A game is a set of pure functions over plain JSON-compatible data. The session
owns turns of undo/redo and the log; the game only knows its rules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.core.options import Option

State = dict[str, Any]
Action = dict[str, Any]


@dataclass(frozen=True)
class ActionSpec:
    """An action type that is legal now, with the choices a screen or button may offer."""

    type: str
    label: str
    # Free-form limits for the action's fields, e.g. {"value": [0, 1, 2]}; plain JSON.
    fields: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "label": self.label, "fields": dict(self.fields)}


@dataclass(frozen=True)
class Expected:
    """What the table is waiting for: whose turn it is and which actions are legal."""

    turn: str | None
    prompt: str
    legal: tuple[ActionSpec, ...] = ()

    def allows(self, action_type: str) -> bool:
        return any(spec.type == action_type for spec in self.legal)

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "prompt": self.prompt, "legal": [s.to_json() for s in self.legal]}


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended, for the history list."""

    winners: tuple[str, ...]
    summary: str
    scores: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "summary": self.summary, "scores": dict(self.scores)}


class Game(ABC):
    """A game plug-in. Instances hold no state; every method is a pure function of its arguments."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    # What a player's score counts, for a heading over the scores ("tokens", "points").
    score_label: ClassVar[str] = "score"

    @abstractmethod
    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """The state before the first action; options are already checked and complete."""

    @abstractmethod
    def apply(self, state: State, action: Action) -> State:
        """The state after an action, or RuleError with a message a player understands.

        The session hands over a private copy of the state, so a game may change
        it in place; it must raise before returning on any refusal.
        """

    @abstractmethod
    def public_view(self, state: State) -> dict[str, Any]:
        """Plain JSON any screen or phone may show: nothing hidden at the table is in it."""

    @abstractmethod
    def expected(self, state: State) -> Expected:
        """Whose turn it is and which actions are legal now."""

    def result(self, state: State) -> GameResult | None:
        """None while the game runs; how it ended once it is over."""
        return None

    def events(self, before: State, after: State, action: Action) -> list[dict[str, Any]]:
        """One-off happenings worth announcing (a roll, an elimination); never hidden values."""
        return []

    def control(self, state: State, control: str) -> Action | None:
        """The action a physical control means now (see companion.core.controls), or None."""
        return None
