"""What a game offers is exactly what it accepts, in every registered game.

Random games of every game the registry knows (a new game is covered without a line here), at
every player count it takes and in every mode (each of its own on/off options: Bonbon's board
alone, Baon's scoring only, ...), played from the moves the game accepts. The biggest table of each
mode plays a game to its end; the first time a kind of action the game has is not reached, more
games are played, steered toward it. The test fails when a kind is never offered, so the claim that
the check reached the whole game is itself checked. Seeds come from the game, the count, the mode
and the game's name: every run plays the same games, whatever the hash seed. At every state, on a
copy (nothing is played by a check):

- every action the legal actions offer is accepted: each field filled with any value it offers
  (a whole range, bounds included), by the player who may take it;
- actions they do not offer are refused: a field given a value it greys or that lies outside its
  range, a list of the wrong length, a player who may not take it, an action type not on offer.

A game that cannot list a field exactly (the cards of a run must fit together and come from a
hand the app never sees) names it in its spec's `loose`, with the reason. The test holds such a
field to what can be known: a value it does not offer is still refused, and for every choice of
the other fields some value it offers is accepted (found by trying each offered value, and runs
of neighbouring offered values, in turn): an action type is never offered when nothing of it
could be played.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from typing import Any

import pytest
from companion import games
from companion.core import RuleError, Session, SetupError
from companion.core.fields import Choice, Field, Range
from companion.core.game import ActionSpec, Expected
from companion.core.learning import LEARNING
from companion.core.session import check_action
from tests.support import typed_play

HORIZON = 300  # moves at most of a game played to its end (Bonbon's board alone never ends)
SHORT = 60  # moves of the other games: enough for a round or two at every table
EXTRA = 12  # more games at most, after one of every table, until every kind of action was offered
FILLS = 4  # offered actions tried per legal action and state
LOOSE_FILLS = 2  # the same, for an action with loose fields (each needs a search)
WITNESS_TRIES = 400  # at most this many offered values tried to find one a loose field accepts

# Figures for the report: states and actions checked per game (read by anyone who prints them).
FIGURES: Counter = Counter()


def accepted(session: Session, action: dict[str, Any]) -> bool:
    """Whether the game takes the action now: the session's own checks and the rules, on a copy."""
    try:
        session._step(session._state, check_action(copy.deepcopy(action)))
    except RuleError:
        return False
    return True


def offered(field: Field, action: dict[str, Any]) -> list[Any]:
    """The single values a field offers now, beside the fields already chosen."""
    if isinstance(field, Range):
        return list(range(field.minimum, field.maximum + 1))
    if isinstance(field, Choice):
        return [p.value for p in field.picks if p.allowed(action)]
    raise AssertionError(f"a field kind this test does not know: {field!r}")


def any_value(rng: random.Random, field: Field, action: dict[str, Any]) -> Any:
    """A value the field offers now, anywhere in its range (bounds often), or None when none."""
    if isinstance(field, Range):
        pick = lambda: rng.choice([field.minimum, field.maximum, rng.randint(field.minimum, field.maximum)])  # noqa: E731
        return [pick() for _ in range(field.count)] if field.listed else pick()
    if isinstance(field, Choice) and field.one_per_group:  # one pick of each of some groups
        groups: dict[str, list[Any]] = {}
        for p in field.picks:
            if p.allowed(action):
                groups.setdefault(p.group, []).append(p.value)
        size = min(len(groups), rng.choice(list(sizes(field))))
        return [rng.choice(groups[g]) for g in rng.sample(sorted(groups), size)] if size else None
    return typed_play.value(rng, field, action)


def sizes(field: Choice | Range) -> range:
    if isinstance(field, Range):
        return range(field.count, field.count + 1)
    return range(field.count, (field.count if field.count_max is None else field.count_max) + 1)


def asked(spec: ActionSpec, action: dict[str, Any]) -> list[tuple[str, Field, Field]]:
    """The spec's fields asked beside the values chosen so far: (name, declared, as asked now)."""
    out = []
    for name, declared in spec.fields.items():
        field = declared.resolve(action)
        if field is not None:
            out.append((name, declared, field))
    return out


