"""Reading an action's typed fields as they arrive in the view (JSON, see companion.core.fields).

Pure functions, no Kivy: what a board needs to offer a field without knowing the game.
`chosen` is the part of the action entered so far ({"player": "Ann"}), against which a
field's `when`, an option's `unless` and a `depends` field's cases are read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Field = Mapping[str, Any]
Chosen = Mapping[str, Any]


def applies(field: Field, chosen: Chosen) -> bool:
    """Whether the field is asked, given what is chosen so far (its `when`)."""
    return all(chosen.get(name) in values for name, values in field.get("when", {}).items())


def resolve(field: Field | None, chosen: Chosen) -> Field | None:
    """The field as asked now: a `depends` field's case for the value chosen; None when not asked."""
    if field is None or not applies(field, chosen):
        return None
    if field.get("kind") != "depends":
        return field
    on = chosen.get(field["on"])
    case = next((c["field"] for c in field["cases"] if c["value"] == on), None)
    return resolve(case, chosen)


def cases(field: Field) -> list[Any]:
    """The values of the other field for which a `depends` field is asked."""
    return [c["value"] for c in field.get("cases", [])]


def allowed(option: Mapping[str, Any], chosen: Chosen | None = None) -> bool:
    """An option that may be taken now: enabled, and not ruled out by what is chosen (`unless`)."""
    if option.get("enabled", True) is False:
        return False
    return chosen is None or not any(chosen.get(k) in v for k, v in option.get("unless", {}).items())


def options(field: Field) -> list[Mapping[str, Any]]:
    """Every option of a choice, greyed ones too (a pad keeps their places)."""
    return list(field.get("options", []))


def values(field: Field | None, chosen: Chosen | None = None) -> list[Any]:
    """What may be taken now: a choice's allowed values, or every whole number of a range."""
    if field is None:
        return []
    if field.get("kind") == "range":
        return list(range(field["minimum"], field["maximum"] + 1))
    return [o["value"] for o in options(field) if allowed(o, chosen)]


def every_value(field: Field | None) -> list[Any]:
    """Every value the field shows, taken or not: where a pad puts its buttons."""
    if field is None:
        return []
    if field.get("kind") == "range":
        return values(field)
    return [o["value"] for o in options(field)]


def label(field: Field | None, value: Any) -> str:
    """The words for a value: its option's label, else the value itself."""
    for option in options(field or {}):
        if option["value"] == value:
            return option["label"]
    return str(value)


def option(field: Field, value: Any) -> Mapping[str, Any] | None:
    """The option offering this value, or None."""
    return next((o for o in options(field) if o["value"] == value), None)


def group(field: Field, name: str) -> dict[str, Any]:
    """The field with only the options of one group (a deck's numbers, its named cards): two pads
    side by side, each in its own columns, still taking the same field's values."""
    return {**field, "options": [o for o in options(field) if o.get("group", "") == name]}


def count(field: Field) -> int:
    return field.get("count", 1)


def listed(field: Field) -> bool:
    """Whether the value is a list (of `count`, or `count` to `count_max`)."""
    return count(field) != 1 or bool(field.get("as_list")) or field.get("count_max") is not None


def slot_path(slot: str) -> list[str | int]:
    """A dotted slot of the public view ("players.1.cards.2") as keys and list indices."""
    return [int(part) if part.isdigit() else part for part in slot.split(".")]


def slots(field: Field) -> list[list[str | int]]:
    """Where each value of a range belongs in the public view (see Range.slots), as paths."""
    return [slot_path(s) for s in field.get("slots", [])]
