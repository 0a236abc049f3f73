"""Why? of B.O.N's scoring and Champion line, and a learning game's tips (issue 32, items 3 and 4)."""

from __future__ import annotations

from companion.core import Session
from companion.core.learning import TIP
from tests.games.bon.support import GAME, ROUND_ANN3_BEN0_CY4, play, started, view
from tests.test_every_game_teaches import MAX_WORDS, RAW


def tips_of(events):
    return [e["tip"] for e in events if e["type"] == TIP]


def test_a_rounds_scoring_says_each_players_tricks_and_points():
    s = started()
    events = play(s, *ROUND_ANN3_BEN0_CY4)
    scored = next(e for e in events if e["type"] == "round_scored")
    why = GAME.why(scored)
    assert why.rule == "scoring-a-round"
    assert why.lines == (
        "Ann +1: took exactly the goal of 3 tricks, now 1 of 5",
        "Ben +2: took no trick at all, now 2 of 5",
        "Cy +0: took 4 tricks, not the goal of 3: nothing, now 0 of 5",
    )
    # The numbers add up to the track the game shows.
    assert GAME.scores(s.state) == {"Ann": 1, "Ben": 2, "Cy": 0}
    for line in why.lines:
        assert len(line) <= MAX_WORDS and not RAW.search(line)


def test_the_champion_line_says_who_reached_it():
    s = started(target=2)
    events = play(s, *ROUND_ANN3_BEN0_CY4)
    won = next(e for e in events if e["type"] == "game_won")
    assert GAME.why(won).lines == ("Ben reached the Champion line (2 spaces) after 1 round",)
    assert GAME.why(won).rule == "end-of-the-game"
    scored = next(e for e in events if e["type"] == "round_scored")
    assert GAME.why(scored).lines[1] == "Ben +2: took no trick at all, now 2 of 2"


def test_a_learning_game_tells_each_rule_once_and_only_then():
    s = Session(GAME, ["Ann", "Ben", "Cy"], {"learning": True})
    assert tips_of(s.dispatch({"type": "start", "ranks": ["red", "yellow", "blue"], "first": "Ann"}).events) == ["goal"]
    for _ in range(2):
        s.dispatch({"type": "leftover", "card": "pass"})
    told = tips_of(play(s, *ROUND_ANN3_BEN0_CY4))
    assert told[:3] == ["follow-prime", "strongest-colour", "stack-moves"]
    assert "goal-reached" in told
    assert len(told) == len(set(told))
    assert tips_of(s.dispatch({"type": "next_round"}).events) == []  # the goal was told in round 1
    for tip in GAME.tips(s.state, s.state, {"type": "play"}):
        assert len(tip.text) <= 150
    plain = started()
    assert tips_of(play(plain, *ROUND_ANN3_BEN0_CY4)) == []
    assert view(plain)["phase"] == "scored"
