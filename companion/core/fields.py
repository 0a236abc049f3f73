"""The small vocabulary in which a game says what an action takes.

Boards, the phone and the physical controls offer any game's choices from these alone,
so no adapter learns a game's conventions by hand:

    Choice   one (or `count`) of a few labelled options       a card's kind, a bonus tile
    Range    a whole number between two bounds                 a card's value, a total
    Players  one (or `count`) of the players                   who starts, whose card
    Cards    one (or `count`) card of a known deck             the card played to a trick
    Depends  what it takes depends on another field's value     a card of the player chosen

A field may be asked only `when` other fields hold certain values (a zero's revealed values
only when the kind is "zero"), and a field may be `optional`. Every field checks a value it
is given and words the refusal for players, so a game need not repeat its own type checks.

With `count` > 1 (or `as_list`) the value is a list, and the field's `noun` names what is
counted when a list of the wrong length is refused ("choose exactly 3 colours, not 2"). A Pick
may be ruled out `unless` other fields allow it (no face-down card of a kind that must be
face-up); `one_per_group` asks for picks of different groups (two cards of two different
players); a Range's `slots` say where in the public view each value entered belongs (the card a
revealed value is for).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

CHOICE = "choice"
RANGE = "range"
PLAYERS = "players"
CARDS = "cards"
DEPENDS = "depends"


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
    # Not on offer while another field holds one of these values: {"kind": ("zero",)} on a
    # face-down option (a zero is never played face-down). A board greys it then.
    unless: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    # Why it is greyed, in players' words ("already played"): "What now?" says it (core/guide.py).
    why: str = ""

    def allowed(self, action: Mapping[str, Any] | None) -> bool:
        """Offered and enabled, given the other fields already chosen (None: nothing chosen yet)."""
        if not self.enabled:
            return False
        return action is None or not any(_among(action.get(k), v) for k, v in self.unless.items())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value, "label": self.label}
        if not self.enabled:
            out["enabled"] = False
        if self.detail:
            out["detail"] = self.detail
        if self.group:
            out["group"] = self.group
        if self.unless:
            out["unless"] = {k: list(v) for k, v in self.unless.items()}
        if self.why and not self.enabled:
            out["why"] = self.why
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
        return all(_among(action.get(name), values) for name, values in self.when.items())

    def resolve(self, action: Mapping[str, Any]) -> Field | None:
        """The field as asked now, given the other fields chosen; None when it is not asked."""
        return self if self.applies(action) else None

    def check(self, name: str, value: Any, action: Mapping[str, Any] | None = None) -> str | None:
        """None when `value` is acceptable (beside the other fields of `action`), else why not."""
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
    # The value is a list even of one (how many varies from moment to moment: tiles to replace).
    as_list: bool = False
    # With a list: no two picks of the same group (two cards of two different players).
    one_per_group: bool = False
    # A list of `count` to `count_max` picks (a run of cards laid at once), when set.
    count_max: int | None = None
    # The same option may be picked more than once (two wilds in one run).
    repeats: bool = False
    # Words for the picks' groups ("a": "Adobo"), so a refusal can say "1 to 12 of Adobo or Lumpia".
    group_names: Mapping[str, str] = field(default_factory=dict)
    # What one pick of a list is, to count them in a refusal ("choose exactly 3 colours"), and its
    # plural when it is not the noun and an s.
    noun: str = "option"
    nouns: str = ""

    kind = CHOICE

    def __post_init__(self) -> None:
        if self.count_max is not None and self.count_max < self.count:
            raise ValueError(f"{self.label}: count_max {self.count_max} is below count {self.count}")

    @property
    def values(self) -> list[Any]:
        return [p.value for p in self.picks if p.enabled]

    @property
    def listed(self) -> bool:
        """Whether the value is a list."""
        return self.count != 1 or self.as_list or self.count_max is not None

    def check(self, name: str, value: Any, action: Mapping[str, Any] | None = None) -> str | None:
        offered = [p.value for p in self.picks if p.allowed(action)]
        if not self.listed:
            return None if _among(value, offered) else self._refusal(name, value, action)
        what = _named(self.label, name)
        most = self.count if self.count_max is None else self.count_max
        if not isinstance(value, list) or not self.count <= len(value) <= most:
            return self.count_refusal(name, value)
        bad = next((v for v in value if not _among(v, offered)), None)
        if bad is not None or any(not _among(v, offered) for v in value):
            return self._refusal(name, bad, action)
        if not self.repeats and len({_key(v) for v in value}) != len(value):
            return f"{what}: choose different ones, each once"
        if self.one_per_group:
            groups = [p.group for v in value for p in self.picks if _key(p.value) == _key(v)]
            shared = next((g for g in groups if groups.count(g) > 1), None)
            if shared is not None:
                return f"{what}: choose from different groups, not two of {shared}"
        return None

    def count_refusal(self, name: str, value: Any) -> str:
        """How many may be chosen, for a list of the wrong length or a value that is no list."""
        most = self.count if self.count_max is None else self.count_max
        return count_refusal(_named(self.label, name), value, self.count, most, self.noun, self.nouns)

    def _refusal(self, name: str, value: Any, action: Mapping[str, Any] | None = None) -> str:
        """What may be chosen, said briefly: a refusal names what is allowed, never the sender's data."""
        what = _named(self.label, name)
        allowed = [p for p in self.picks if p.allowed(action)]
        known = next((p for p in self.picks if _key(p.value) == _key(value)), None)
        if not allowed:
            return f"{what}: nothing can be chosen now"
        choose = f"choose {summary([p.label for p in allowed], groups=self._groups(allowed))}"
        if known is not None:
            return f"{what}: {known.label} is not on offer now; {choose}"
        shown = said(value)
        if shown is not None and self.kind == PLAYERS:
            return f"{what}: {shown} is not playing in this game; {choose}"
        if shown is not None:
            return f"{what}: {shown} is not one of the choices; {choose}"
        return f"{what}: {choose}"

    def _groups(self, picks: list[Pick]) -> list[str]:
        """The named groups of these picks, in order (none unless every group has a name)."""
        groups = list(dict.fromkeys(p.group for p in picks if p.label.lstrip("-").isdigit()))
        return [self.group_names[g] for g in groups] if groups and all(g in self.group_names for g in groups) else []

    def label_of(self, value: Any) -> str:
        """The words for a value this field offers (the value itself when not offered)."""
        return next((p.label for p in self.picks if _key(p.value) == _key(value)), said(value) or "that")

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["options"] = [p.to_json() for p in self.picks]
        if self.count != 1 or self.count_max is not None:
            out["count"] = self.count
        if self.as_list:
            out["as_list"] = True
        if self.one_per_group:
            out["one_per_group"] = True
        if self.count_max is not None:
            out["count_max"] = self.count_max
        if self.repeats:
            out["repeats"] = True
        return out


