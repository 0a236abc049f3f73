"""A move told in a line, the same way wherever the table tells it: the news of an undo or a
redo, the story of a past game, and a correction's before and after."""

from __future__ import annotations

import copy
from typing import Any

from companion.core.game import Action, Game, State


def move_words(game: Game, before: State, after: State, action: Action) -> str:
    """The move's first event in the game's words, else who did what, from its typed fields.

    A move that leaves a new secret (a card laid face-down) is told without its values.
    """
    for event in game.events(copy.deepcopy(before), copy.deepcopy(after), copy.deepcopy(action)):
        words = game.describe(event)
        if words:
            return words
    expected = game.expected(before)
    spec = expected.spec(action["type"])
    who = action.get("by") or expected.turn
    what = spec.label if spec else str(action["type"]).replace("_", " ")
    new_secret = ({s.slot for s in game.secrets(copy.deepcopy(after))}
                  - {s.slot for s in game.secrets(copy.deepcopy(before))})
    if spec is not None and not new_secret:
        values = [value_words(f, action[name]) for name, f in spec.fields.items() if name in action]
        what += f" ({', '.join(values)})" if values else ""
    return f"{who}: {what}" if who else what


def value_words(field: Any, value: Any) -> str:
    """A field's value as its option's label ("+2 per set"), else as it is."""
    label_of = getattr(field, "label_of", None)
    if label_of is not None and not isinstance(value, list):
        return str(label_of(value))
    return ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