def fill(rng: random.Random, spec: ActionSpec, expected: Expected, loose: bool) -> dict[str, Any]:
    """An action of this spec as a board would send it; its loose fields left out when `loose`."""
    action: dict[str, Any] = {"type": spec.type}
    for name, declared in spec.fields.items():
        if name in spec.loose and not loose:
            continue
        field = declared.resolve(action)
        if field is None or ((field.optional or declared.optional) and rng.random() < 0.3):
            continue
        chosen = any_value(rng, field, action)
        if chosen is not None:
            action[name] = chosen
    if spec.by:
        action["by"] = rng.choice(spec.by)
    elif expected.turn is not None and rng.random() < 0.5:
        action["by"] = expected.turn
    return action


def candidates(field: Field, action: dict[str, Any]) -> list[Any]:
    """Offered values of a loose field, in the order a search tries them: runs of neighbouring
    offered values of one group (a run of cards), then each value alone or repeated."""
    values = offered(field, action)
    if not field.listed:
        return values
    if isinstance(field, Range):
        return [[v] * field.count for v in values]
    assert isinstance(field, Choice)
    picks, out = field.picks, []
    for size in sizes(field):
        for i in range(len(picks) - size + 1):
            window = picks[i:i + size]
            if all(p.allowed(action) for p in window) and len({p.group for p in window}) == 1:
                out.append([p.value for p in window])
        if field.repeats or size == 1:
            out += [[v] * size for v in values]
        if len(out) > WITNESS_TRIES:
            break
    return out


def witness(session: Session, spec: ActionSpec, base: dict[str, Any]) -> dict[str, Any] | None:
    """An accepted action of the spec with the fields of `base`, its loose fields found by search."""
    names = [n for n in spec.fields if n in spec.loose and spec.fields[n].resolve(base) is not None]
    pools = []
    for name in names:
        field = spec.fields[name].resolve(base)
        pool = candidates(field, base)
        if field.optional or spec.fields[name].optional:
            pool = [None] + [v for v in pool if v is not None]
        pools.append(pool)
    for tried, values in enumerate(itertools.product(*pools)):
        if tried >= WITNESS_TRIES:
            break
        action = {**base, **{n: v for n, v in zip(names, values) if v is not None}}
        if accepted(session, action):
            return action
    return None


def wrong_values(rng: random.Random, field: Field, action: dict[str, Any]) -> list[Any]:
    """Values the field does not offer now: greyed, unknown, out of range, too many or too few, or
    one value where a list is asked."""
    if isinstance(field, Range):
        low, high = field.minimum - 1, field.maximum + 1
        if not field.listed:
            return [low, high, [field.minimum]]
        return [[low] * field.count, [high] * field.count, [field.minimum] * (field.count + 1), field.minimum]
    assert isinstance(field, Choice)
    greyed = [p.value for p in field.picks if not p.allowed(action)]
    good = offered(field, action)
    if not field.listed:
        return greyed[:3] + ["no such choice"] + ([[good[0]]] if good else [])
    base = (good * field.count)[: field.count] if good else []
    out: list[Any] = [[g] + base[1:] for g in rng.sample(greyed, min(3, len(greyed)))]
    out.append(["no such choice"] + base[1:])
    longest = sizes(field)[-1]
    if good:
        out.append((good * (longest + 1))[: longest + 1])
        out.append(good[0])
    if field.count > 0:
        out.append(base[: field.count - 1])
    if field.one_per_group:  # two picks of one group
        pairs = [[a.value, b.value] for a, b in itertools.combinations(field.picks, 2)
                 if a.group == b.group and a.allowed(action) and b.allowed(action)]
        if pairs:
            out.append(rng.choice(pairs) + base[2:])
    return out