@dataclass(frozen=True)
class Players(Choice):
    """One of the players (or `count` of them), by name."""

    noun: str = "player"

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
    noun: str = "card"

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
    # The value is a list even of one (how many varies: the face-down cards a zero turns over).
    as_list: bool = False
    # Where in the public view each value entered belongs, as dotted paths ("players.1.cards.2"):
    # a board frames the card the value is asked for. Empty, or one per value.
    slots: tuple[str, ...] = ()
    # What one value of a list is, to count them in a refusal ("enter exactly 2 values").
    noun: str = "value"
    nouns: str = ""

    kind = RANGE

    @property
    def listed(self) -> bool:
        """Whether the value is a list."""
        return self.count != 1 or self.as_list

    def check(self, name: str, value: Any, action: Mapping[str, Any] | None = None) -> str | None:
        values = value if self.listed else [value]
        what = _named(self.label, name)
        if self.listed and (not isinstance(value, list) or len(value) != self.count):
            return count_refusal(what, value, self.count, self.count, self.noun, self.nouns, verb="enter")
        for v in values:
            if not _whole(v) or not self.minimum <= v <= self.maximum:
                if self.minimum == self.maximum:
                    return f"{what} can only be {self.minimum} here"
                shown = said(v)
                return (f"{what} is a whole number from {self.minimum} to {self.maximum}"
                        + (f", not {shown}" if shown is not None else ""))
        return None

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out.update(minimum=self.minimum, maximum=self.maximum)
        if self.count != 1:
            out["count"] = self.count
        if self.as_list:
            out["as_list"] = True
        if self.slots:
            out["slots"] = list(self.slots)
        return out


@dataclass(frozen=True)
class Depends(Field):
    """A field whose kind and options depend on the value another field holds.

    `cases` pairs each value of the field `on` with what this field takes then: the card
    positions of the player chosen, how many values that player has to enter. A value of
    `on` with no case: the field is not asked.
    """

    on: str = ""
    cases: tuple[tuple[Any, Field], ...] = ()

    kind = DEPENDS

    def case(self, action: Mapping[str, Any]) -> Field | None:
        """What the field takes given the other fields chosen, or None."""
        if self.on not in action:
            return None
        chosen = _key(action[self.on])
        return next((f for v, f in self.cases if _key(v) == chosen), None)

    def resolve(self, action: Mapping[str, Any]) -> Field | None:
        if not self.applies(action):
            return None
        case = self.case(action)
        return case.resolve(action) if case is not None else None

    def check(self, name: str, value: Any, action: Mapping[str, Any] | None = None) -> str | None:
        case = self.case(action or {})
        if case is None:
            return f"Choose {_spoken(self.on)} before {_named(self.label, name).lower()}"
        return case.check(name, value, action)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["on"] = self.on
        out["cases"] = [{"value": v, "field": f.to_json()} for v, f in self.cases]
        return out


