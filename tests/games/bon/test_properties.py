"""Property tests over random rounds: one winner a trick, the stack a permutation, 7 tricks a round,
a refused action changes nothing, and a failure to follow told exactly when it is provable."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import RuleError, Session
from companion.core.fields import Choice, Players
from companion.games.bon.cards import CHART, COLOURS, PASS, colour_of
from tests.games.bon.support import GAME

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]


def pick(rng: random.Random, spec) -> dict:
    """A random action of this legal type, its fields drawn from the typed choices offered."""
    action = {"type": spec.type}
    for name, field in spec.fields.items():
        values = field.values if isinstance(field, (Choice, Players)) else []
        action[name] = rng.sample(values, field.count) if field.count > 1 else rng.choice(values)
    return action


def check_invariants(s: Session, rounds_done: int) -> None:
    state, view = s.state, s.view()["view"]
    assert json.loads(json.dumps(state)) == state
    assert sorted(view["ranks"]) == sorted(COLOURS), "the stack is always the three colours"
    played = view["played"]
    assert len(played) - played.count(PASS) == len(set(played) - {PASS}), "no card twice in a round"
    assert played.count(PASS) + [c.get("card") for c in view["leftovers"]].count(PASS) <= view["deck"]["passes"]
    assert sum(p["tricks"] for p in view["players"]) == view["tricks_played"] <= 7
    assert sum(sum(p["taken"].values()) for p in view["players"]) == view["tricks_played"] * len(view["players"])
    for p in view["players"]:
        assert 0 <= p["track"] <= view["target"]
    if view["scoring"]:
        assert view["tricks_played"] == 7, "a round is scored after exactly 7 tricks"


def refusal_changes_nothing(s: Session, rng: random.Random) -> None:
    """A card that cannot be on the table (greyed) is refused, and nothing moves."""
    spec = next((x for x in s.expected().legal if x.type in ("play", "leftover")), None)
    if spec is None:
        return
    greyed = [p.value for p in spec.fields["card"].picks if not p.enabled]
    if not greyed:
        return
    before, revision = s.state, s.revision
    try:
        s.dispatch({"type": spec.type, "card": rng.choice(greyed)})
    except RuleError as refused:
        assert refused.message
    else:
        raise AssertionError("a greyed card was accepted")
    assert s.state == before and s.revision == revision


@settings(max_examples=15, deadline=None)
@given(st.integers(3, 5), st.randoms(use_true_random=False), st.booleans())
def test_random_games_from_the_pad_keep_every_invariant(players, rng, advanced):
    """Two rounds (or the whole game) of cards drawn from the pad."""
    s = Session(GAME, NAMES[:players], {"target": 2, "advanced": advanced})
    rounds_done = 0
    while rounds_done < 2 and s.expected().legal:
        expected = s.expected()
        spec = expected.legal[0]
        action = pick(rng, spec)
        before_done = s.view()["view"]["tricks_played"]
        change = s.dispatch(action)
        won = [e for e in change.events if e["type"] == "trick_won"]
        after = s.view()["view"]
        if won:
            assert len(won) == 1, "one winner per trick"
            last = after["last_trick"]
            assert last["winner"] == won[0]["player"] and last["ranks_after"][-1] == won[0]["colour"]
            assert [c for c in last["ranks_before"] if c != won[0]["colour"]] == last["ranks_after"][:2]
        elif spec.type == "play":
            assert after["tricks_played"] == before_done
        rounds_done += any(e["type"] == "round_scored" for e in change.events)
        check_invariants(s, rounds_done)
        refusal_changes_nothing(s, rng)
    assert rounds_done >= 1


def deal(players: int, rng: random.Random) -> tuple[dict[str, list[str]], list[str]]:
    deck = CHART[players]
    cards = deck.cards() + [PASS] * deck.passes
    rng.shuffle(cards)
    hands = {NAMES[i]: cards[i * 7:(i + 1) * 7] for i in range(players)}
    return hands, cards[players * 7:]


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 5), st.randoms(use_true_random=False), st.floats(0, 0.5))
def test_a_failure_to_follow_is_told_exactly_when_a_later_card_proves_it(players, rng, sloppiness):
    """Real hands, dealt at random; players follow Prime except with probability `sloppiness`."""
    hands, leftovers = deal(players, rng)
    s = Session(GAME, NAMES[:players])
    s.dispatch({"type": "start", "ranks": rng.sample(COLOURS, 3), "first": NAMES[0]})
    for card in leftovers:
        s.dispatch({"type": "leftover", "card": card})
    failures: list[dict] = []  # every real failure, with whether a later card proves it
    told = []
    while s.view()["view"]["phase"] == "play":
        view = s.view()["view"]
        who, prime = view["turn"], view["prime"]
        hand = hands[who]
        following = [c for c in hand if colour_of(c) == prime]
        off = [c for c in hand if colour_of(c) not in (prime, None)]
        if prime and following and off and rng.random() < sloppiness:
            card = rng.choice(off)
            failures.append({"player": who, "colour": prime, "trick": view["trick"]["number"]})
        elif prime and following:
            card = rng.choice(following + [c for c in hand if c == PASS])
        else:
            card = rng.choice(hand)
        hand.remove(card)
        events = s.dispatch({"type": "play", "card": card}).events
        told += [e for e in events if e["type"] == "revoke"]
    assert all(not h for h in hands.values()) and s.view()["view"]["tricks_played"] == 7
    # Every notice names a real failure, whose colour the player then still held.
    real = {(f["player"], f["colour"], f["trick"]) for f in failures}
    assert {(t["player"], t["colour"], t["trick"]) for t in told} <= real
    # A failure is provable when the player later plays that colour (no cards are drawn in a round):
    # then one notice about that player and colour is given.
    for f in failures:
        later = [p for p in s.state["done"] if p["number"] > f["trick"]
                 for x in p["plays"] if x["player"] == f["player"] and colour_of(x["card"]) == f["colour"]]
        noticed = [t for t in told if (t["player"], t["colour"]) == (f["player"], f["colour"])
                   and t["trick"] <= f["trick"] < t["proved_in"]]
        assert bool(later) == bool(noticed), (f, told)
    if not failures:
        assert told == [], "never told when everyone followed"
