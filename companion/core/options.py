"""Game options: declared by each game, checked once when a game is set up."""

from __future__ import annotations

from collections.abc import Mapping
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

    @property
    def kind(self) -> type:
        return type(self.default)

    def check(self, value: Any) -> Any:
        """Return the value if a table may use it, else raise SetupError naming the option."""
        kind = self.kind
        # bool is a subclass of int: keep "true" from passing as 1 and 1 as true.
        if isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
            raise SetupError(f"option {self.name!r} must be {_kind_name(kind)}, not {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise SetupError(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise SetupError(f"option {self.name!r} must be at least {self.minimum}, not {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise SetupError(f"option {self.name!r} must be at most {self.maximum}, not {value!r}")
        return value


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