def check_fields(fields: Mapping[str, Field], action: Mapping[str, Any]) -> str | None:
    """The first reason the action's fields do not fit what the legal action takes, or None."""
    for name, declared in fields.items():
        spec = declared.resolve(action)
        if spec is None:
            continue  # not asked beside these choices: the rules decide what a value there means
        if name not in action or action[name] is None:
            if spec.optional or declared.optional:
                continue
            return f"Say {_named(spec.label, name).lower()}"
        why = spec.check(name, action[name], action)
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


def said(value: Any) -> str | None:
    """A value someone sent, as a player reads it; None when it cannot be shown as words (a list, an
    object, true or false, a blank, long text or an identifier): a refusal then says what is allowed."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return str(value) if abs(value) < 10**9 else None
    if isinstance(value, float):
        return f"{value:g}" if value == value and abs(value) < 10**9 else None
    if isinstance(value, str):
        text = " ".join(value.split())
        if text in ("None", "True", "False", "null", "true", "false"):
            return None  # a word that reads as a program's, not as something a player sent
        if not text or len(text) > 24 or not text.isprintable() or any(ch in text for ch in "[]{}<>'\"\\_"):
            return None
        return text
    return None


def summary(labels: Iterable[str], most: int = 8, groups: Iterable[str] = ()) -> str:
    """Labels said briefly: "+1, +2 or +3"; many numbers as a span, of their groups when named
    ("1 to 12 of Adobo or Lumpia, or Wild"); else how many there are."""
    labels, groups = list(dict.fromkeys(labels)), list(groups)
    if len(labels) <= most and sum(len(x) + 2 for x in labels) <= 100:
        return _or(labels)
    numbers = sorted({int(x) for x in labels if x.lstrip("-").isdigit()})
    others = [x for x in labels if not x.lstrip("-").isdigit()]
    spans = _runs(numbers)
    if numbers and len(others) < most and len(spans) <= 4:  # a gap is said: never a span over it
        span = _or(spans) if len(spans) > 1 else spans[0]
        if groups:
            span += f" of {_or(groups)}"
            return span + (f", or {_or(others)}" if others else "")
        return _or([span, *others])
    return f"one of the {len(labels)} on offer"


def how_many(low: int, high: int, noun: str, nouns: str = "") -> str:
    """A count of things as a rule says it: "1 card", "exactly 3 colours", "1 or 2 places",
    "up to 3 cards", "2 to 4 values"."""
    many = nouns or noun + "s"
    if low == high:
        return f"1 {noun}" if low == 1 else f"no {many}" if low == 0 else f"exactly {low} {many}"
    if low == 0:
        return f"up to {high} {noun if high == 1 else many}"
    if high == low + 1:
        return f"{low} or {high} {many}"
    return f"{low} to {high} {many}"


def count_refusal(what: str, value: Any, low: int, high: int, noun: str, nouns: str = "",
                  verb: str = "choose", detail: str = "") -> str:
    """A list of the wrong length refused with how many it takes and how many came; a value that
    is no list, with what is expected instead; nothing sent (None), with what it takes alone.
    `detail` follows the count ("exactly 3 tiles" " of +3 points or +1 per zero"): every game
    counts in these words."""
    counted = how_many(low, high, noun, nouns) + detail
    if value is None:
        return f"{what}: {verb} {counted}"
    if not isinstance(value, list):
        return f"{what}: {verb} {counted}, as a list (a single value was sent)"
    return f"{what}: {verb} {counted}, not {len(value)}"


def _runs(numbers: list[int]) -> list[str]:
    """Sorted numbers as their unbroken runs: [1, 2, 3, 5] is "1 to 3" and "5"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return [f"{r[0]} to {r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs]


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _spoken(name: str) -> str:
    """A field's key as words ("new_tiles": "new tiles")."""
    return name.replace("_", " ")


def _named(label: str, name: str) -> str:
    """The field as a refusal starts with it: its label, else its key in words, capitalised."""
    text = label or _spoken(name)
    return text[:1].upper() + text[1:]