def check_state(rng: random.Random, session: Session, game_id: str,
                seen: dict[str, ActionSpec]) -> list[tuple[dict[str, Any], bool]]:
    """Check the offers at this state; the actions found accepted, each with whether it is weighty
    (to play one of them next).
    `seen`: the legal actions as last offered, by type (to send one when it is not on offer)."""
    expected = session.expected()
    FIGURES[game_id, "states"] += 1
    found: list[tuple[dict[str, Any], bool]] = []
    where = f"{game_id} ({len(session.names)} players, {session.options}) after {session.moves()}"
    for spec in expected.legal:
        for _ in range(LOOSE_FILLS if spec.loose else FILLS):
            if spec.loose:
                base = fill(rng, spec, expected, loose=False)
                action = witness(session, spec, base)
                assert action is not None, (
                    f"{where}: {spec.type} is offered with {base}, but nothing its loose fields "
                    f"({', '.join(spec.loose)}) offer is accepted")
            else:
                action = fill(rng, spec, expected, loose=True)
                assert accepted(session, action), f"{where}: {action} is offered but refused: {refusal(session, action)}"
            FIGURES[game_id, "accepted"] += 1
            found.append((action, spec.weighty))
        for mutant in mutants(rng, session, expected, spec, found[-1][0]):
            assert not accepted(session, mutant), f"{where}: {mutant} is not offered but accepted"
            FIGURES[game_id, "refused"] += 1
    for kind in sorted(set(session.game.actions) - {s.type for s in expected.legal}):
        action = other_kind(rng, session, seen.get(kind), kind)
        if expected.turn is not None:
            action["by"] = expected.turn
        assert not accepted(session, action), f"{where}: {action} is accepted, but {kind} is not offered"
        FIGURES[game_id, "refused"] += 1
    seen.update({spec.type: spec for spec in expected.legal})
    return found


def other_kind(rng: random.Random, session: Session, spec: ActionSpec | None, kind: str) -> dict[str, Any]:
    """An action of a type not on offer now, filled as it was offered earlier in the game (any of its
    values then, greyed or not), or with plausible values when it has not been offered yet."""
    action: dict[str, Any] = {"type": kind}
    for name in sorted(session.game.actions[kind]):  # in one order whatever the hash seed
        declared = spec.fields.get(name) if spec else None
        field = declared.resolve(action) if declared else None
        if isinstance(field, Choice) and field.picks:
            values = [p.value for p in field.picks]
            action[name] = ([rng.choice(values) for _ in range(field.count)] if field.listed
                            else rng.choice(values))
        elif isinstance(field, Range):
            action[name] = any_value(rng, field, action)
        elif declared is None and rng.random() < 0.7:
            action[name] = rng.choice([*session.names, 0, 1, 2, 3, [1], ["pile"]])
    return action


def mutants(rng: random.Random, session: Session, expected: Expected, spec: ActionSpec,
            action: dict[str, Any]) -> list[dict[str, Any]]:
    """The accepted action changed in one place to something the spec does not offer now."""
    out = []
    for name, _declared, field in asked(spec, action):
        for wrong in wrong_values(rng, field, action):
            out.append({**action, name: wrong})
    others = [n for n in session.names if not expected.may_act(spec.type, n)]
    if others:
        out.append({**action, "by": rng.choice(others)})
    return out


def refusal(session: Session, action: dict[str, Any]) -> str:
    try:
        session._step(session._state, check_action(copy.deepcopy(action)))
    except RuleError as refused:
        return refused.message
    return "(accepted)"


# -- the tables played: every player count, every mode, every game to its end -------------------

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu", "Mo", "Ned"]


def modes(game) -> list[dict[str, bool]]:
    """The ways a game is played: every switch of its own off, then each one on alone (Bonbon's
    board alone, Baon's scoring only, B.O.N's advanced rule and new ranks, BONC!'s second deck).
    The learning game is no mode: it adds tips to the news and changes no move (session.py), so it
    is drawn at random with the other options."""
    switches = [o.name for o in game.options if isinstance(o.default, bool) and o.name != LEARNING.name]
    return [{name: False for name in switches}] + [
        {name: name == on for name in switches} for on in switches]


def tables(game) -> list[tuple[int, dict[str, bool]]]:
    """Every player count the game takes, in every mode."""
    return [(n, mode) for n in range(game.min_players, game.max_players + 1) for mode in modes(game)]


def deal(game, players: int, mode: dict[str, bool], rng: random.Random | None) -> Session | None:
    """A session in this mode with other options drawn from `rng` (some cannot be dealt: too few
    cards for the players), else at their defaults; or None when the mode cannot be dealt at this
    count whatever the other options (BONC! for 8 or more without its second deck)."""
    for _ in range(30 if rng is not None else 0):
        try:
            return Session(game, NAMES[:players], {**typed_play.options_for(game, rng), **mode})
        except SetupError:
            continue
    try:
        return Session(game, NAMES[:players], mode)
    except SetupError:
        return None


