"""Why? of BONC!'s lives lost, eliminations, BLOCKs and the last player standing, and a learning
game's tips (issue 32, items 3 and 4), on the scripted games."""

from __future__ import annotations

import json
from pathlib import Path

from companion import games
from companion.core import Session
from companion.core.learning import TIP
from tests.test_every_game_teaches import MAX_WORDS, RAW

SCRIPTS = Path(__file__).parent / "scripts"
GAME = games.get("bonc")


def played(name: str, **options):
    lines = [json.loads(line) for line in (SCRIPTS / f"{name}.jsonl").read_text().splitlines() if line.strip()]
    s = Session(GAME, lines[0]["players"], {**lines[0].get("options", {}), **options})
    events = [e for action in lines[1:] for e in s.dispatch(action).events]
    return s, events


def test_a_chain_says_the_lives_it_cost_and_who_went_out():
    s, events = played("full_game_to_one_winner")
    hits = [e for e in events if e["type"] == "bonc"]
    assert GAME.why(hits[1]).lines == (
        "Ben loses 2 lives: Cat's 8 matched Ben's 8, the third 8 in a row: DOUBLE BONC! costs 2 lives",
        "Ben has 1 of 3 lives left")
    assert GAME.why(hits[1]).rule == "matching-numbers"
    out = GAME.why(hits[-1])
    assert out.lines[-1] == "Ben is out: 0 lives left after Ann's SNEAK" and out.rule == "end-of-the-game"
    won = next(e for e in events if e["type"] == "won")
    assert GAME.why(won).lines == ("Ann is the last player standing, with 1 life: Ben and Cat lost every life",)
    # Each player's losses add up to the lives the game shows.
    for player, left in GAME.scores(s.state).items():
        assert 3 - sum(e["lost"] for e in hits if e["player"] == player) == left
    for e in events:
        for line in (GAME.why(e).lines if e["type"] in GAME.explained else ()):
            assert len(line) <= MAX_WORDS and not RAW.search(line)


def test_a_chain_that_outruns_the_lives_and_a_block_say_why():
    _, events = played("elimination_in_the_middle_of_a_chain")
    triple = [e for e in events if e["type"] == "bonc"][-1]
    assert GAME.why(triple).lines[1] == "Only 2 lives left to lose: nobody goes below 0"
    _, events = played("block_out_of_turn")
    blocked = next(e for e in events if e["type"] == "blocked")
    assert GAME.why(blocked).lines == ("Ann keeps 1 life: a BLOCK cancels what Ben's 7 took",
                                       "Ann now has 5 lives; a card is drawn to replace the BLOCK")
    assert GAME.why(blocked).rule == "block"


def test_a_learning_game_tells_each_rule_once_and_only_then():
    _, events = played("block_out_of_turn", learning=True)
    told = [e["tip"] for e in events if e["type"] == TIP]
    assert told == ["matching", "chain", "block", "block-not-a-turn"]
    _, events = played("full_game_to_one_winner", learning=True)
    told = [e["tip"] for e in events if e["type"] == TIP]
    assert told == ["matching", "chain", "block", "last-life"]
    assert all(len(e["text"]) <= 150 for e in events if e["type"] == TIP)
    _, plain = played("block_out_of_turn")
    assert [e for e in plain if e["type"] == TIP] == []
