"""The fields every action may carry besides its own (docs/actions.md, "The envelope")."""

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from companion.core.fields import said

if TYPE_CHECKING:
    from companion.core.game import Game

ENVELOPE = frozenset({"type", "by", "source"})


def unknown_field(action: dict[str, Any], takes: Iterable[str]) -> str | None:
    """The first field an action carries that is neither envelope nor one it takes (typos must not pass)."""
    extra = sorted(set(action) - ENVELOPE - set(takes))
    return extra[0] if extra else None


def spoken(key: str) -> str:
    """An action type or a field key as words ("no_block": "no block")."""
    return key.replace("_", " ")


def wording_and(names: Sequence[str]) -> str:
    """Ann, Ben and Cy."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def no_such_action(game: "Game", kind: Any) -> str:
    """An action type the game does not know: named when it can be, with the actions it has."""
    shown = said(kind)
    head = f"{game.title} has no action called {shown}" if shown else f"{game.title} has no action like that"
    return f"{head}: its actions are {wording_and([spoken(k) for k in (*game.actions, 'undo', 'redo')])}"


def no_such_field(kind: str, extra: str) -> str:
    """A field the action does not take (a typo must not pass unnoticed)."""
    shown = said(spoken(extra))
    what = spoken(kind)
    article = "An" if what[:1].lower() in "aeiou" else "A"
    return f"{article} {what} action takes no {shown} field" if shown else f"{article} {what} action takes no such field"