def choose(rng: random.Random, found: list[tuple[dict[str, Any], bool]], habit: Counter | None) -> dict[str, Any]:
    """The move to play next. Mostly one that ends nothing, so games reach their later states. With
    a `habit` (the kinds this game has played so far), mostly the kind played most: a table that
    keeps taking food and ending its turn fills its hands past Baon's limit, where a random table
    lays its cards or turns up Lola first."""
    light = [a for a, weighty in found if not weighty]
    pool = light if light and rng.random() < 0.9 else [a for a, _ in found]
    if habit is not None and rng.random() < 0.95:
        most = max(habit[a["type"]] for a in pool)
        pool = [a for a in pool if habit[a["type"]] == most]
    return rng.choice(pool)


def leads_to(session: Session, found: list[tuple[dict[str, Any], bool]], wanted: set[str]) -> list[dict[str, Any]]:
    """The found actions after which, played on a copy, some kind in `wanted` is offered (a pass
    without a tile leads to Bonbon's take_tile; a take past 6 cards in hand, to Baon's discard)."""
    out = []
    for action, _ in found:
        after = session.game.expected(session._step(session._state, check_action(copy.deepcopy(action))))
        if wanted & {spec.type for spec in after.legal}:
            out.append(action)
    return out


def play(game, players: int, mode: dict[str, bool], name: str, habitual: bool,
         horizon: int, wanted: set[str] = frozenset()) -> tuple[set[str], bool] | None:
    """One random game of this table, every state checked, played to its end or to `horizon` moves:
    the kinds of action it offered, and whether it ended (None when the mode cannot be dealt). With
    `wanted` kinds, a move that leads to one of them is played when there is one. A game
    meant to be played to its end is dealt with the other options at their defaults (the game most
    tables play: B.O.N to 5 spaces, not to 20); the others with options drawn at random."""
    rng = random.Random(f"{game.id}/{players}/{sorted(mode.items())}/{name}")
    session = deal(game, players, mode, rng if horizon < HORIZON else None)
    if session is None:
        return None
    seen: dict[str, ActionSpec] = {}
    offered_kinds: set[str] = set()
    habit: Counter | None = Counter() if habitual else None
    for _ in range(horizon):
        if session.result() is not None:
            break
        found = check_state(rng, session, game.id, seen)
        offered_kinds.update(a["type"] for a, _ in found)
        if not found:
            break
        toward = leads_to(session, found, wanted - offered_kinds) if wanted - offered_kinds else []
        action = rng.choice(toward) if toward else choose(rng, found, habit)
        if habit is not None:
            habit[action["type"]] += 1
        session.dispatch(action)
    FIGURES[game.id, "games"] += 1
    return offered_kinds, session.result() is not None


def game_ids() -> list[str]:
    return [g.id for g in games.all_games()]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", game_ids())
def test_every_offered_action_is_accepted_and_others_are_refused(game_id):
    """Every table of the game (count and mode) played, each state checked: the biggest table of each
    mode that can be dealt to its end (or HORIZON moves), the others for SHORT moves. Then more games,
    a new one of each table in turn, each steered toward the kinds not offered yet, until every kind
    of action the game has was offered (and so checked) or EXTRA more were played. The claim that the check reached the whole game is tested:
    every kind offered, every player count dealt, and the game played to its end."""
    game = games.get(game_id)
    reached: set[str] = set()
    ended: set[str] = set()  # the modes of which a game was played to its end
    dealt: set[int] = set()
    every = tables(game)
    long: set[str] = set()  # the modes whose game to the end was dealt
    for players, mode in reversed(every):
        key = str(sorted(mode.items()))
        played = play(game, players, mode, "first", habitual=False,
                      horizon=SHORT if key in long else HORIZON)
        if played is not None:
            long.add(key)
            reached |= played[0]
            dealt.add(players)
            if played[1]:
                ended.add(key)
    extra = 0
    while set(game.actions) - reached and extra < EXTRA:
        players, mode = every[extra % len(every)]
        played = play(game, players, mode, f"more {extra}", habitual=extra % 2 == 0, horizon=HORIZON,
                      wanted=set(game.actions) - reached)
        extra += 1
        if played is not None:
            reached |= played[0]
    FIGURES[game_id, "extra games"] += extra
    assert dealt == set(range(game.min_players, game.max_players + 1)), f"{game_id}: no game dealt at some counts"
    missing = sorted(set(game.actions) - reached)
    assert not missing, f"{game_id}: never offered in {len(every) + extra} games, so never checked: {missing}"
    assert str(sorted(modes(game)[0].items())) in ended, f"{game_id}: no game in its usual mode was played to its end in {HORIZON} moves"
