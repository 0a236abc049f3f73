"""Game options: declared by each game, checked once when a game is set up."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import SetupError


@dataclass(frozen=True)
class Option:
    """One setting a table may change before play, e.g. a number the rulebook lost."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = field(default=())
    minimum: int | None = None
    maximum: int | None = None
    # What people read: the options screen's title for it ("Deck values" for deck_values).
    label: str = ""
    # What people read for each of `choices`, in their order (a value such as "last_trick" is the
    # program's name for it, never a player's words).
    choice_labels: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.name.replace("_", " ").capitalize())

    def words(self, value: Any) -> str:
        """A value as players read it: its choice's label, else the value with no underscores."""
        if value in self.choices and len(self.choice_labels) == len(self.choices):
            return self.choice_labels[self.choices.index(value)]
        return str(value).replace("_", " ")

    @property
    def kind(self) -> type:
        return type(self.default)

    def check(self, value: Any) -> Any:
        """Return the value if a table may use it, else raise SetupError naming the option.

        The message names the option by its key, as a game's setup or a replay file does;
        a screen puts it in the label people see with with_labels().
        """
        kind, key = self.kind, f"option {self.name!r}"
        # bool is a subclass of int: keep "true" from passing as 1 and 1 as true.
        if isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
            raise SetupError(f"{key} must be {_kind_name(kind)}, not {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise SetupError(f"{key} must be one of {allowed}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise SetupError(f"{key} must be at least {self.minimum}, not {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise SetupError(f"{key} must be at most {self.maximum}, not {value!r}")
        return value


def with_labels(message: str, declared: Iterable[Option]) -> str:
    """A message with each option's key ("option 'deck_values'", max_value) put as its label.

    Setup messages name options by key, as the code, a game's own checks (a deck's make-up,
    say) and a replay file do; the table shows labels, so on screen a message must use those.
    """
    for option in declared:
        key = re.escape(option.name)
        message = re.sub(rf"\b[Oo]ption '{key}'|'{key}'|\b{key}\b", option.label, message)
    return message


def _kind_name(kind: type) -> str:
    return {bool: "true or false", int: "a whole number", str: "text", float: "a number"}.get(
        kind, kind.__name__
    )


def resolve_options(declared: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Fill in defaults and refuse unknown or bad options, so a game never sees a surprise."""
    known = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(known) or "none"
        raise SetupError(f"unknown option {unknown[0]!r} (this game's options: {names})")
    return {name: opt.check(given[name]) if name in given else opt.default for name, opt in known.items()}
