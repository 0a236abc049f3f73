"""Every game refuses what its touchscreen would never offer in words a player reads, and changes nothing.

Scripts, phones and a second screen may send anything. For every game the registry knows (a new
game is covered without a line here), random games are played from the typed legal actions, and
at random moments an action is sent that is mutated from a legal one or made of junk: a field
with a value out of range or of the wrong kind, a card that does not exist or is greyed, a field
missing or unknown, a player who is not playing, out or not on turn, an action at the wrong
moment. Refused, it must say why in at most 200 characters of plain words (no Python list, repr,
None or braces) and leave the game exactly as it was; accepted (a mutation that happens to be
legal), the game simply goes on.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import games
from companion.core import RuleError, Session
from companion.core.fields import Choice, Depends, Field, Range, how_many
from tests.support import typed_play

LONGEST = 200
STEPS = 30  # moves per game: each step also sends a few mutated actions

# What gives away Python rather than the game: a list or a dict, a repr in quotes ('x', "x"), a
# None/True/False, an identifier with an underscore (band_aid), angle-bracketed objects.
PYTHON = re.compile(r"[\[\]{}<>]|(?:^|[\s(:=,])['\"][^'\"]*['\"]|\b(?:None|True|False)\b|\w_\w|\\x|\\u")

# Junk values a confused sender might put in any field.
JUNK: list[Any] = [None, True, False, -1, 0, 999, 10**12, 2.5, "", "x", "joker", "zz99", " ", "None",
                   [], [1, 2], ["x"], {}, {"a": 1}, [[1]], "Ann", "Zoe", 1, 3, 7]


def plain(message: str) -> str | None:
    """Why a refusal does not read as plain words, or None when it does."""
    if not message or not message.strip():
        return "it is empty"
    if len(message) > LONGEST:
        return f"it has {len(message)} characters (at most {LONGEST})"
    found = PYTHON.search(message)
    if found:
        return f"it shows Python ({found.group(0)!r})"
    if any(not ch.isprintable() for ch in message):
        return "it holds a character that cannot be shown"
    if not re.search(r"[A-Za-z]{3}", message):
        return "it has no words"
    if re.search(r"\w\(s\)", message):
        return "it leaves a plural to the reader (card(s))"
    if re.search(r"(?<![-\d])(\d+) to \1\b", message):
        return "it gives a span of one number (1 to 1)"
    return None


# A count with nothing after it ("choose 3", "enter 2"): it never says what is counted.
BARE_COUNT = re.compile(r"\b(?:choose|enter) (?:exactly |up to )?\d+(?: (?:to|or) \d+)?(?:$|[,.;:)])")


# Lists whose rules still count in words of their own, with the rule's reason ("In the last round Ann
# draws 1 card, then plays", "Ann has 2 face-down cards to reveal: enter 2 values, left to right",
# "The zero turns over 1 face-down card of Dee: enter 1 value"):
# a wrong length is refused in the rule's words, never a bare count, and may be refused first for
# another rule of the move. Each is to move to the fields' words.
OWN_COUNT_WORDS = {("baon", "cards"), ("baon", "sources"), ("bonbon", "values"), ("bonbon", "revealed")}


def wrong_value(rng: random.Random, field: Field | None, action: dict[str, Any]) -> Any:
    """A value the field does not offer now: out of range, greyed, of the wrong kind, or junk."""
    if isinstance(field, Depends):
        field = field.case(action)
    if isinstance(field, Range) and rng.random() < 0.6:
        bad = rng.choice([field.minimum - 1, field.maximum + 1, field.maximum + 50, -7])
        return [bad] * field.count if field.listed and rng.random() < 0.7 else bad
    if isinstance(field, Choice) and rng.random() < 0.6:
        greyed = [p.value for p in field.picks if not p.allowed(action)]
        offered = [p.value for p in field.picks if p.allowed(action)]
        pool = greyed if greyed and rng.random() < 0.6 else offered
        if pool:
            if field.listed:
                size = rng.choice([0, 1, field.count + 1, (field.count_max or field.count) + 1])
                return [rng.choice(pool) for _ in range(size)]
            return [rng.choice(pool)] if rng.random() < 0.2 else rng.choice(pool)
    return rng.choice(JUNK)


def mutated(rng: random.Random, session: Session) -> Any:
    """An action the touchscreen would never send now, built from a legal one or from nothing."""
    game, expected = session.game, session.expected()
    names = list(session.names)
    how = rng.choice(["value", "value", "value", "missing", "extra", "stranger", "other_player",
                      "wrong_moment", "wrong_moment", "junk", "shapeless"])
    if how == "shapeless":  # not an action at all, or one without a type
        return rng.choice([[], "pass", 7, None, {}, {"by": rng.choice(names)}, {"type": ""}, {"type": 3},
                           {"type": "fly"}, {"type": "undo", "points": 1}, {"type": "redo", "by": "Zoe"},
                           {"type": "pass", "points": float("inf")}])
    if how in ("wrong_moment", "junk") or not expected.legal:
        kind = rng.choice(sorted(game.actions)) if game.actions else "pass"
        action: dict[str, Any] = {"type": kind}
        for name in game.actions.get(kind, ()):
            if rng.random() < 0.7:
                action[name] = rng.choice(JUNK + names)
        if how == "wrong_moment" and kind in {s.type for s in expected.legal}:
            spec = expected.spec(kind)
            action = typed_play.fill(rng, spec, expected.turn)
            for name in spec.fields:
                if rng.random() < 0.5:
                    action[name] = wrong_value(rng, spec.fields[name].resolve(action), action)
        if rng.random() < 0.5:
            action["by"] = rng.choice(names)
        return action
    spec = rng.choice(expected.legal)
    action = typed_play.fill(rng, spec, expected.turn)
    fields = list(spec.fields)
    if how == "value" and fields:
        name = rng.choice(fields)
        action[name] = wrong_value(rng, spec.fields[name].resolve(action), action)
    elif how == "missing" and fields:
        action.pop(rng.choice(fields), None)
    elif how == "extra":
        action[rng.choice(["colour", "cards", "card", "points", "player", "amount"])] = rng.choice(JUNK)
    elif how == "stranger":
        action["by"] = rng.choice(["Zoe", "", "ann", "Ann ", 7])
    else:
        others = [n for n in names if not expected.may_act(spec.type, n)]
        action["by"] = rng.choice(others or names)
    return action


def check_refusal(session: Session, action: Any) -> None:
    """Send the action; refused, its message reads as the rule and the game is exactly as it was."""
    view, state, logged = session.view(), session.state, len(session.timeline)
    try:
        session.dispatch(action)
    except RuleError as refusal:
        why = plain(refusal.message)
        assert why is None, f"{session.game.id}: {action} was refused with {refusal.message!r}: {why}"
        assert session.view() == view and session.state == state and len(session.timeline) == logged, (
            f"{session.game.id}: {action} was refused but changed the game")


@pytest.mark.parametrize("game_id", games.known())
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_actions_no_screen_offers_are_refused_in_plain_words_and_change_nothing(game_id, seed):
    rng = random.Random(seed)
    session = typed_play.table(games.get(game_id), rng)
    for _ in range(STEPS):
        for _ in range(3):
            check_refusal(session, mutated(rng, session))
        if session.result() is not None or typed_play.step(rng, session) is None:
            break


def listed_fields(session: Session, rng: random.Random):
    """Each legal action now filled as a board would, with each of its fields that takes a list."""
    expected = session.expected()
    for spec in expected.legal:
        action = typed_play.fill(rng, spec, expected.turn)
        for name, declared in spec.fields.items():
            field = declared.resolve(action)
            if isinstance(field, (Choice, Range)) and field.listed and isinstance(action.get(name), list):
                yield action, name, field


def refusal(session: Session, action: dict[str, Any]) -> str:
    """The refusal of an action that must be refused, checked as check_refusal checks it."""
    view, state = session.view(), session.state
    with pytest.raises(RuleError) as refused:
        session.dispatch(action)
    message = refused.value.message
    assert plain(message) is None, f"{session.game.id}: {action} was refused with {message!r}: {plain(message)}"
    assert session.view() == view and session.state == state, f"{session.game.id}: {action} changed the game"
    return message


@pytest.mark.parametrize("game_id", games.known())
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_list_sent_as_one_value_or_of_the_wrong_length_is_refused_saying_how_many_of_what(game_id, seed):
    """A field that takes a list (cards laid at once, the colour ranks, a zero's values) refuses a
    single value saying how many of what it takes, as a list, and a list of the wrong length saying
    how many of what it takes and how many came: in the fields' words ("choose exactly 2 cards,
    not 1"), whichever game refuses it."""
    rng = random.Random(seed)
    session = typed_play.table(games.get(game_id), rng)
    for _ in range(STEPS):
        for action, name, field in listed_fields(session, rng):
            sent = action[name]
            most = field.count if isinstance(field, Range) or field.count_max is None else field.count_max
            counted = how_many(field.count, most, field.noun, field.nouns)
            own = (game_id, name) in OWN_COUNT_WORDS
            if sent:
                message = refusal(session, {**action, name: sent[0]})
                assert "as a list" in message and (own or counted in message), (game_id, name, counted, message)
            for size in {field.count - 1, most + 1} - {-1}:
                if size > len(sent) and not sent:
                    continue  # nothing to repeat
                wrong = (sent * (size + 1))[:size]
                message = refusal(session, {**action, name: wrong})
                assert not BARE_COUNT.search(message), (game_id, name, wrong, message)
                # A list whose rules count in words of their own may be refused first for another
                # rule of the move (a baon added where there is none): plain words are all it owes.
                assert own or (counted in message and re.search(rf", not {size}\b", message)), (
                    game_id, name, wrong, f"says {counted!r} and {f'not {size}'!r}", message)
        if session.result() is not None or typed_play.step(rng, session) is None:
            break
