"""Random play of any game, read only from its typed vocabulary (companion/core/fields.py).

The cross-game property tests drive every registered game with these: an action is built from
a legal ActionSpec's fields the way a board offers them (enabled options, values in range), so
a sixth game is played without a line of code of its own. Not every filled action is legal
(a run of cards must be consecutive, a sum must add up): the rules may refuse it, and the
caller tries another.
"""

from __future__ import annotations

import random
from typing import Any

from companion.core import RuleError, Session, SetupError
from companion.core.fields import Choice, Depends, Field, Range
from companion.core.game import ActionSpec, Game

# Enough tries at one moment for the games whose actions must agree with the view (Baon's runs).
TRIES = 60


def players_for(game: Game, rng: random.Random) -> list[str]:
    """A table of a size the game takes (small tables play faster)."""
    count = rng.randint(game.min_players, min(game.max_players, game.min_players + 2))
    return ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"][:count]


def value(rng: random.Random, field: Field, action: dict[str, Any]) -> Any:
    """A value the field offers now (beside the fields already chosen), or None when it offers none."""
    if isinstance(field, Depends):
        case = field.case(action)
        return None if case is None else value(rng, case, action)
    if isinstance(field, Range):
        pick = lambda: rng.randint(field.minimum, min(field.maximum, field.minimum + 20))  # noqa: E731
        return [pick() for _ in range(field.count)] if field.listed else pick()
    if isinstance(field, Choice):
        offered = [p.value for p in field.picks if p.allowed(action)]
        if not offered:
            return None
        if not field.listed:
            return rng.choice(offered)
        size = field.count if field.count_max is None else rng.randint(field.count, min(field.count_max, field.count + 3))
        if field.repeats:
            return [rng.choice(offered) for _ in range(size)]
        return rng.sample(offered, min(size, len(offered)))
    raise AssertionError(f"a field kind the random player does not know: {field!r}")


def fill(rng: random.Random, spec: ActionSpec, turn: str | None) -> dict[str, Any]:
    """A random action of this legal type, each field asked now given a value it offers."""
    action: dict[str, Any] = {"type": spec.type}
    for name, declared in spec.fields.items():
        field = declared.resolve(action)
        if field is None or ((field.optional or declared.optional) and rng.random() < 0.3):
            continue
        chosen = value(rng, field, action)
        if chosen is not None:
            action[name] = chosen
    if spec.by:
        action["by"] = rng.choice(spec.by)
    elif turn is not None and rng.random() < 0.5:
        action["by"] = turn
    return action


def step(rng: random.Random, session: Session) -> dict[str, Any] | None:
    """Play one accepted move built from the legal actions (None when none of TRIES was accepted)."""
    for _ in range(TRIES):
        expected = session.expected()
        if not expected.legal:
            return None
        spec = rng.choice(expected.legal)
        action = fill(rng, spec, expected.turn)
        try:
            session.dispatch(action)
        except RuleError:
            continue
        return action
    return None


def options_for(game: Game, rng: random.Random) -> dict[str, Any]:
    """Random options a table may choose: numbers often at their bounds (1 life, no wild cards of a
    kind), where the unusual games are; texts at their defaults."""
    chosen: dict[str, Any] = {}
    for option in game.options:
        if option.choices:
            chosen[option.name] = rng.choice(option.choices)
        elif isinstance(option.default, bool):
            chosen[option.name] = rng.random() < 0.5
        elif isinstance(option.default, int) and option.minimum is not None and option.maximum is not None:
            low, high = option.minimum, option.maximum
            chosen[option.name] = rng.choice([low, low, option.default, rng.randint(low, high)])
    return chosen


def table(game: Game, rng: random.Random) -> Session:
    """A session of the game with a random table and random options (the defaults when those
    options cannot be dealt: too few cards for the players)."""
    players = players_for(game, rng)
    try:
        return Session(game, players, options_for(game, rng))
    except SetupError:
        return Session(game, players, {})
