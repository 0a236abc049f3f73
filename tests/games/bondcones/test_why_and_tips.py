"""Why? of BondCones' captures, removals and win, and a learning game's tips (issue 32, items 3
and 4), on the scripted games."""

from __future__ import annotations

import json
from pathlib import Path

from companion.core import Session
from companion.core.learning import TIP
from companion.games.bondcones import BondCones
from tests.test_every_game_teaches import MAX_WORDS, RAW

SCRIPTS = Path(__file__).parent / "scripts"
GAME = BondCones()


def played(name: str, **options):
    lines = [json.loads(line) for line in (SCRIPTS / f"{name}.jsonl").read_text().splitlines() if line.strip()]
    s = Session(GAME, lines[0]["players"], {**lines[0].get("options", {}), **options})
    events = [e for action in lines[1:] for e in s.dispatch(action).events]
    return s, events


def test_each_capture_says_its_value_and_the_counting_frame_it_makes():
    s, events = played("game_summary_28_points_win")
    captures = [e for e in events if e["type"] == "capture"]
    assert GAME.why(captures[3]).lines == ("Mia +4: captured one of Leo's cones, worth 4",
                                           "Mia's counting frame now 20 of 28, 8 to go")
    assert GAME.why(captures[3]).rule == "capturing"
    # The values add up to the frame the game shows.
    assert sum(int(GAME.why(e).lines[0].split(":")[0].split("+")[1]) for e in captures) == GAME.scores(s.state)["Mia"]
    won = next(e for e in events if e["type"] == "game_won")
    assert GAME.why(won).lines == ("Mia's counting frame reached 28 with 7 cones taken: 28 points win at once",)
    for e in events:
        for line in (GAME.why(e).lines if e["type"] in GAME.explained else ()):
            assert len(line) <= MAX_WORDS and not RAW.search(line)


def test_a_removal_and_a_ring_taken_say_why():
    _, events = played("bondo_battle_lost_against_a_double_bondo")
    removed = next(e for e in events if e["type"] == "cone_removed")
    assert GAME.why(removed).lines[0] == ("Mia +8: Leo lost a battle against a Double BondO, so Mia removed one "
                                          "of Leo's cones, worth 8")
    assert GAME.why(removed).rule == "bondo-battle"
    _, events = played("double_bondo_captured_by_an_ordinary_cone")
    taken = [e for e in events if e["type"] == "capture"][-1]
    assert GAME.why(taken).lines[-1] == "The cone carried the Double BondO's two rings: they go to Leo's capturing cone"


def test_a_learning_game_tells_each_rule_once_and_only_then():
    _, events = played("game_summary_28_points_win", learning=True)
    told = [e["tip"] for e in events if e["type"] == TIP]
    assert told == ["opening", "move", "capture", "target-near"]
    _, events = played("bondo_battle_lost", learning=True)
    assert [e["tip"] for e in events if e["type"] == TIP] == ["opening", "move", "capture", "ring-lost", "battle"]
    assert all(len(e["text"]) <= 150 for e in events if e["type"] == TIP)
    _, plain = played("bondo_battle_lost")
    assert [e for e in plain if e["type"] == TIP] == []
