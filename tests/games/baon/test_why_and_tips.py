"""Why? of Baon's final count, its bonus tokens and Lola, and a learning game's tips (issue 32,
items 3 and 4), on the scripted whole game."""

from __future__ import annotations

import json

from companion.core import Session
from companion.core.learning import TIP
from tests.games.baon.support import GAME, SCRIPTS
from tests.test_every_game_teaches import MAX_WORDS, RAW


def played(name: str, **options):
    lines = [json.loads(line) for line in (SCRIPTS / f"{name}.jsonl").read_text().splitlines() if line.strip()]
    s = Session(GAME, lines[0]["players"], {**lines[0].get("options", {}), **options})
    events = [e for action in lines[1:] for e in s.dispatch(action).events]
    return s, events


def test_the_final_count_adds_up_part_by_part_to_the_score_shown():
    s, events = played("whole_game")
    over = next(e for e in events if e["type"] == "game_over")
    why = GAME.why(over)
    assert why.rule == "scoring"
    assert why.lines[0] == ("Ann 41: 10 points of cards + 10 for varied baons + 6 for 2 generosity cubes "
                            "+ 10 for Biggest Baon + 5 for Most Generous")
    assert "Ann's cards: 1 matching container and favourite (5), 4 matching neither (4), 1 treat (1)" in why.lines
    assert why.lines[-1] == "Ann has the most points: 41"
    for player, total in GAME.scores(s.state).items():
        line = next(ln for ln in why.lines if ln.startswith(f"{player} {total}: "))
        parts = line.split(": ", 1)[1].split(" + ")
        assert sum(int(part.split()[0]) for part in parts) == total, line
    for line in why.lines:
        assert len(line) <= MAX_WORDS and not RAW.search(line)


def test_a_token_says_the_counts_that_gave_the_majority():
    _, events = played("tokens_tom_dave_glenn")
    taken = [e for e in events if e["type"] == "claimed"][1]
    assert GAME.why(taken).lines == (
        "Dave has more cards in one baon than anyone else (Tom 4, Dave 5, Glenn 0), so takes Biggest Baon "
        "(10 points at the end)", "Tom loses it: a token goes to whoever leads clearly")
    lola = next(e for e in played("lola_end")[1] if e["type"] == "lola")
    assert GAME.why(lola).rule == "the-last-round"


def test_a_learning_game_tells_each_rule_once_and_only_then():
    _, events = played("whole_game", learning=True)
    told = [e["tip"] for e in events if e["type"] == TIP]
    assert told == ["take-or-play", "matching", "tokens", "treats", "sharing", "discard", "pile-near", "last-round"]
    assert all(len(e["text"]) <= 150 for e in events if e["type"] == TIP)
    _, plain = played("whole_game")
    assert [e for e in plain if e["type"] == TIP] == []
    _, entered = played("scoring_only", learning=True)
    assert [e for e in entered if e["type"] == TIP] == []
