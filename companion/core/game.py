"""The one small interface every game implements.

A game is a set of pure functions over plain JSON-compatible data. The session
owns turns of undo/redo and the log; the game only knows its rules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.core.fields import Field
from companion.core.guide import Teaching, Why
from companion.core.learning import LEARNING, Tip
from companion.core.options import Option

State = dict[str, Any]
Action = dict[str, Any]
Number = int | float


@dataclass(frozen=True)
class ActionSpec:
    """An action type that is legal now, with the choices a screen or button may offer."""

    type: str
    label: str
    # What each field takes, in the vocabulary of companion.core.fields (a choice, a range,
    # a player, a card): boards and buttons offer these without knowing the game.
    fields: Mapping[str, Field] = field(default_factory=dict)
    # Who may take it now, when that is not simply the player whose turn it is (a BLOCK may
    # be played by anyone attacked); None: only `Expected.turn`, or anyone when turn is None.
    by: tuple[str, ...] | None = None
    # A touch that ends something for its player (a Pass ending one's round): boards make it
    # harder to hit by accident.
    weighty: bool = False
    # The fields whose offered values are not each accepted, with the reason in words: values that
    # must fit together (a run of cards, the places cards are drawn from in turn) or depend on what
    # the table has not told the app (a hand's cards). A value not offered is still refused; every
    # other field is exact: with these filled to fit, each value it offers is accepted
    # (tests/test_every_game_legal_exact.py holds every game to that).
    loose: Mapping[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.type,
            "label": self.label,
            "fields": {name: f.to_json() for name, f in self.fields.items()},
        }
        if self.by is not None:
            out["by"] = list(self.by)
        if self.weighty:
            out["weighty"] = True
        return out


@dataclass(frozen=True)
class Expected:
    """What the table is waiting for: whose turn it is and which actions are legal."""

    turn: str | None
    prompt: str
    legal: tuple[ActionSpec, ...] = ()

    def allows(self, action_type: str) -> bool:
        return any(spec.type == action_type for spec in self.legal)

    def spec(self, action_type: str) -> ActionSpec | None:
        """The legal action of this type now, or None."""
        return next((s for s in self.legal if s.type == action_type), None)

    def may_act(self, action_type: str, player: str) -> bool:
        """True when `player` may take this (legal) action now."""
        spec = self.spec(action_type)
        if spec is None:
            return False
        if spec.by is not None:
            return player in spec.by
        return self.turn is None or self.turn == player

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


@dataclass(frozen=True)
class Secret:
    """Something at the table that not everyone may know yet: the public view must not show it.

    `slot` is where the public view stands for it (a dotted path: "players.1.cards.2"); the
    value there may say that something is there ("face": "down") but never any of the keys in
    `conceals`. `known` says whether the app itself holds the value (a card everyone saw
    turned face-down) or never learns it before it is revealed (a cone still on the board).
    """

    slot: str
    what: str
    known: bool = True
    conceals: tuple[str, ...] = ("value",)


class Game(ABC):
    """A game plug-in. Instances hold no state; every method is a pure function of its arguments.

    docs/new-game.md says how to add one, with the smallest complete game as its example.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    # What a player's score counts, for a heading over the scores ("tokens", "points", "lives").
    score_label: ClassVar[str] = "score"
    # Said on the players screen: in which order to enter the players.
    seat_hint: ClassVar[str] = "In seat order: play goes round the list."
    # Every action the game knows, with the fields each may carry besides the envelope
    # (type, by, source): the session refuses any other type or field before the rules see it.
    actions: ClassVar[Mapping[str, frozenset[str]]] = {}
    # Offered on the table's menu; False for a game kept for tests and as an example.
    listed: ClassVar[bool] = True
    # The die the game rolls, its faces as strings exactly as its roll action's `face` takes them
    # ("1" ... "6", or words like "peek"): the table tells the dice tray to roll these faces when
    # the game starts or resumes. None for a game without a die.
    die: ClassVar[tuple[str, ...] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game on the menu can be a learning game (companion/core/learning.py): its
        options end with that one, off by default, so the options screen, the store and a
        replay treat it as any other option and no game declares it by hand."""
        super().__init_subclass__(**kwargs)
        if getattr(cls, "listed", True) and all(o.name != LEARNING.name for o in cls.options):
            cls.options = (*cls.options, LEARNING)

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

    def scores(self, state: State) -> Mapping[str, Number]:
        """Each player's score now, counted in `score_label`; {} for a game that keeps none."""
        return {}

    def describe(self, event: Mapping[str, Any]) -> str:
        """One of this game's events in words: the touchscreen, phones and the story all read this."""
        text = event.get("text")
        return text if isinstance(text, str) else str(event.get("type", "")).replace("_", " ")

    def secrets(self, state: State) -> list[Secret]:
        """What exists at the table but is not known to all yet (face-down cards, cones in play)."""
        return []

    def disguises(self, state: State) -> list[State]:
        """The same state with every known secret given other values.

        The public view, the legal actions, the result and the events of each must equal the
        real one's: that is how a test proves no payload depends on a secret.
        """
        return []

    # The event types that are scoring lines, limits reached or eliminations: each must have a
    # Why (the suite holds every game to it).
    explained: ClassVar[frozenset[str]] = frozenset()

    def tips(self, before: State, after: State, action: Action) -> tuple[Tip, ...]:
        """In a learning game: the rules that matter for the first time after this move (the
        session tells each once a game). Read only public things: a tip is shown to everyone."""
        return ()

    def why(self, event: Mapping[str, Any]) -> Why | None:
        """For an event of `explained`: the numbers that went in and the rule behind them, from the
        event itself (an event carries what its why needs; never a hidden value). None otherwise."""
        return None

    def teach(self, state: State, expected: Expected) -> Teaching:
        """Its own words for "What now?" (companion/core/guide.py): each legal move said as players
        say it, why the buttons a board greys now are greyed, and the section of its rules page
        (rules.md in its package) behind this step. Anything left out is said from the legal list."""
        return Teaching()

    def wrong_player(self, state: State, action: Action, expected: Expected) -> str:
        """Why `action["by"]` may not act now, in the game's words."""
        spec = expected.spec(action["type"])
        if spec is not None and spec.by is not None:
            who = " or ".join(spec.by) if spec.by else "nobody"
            return f"Only {who} may do that now, not {action['by']}"
        return f"It is {expected.turn}'s turn, not {action['by']}'s"
