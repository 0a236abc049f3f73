"""Property tests: random games driven only by expected()'s typed fields and the public view.

Every score is the sum of its lines; a refused action changes nothing; a token changes hands
only to a player with a strict majority; no card is made or lost between pile, countertop,
Lola, hands and baons.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import RuleError, Session
from companion.games.baon import Baon
from companion.games.baon.tokens import TOKENS, counts
from companion.ui.kit.fields import resolve

GAME = Baon()
NAMES = ["Ann", "Ben", "Cy", "Dee"]


def _enabled(field: dict) -> list:
    return [o["value"] for o in field["options"] if o.get("enabled", True)]


def _run(rng: random.Random, cards: list[str], length: int, low: int) -> list[str]:
    """A run of `length` from value `low`, each card a free card of that value or a wild."""
    out = []
    for v in range(low, low + length):
        free = [c for c in cards if c != "w" and int(c[1:]) == v]
        out.append(rng.choice(free) if free and rng.random() < 0.85 else "w")
    return out


def random_action(rng: random.Random, view: dict) -> dict:
    """An action built from the legal actions' fields: mostly sensible, sometimes not (to be refused)."""
    legal = view["expected"]["legal"]
    weights = [{"take": 4, "baon": 3, "add": 3, "end_turn": 3, "discard": 5, "lola": 0.05, "score": 0.2}.get(
        spec["type"], 1) for spec in legal]
    spec = rng.choices(legal, weights)[0]
    f = spec["fields"]
    action = {"type": spec["type"]}
    for name, declared in f.items():
        field = resolve(declared, action)  # a container of the player or owner chosen before it
        if field is None or (field.get("optional") and rng.random() < 0.7):
            continue
        options = _enabled(field) or [o["value"] for o in field["options"]] if "options" in field else []
        if name == "cards":
            hand = field.get("count_max", 3)
            length = rng.randint(field["count"], max(field["count"], min(hand, 5)))
            action[name] = _run(rng, options, length, rng.randint(1, 13 - length))
        elif name == "sources":
            action[name] = [rng.choice(options) for _ in range(rng.randint(1, field["count_max"]))]
        elif field["kind"] == "range":
            action[name] = rng.randint(field["minimum"], min(field["maximum"], 6))
        else:
            action[name] = rng.choice(options)
    if action["type"] == "add" and rng.random() < 0.8:
        # Aim at a real baon: the owner's, next to one of its ends.
        owners = [p for p in view["view"]["players"] if p["baons"]]
        owner = rng.choice(owners)
        baon = rng.choice(owner["baons"])
        action.update(owner=owner["name"], container=baon["container"])
        n = len(action["cards"])
        low = baon["low"] - n if rng.random() < 0.5 else baon["high"] + 1
        free = _enabled(f["cards"])
        action["cards"] = _run(rng, free, n, max(1, min(low, 13 - n)))
    return action


def dealt(state: dict) -> int:
    """Every food card the app counts, wherever it lies."""
    laid = sum(len(b["cards"]) for p in state["players"] for b in state["baons"][p].values())
    return state["pile"] + sum(state["spaces"]) + state["under"] + sum(state["hands"].values()) + laid


def check_invariants(s: Session, before: dict, action: dict) -> None:
    state, shown = s.state, s.view()
    for row in shown["view"]["scoring"]:
        assert row["total"] == sum(row["lines"].values())
        assert shown["scores"][row["player"]] == row["total"]
    if state["mode"] == "game":
        # "Lola shows" is the table correcting the app's count: the pile is empty, whatever it said.
        assert dealt(state) == dealt(before) - (before["pile"] if action["type"] == "lola" else 0)
        assert all(n >= 0 for n in state["hands"].values()) and state["pile"] >= 0
    for t in TOKENS:
        new, old = state["holders"][t], before["holders"][t]
        if new != old:
            found = counts(state, t)
            assert found[new] > max(n for p, n in found.items() if p != new) or state["mode"] == "scoring_only"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), tally=st.booleans())
def test_random_games_keep_the_rules_invariants(seed, players, tally):
    rng = random.Random(seed)
    s = Session(GAME, NAMES[:players], {"scoring_only": tally and rng.random() < 0.3})
    accepted = refused = 0
    assert dealt(s.state) == len(s.state["suits"]) * 12 + 8 or s.state["mode"] == "scoring_only"
    for _ in range(400):
        if s.result() is not None:
            break
        before, revision, shown = s.state, s.revision, s.view()
        action = random_action(rng, shown)
        try:
            s.dispatch(action)
        except RuleError as exc:
            refused += 1
            assert exc.message and s.state == before and s.revision == revision and s.view() == shown
            continue
        accepted += 1
        check_invariants(s, before, action)
    assert accepted > 0
