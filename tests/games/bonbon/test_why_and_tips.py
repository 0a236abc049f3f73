"""Why? of Bonbon's limits, eliminations and round scoring, and a learning game's tips (issue 32,
items 3 and 4), on the scripted games."""

from __future__ import annotations

import json

from companion.core import Session
from companion.core.learning import TIP
from tests.games.bonbon.support import GAME, SCRIPTS
from tests.test_every_game_teaches import MAX_WORDS, RAW


def played(name: str, **options):
    lines = [json.loads(line) for line in (SCRIPTS / f"{name}.jsonl").read_text().splitlines() if line.strip()]
    s = Session(GAME, lines[0]["players"], {**lines[0].get("options", {}), **options})
    events = [e for action in lines[1:] for e in s.dispatch(action).events]
    return s, events


def first(events, kind):
    return next(e for e in events if e["type"] == kind)


def test_a_rounds_scoring_adds_up_and_says_the_tie_break():
    s, events = played("scoring_lucy_nick_sophie")
    why = GAME.why(first(events, "round_won"))
    assert why.rule == "scoring"
    assert why.lines == (
        "Lucy 10: 10 in card numbers (3 cards played, 1 face-down)",
        "Nick 13: 9 in card numbers + 1 for face-down set of 2 + 3 for the +3 points tile "
        "(2 cards played, 2 face-down)",
        "Sophie 13: 11 in card numbers + 2 for face-down set of 3 (4 cards played, 3 face-down)",
        "Sophie takes a bonbon token: tied on points: most cards played, zeros not counted",
    )
    totals = {ln["player"]: ln["total"] for ln in s.view()["view"]["scoring"]["lines"]}
    for line in why.lines[:-1]:
        who, rest = line.split(" ", 1)
        parts = rest.split(": ", 1)[1].split(" (")[0].split(" + ")
        assert sum(int(p.split()[0]) for p in parts) == totals[who] == int(rest.split(":")[0])
    for line in why.lines:
        assert len(line) <= MAX_WORDS and not RAW.search(line)


def test_eliminations_say_the_limit_and_the_total_that_broke_it():
    _, events = played("personal_limit")
    assert GAME.why(first(events, "eliminated")).lines == (
        "Ann is out: face-up cards worth 12, over the personal limit of 10 (no bonbon token yet)",)
    _, events = played("collective_limit_anna_john_cris")
    out = GAME.why(first(events, "eliminated"))
    assert out.rule == "the-limits" and out.lines == (
        "Anna is out: the table's face-up cards reached 16, over the collective limit of 15 for 3 players, "
        "on Anna's move",)
    assert "16" in GAME.why(first(events, "round_over")).lines[0]


def test_a_learning_game_tells_each_rule_once_and_only_then():
    _, events = played("collective_limit_anna_john_cris", learning=True)
    told = [e["tip"] for e in events if e["type"] == TIP]
    assert told == ["collective-near", "face-down", "first-pass", "token-limit"]
    near = first(events, TIP)
    assert near["text"] == ("The table's face-up cards are at 11 of 15: whoever takes it over is out "
                            "and the round stops.")
    _, events = played("zero_reveals", learning=True)
    told = [e["tip"] for e in events if e["type"] == TIP]
    assert "zero" in told and len(told) == len(set(told))
    assert all(len(e["text"]) <= 150 for e in events if e["type"] == TIP)
    _, plain = played("collective_limit_anna_john_cris")
    assert [e for e in plain if e["type"] == TIP] == []
