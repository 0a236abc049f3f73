"""The small vocabulary in which a game says what an action takes.

Boards, the phone and the physical controls offer any game's choices from these alone,
so no adapter learns a game's conventions by hand:

    Choice   one (or `count`) of a few labelled options       a card's kind, a bonus tile
    Range    a whole number between two bounds                 a card's value, a total
    Players  one (or `count`) of the players                   who starts, whose card
    Cards    one (or `count`) card of a known deck             the card played to a trick

A field may be asked only `when` other fields hold certain values (a zero's revealed values
only when the kind is "zero"), and a field may be `optional`. Every field checks a value it
is given and words the refusal for players, so a game need not repeat its own type checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

CHOICE = "choice"
RANGE = "range"
PLAYERS = "players"
CARDS = "cards"


@dataclass(frozen=True)
class Pick:
    """One option of a choice: the value the action carries and the words a button shows."""

    value: Any
    label: str
    # False: shown but greyed (a card already played, a tile already taken): the pad keeps its
    # place, so a second tap never lands on another option.
    enabled: bool = True
    # Free words under the label (what a tile scores, a card's colour name); never a hidden value.
    detail: str = ""
    # Options of the same group are shown together (a card's colour, a player's row).
    group: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value, "label": self.label}
        if not self.enabled:
            out["enabled"] = False
        if self.detail:
            out["detail"] = self.detail
        if self.group:
            out["group"] = self.group
        return out


@dataclass(frozen=True)
class Field:
    """What one field of an action takes; subclasses say how it is offered and checked."""

    label: str
    optional: bool = field(default=False, kw_only=True)
    # Asked only while other fields hold one of these values: {"kind": ("zero",)}.
    when: Mapping[str, tuple[Any, ...]] = field(default_factory=dict, kw_only=True)

    kind = ""

    def applies(self, action: Mapping[str, Any]) -> bool:
        """True when this field is asked for, given the other fields already chosen."""
        return all(action.get(name) in values for name, values in self.when.items())

    def check(self, name: str, value: Any) -> str | None:
        """None when `value` is acceptable, else a sentence saying why not."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "label": self.label}
        if self.optional:
            out["optional"] = True
        if self.when:
            out["when"] = {k: list(v) for k, v in self.when.items()}
        return out


@dataclass(frozen=True)
class Choice(Field):
    """One of a few labelled options, or `count` different ones (a list) when count > 1.

    With `count_max`, a list of `count` to `count_max` of them (a run of cards laid at once);
    with `repeats`, the same option may come more than once (two wild cards in one run).
    """

    picks: tuple[Pick, ...] = ()
    count: int = 1
    count_max: int | None = None
    repeats: bool = False

    kind = CHOICE

    @property
    def values(self) -> list[Any]:
        return [p.value for p in self.picks if p.enabled]

    def check(self, name: str, value: Any) -> str | None:
        if self.count == 1 and self.count_max is None:
            return None if _among(value, self.values) else self._refusal(name, value)
        if self.count_max is not None:
            if not isinstance(value, list) or not self.count <= len(value) <= self.count_max:
                return f"Choose {self.count} to {self.count_max} for {self.label.lower() or name}"
        elif not isinstance(value, list) or len(value) != self.count:
            return f"Choose {self.count} for {self.label.lower() or name}"
        if any(not _among(v, self.values) for v in value):
            return self._refusal(name, value)
        if not self.repeats and len({_key(v) for v in value}) != len(value):
            how_many = "" if self.count_max is not None else f" {self.count}"
            return f"Choose{how_many} different ones for {self.label.lower() or name}"
        return None

    def _refusal(self, name: str, value: Any) -> str:
        offered = ", ".join(p.label for p in self.picks if p.enabled)
        return f"{_shown(value)} is not a choice for {self.label.lower() or name} now" + (
            f" (choices: {offered})" if offered else "")

    def label_of(self, value: Any) -> str:
        """The words for a value this field offers (the value itself when not offered)."""
        return next((p.label for p in self.picks if _key(p.value) == _key(value)), _shown(value))

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["options"] = [p.to_json() for p in self.picks]
        if self.count != 1 or self.count_max is not None:
            out["count"] = self.count
        if self.count_max is not None:
            out["count_max"] = self.count_max
        if self.repeats:
            out["repeats"] = True
        return out


@dataclass(frozen=True)
class Players(Choice):
    """One of the players (or `count` of them), by name."""

    kind = PLAYERS

    @classmethod
    def of(cls, label: str, names: Iterable[str], *, enabled: Iterable[str] | None = None, **kw: Any) -> Players:
        allowed = None if enabled is None else set(enabled)
        picks = tuple(Pick(n, n, allowed is None or n in allowed) for n in names)
        return cls(label, picks=picks, **kw)


@dataclass(frozen=True)
class Cards(Choice):
    """A card of a known deck: every card of the deck is offered, those out of play greyed."""

    deck: str = ""

    kind = CARDS

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["deck"] = self.deck
        return out


@dataclass(frozen=True)
class Range(Field):
    """A whole number from `minimum` to `maximum`; `count` > 1 asks for a list of them."""

    minimum: int = 0
    maximum: int = 0
    count: int = 1

    kind = RANGE

    def check(self, name: str, value: Any) -> str | None:
        values = value if self.count != 1 else [value]
        if self.count != 1 and (not isinstance(value, list) or len(value) != self.count):
            return f"Enter {self.count} values for {self.label.lower() or name}"
        for v in values:
            if not _whole(v) or not self.minimum <= v <= self.maximum:
                return f"{self.label or name} is a whole number from {self.minimum} to {self.maximum}, not {_shown(v)}"
        return None

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out.update(minimum=self.minimum, maximum=self.maximum)
        if self.count != 1:
            out["count"] = self.count
        return out


def check_fields(fields: Mapping[str, Field], action: Mapping[str, Any]) -> str | None:
    """The first reason the action's fields do not fit what the legal action takes, or None."""
    for name, spec in fields.items():
        if not spec.applies(action):
            continue
        if name not in action or action[name] is None:
            if spec.optional:
                continue
            return f"Say {spec.label.lower() or name}"
        why = spec.check(name, action[name])
        if why:
            return why
    return None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _key(value: Any) -> Any:
    """A hashable, type-strict stand-in for a JSON value (so True never equals 1)."""
    if isinstance(value, list):
        return ("list", tuple(_key(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple(sorted((k, _key(v)) for k, v in value.items())))
    return (type(value).__name__, value)


def _among(value: Any, values: Iterable[Any]) -> bool:
    key = _key(value)
    return any(_key(v) == key for v in values)


def _shown(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= 40 else text[:37] + "..."
