"""A round's scoring, the track, the Champion line and its tie-breaks, undo across scoring."""

import pytest

from companion.games.bon.scoring import case_of, champions
from tests.games.bon.support import ROUND_ANN3_BEN0_CY4, line, play, player, refused, started, view


@pytest.mark.parametrize("players, goal", [(3, 3), (4, 2), (5, 1)])
def test_exactly_the_goal_scores_1_zero_scores_2_anything_else_nothing(players, goal):
    assert case_of(goal, goal) == "exact"
    assert case_of(0, goal) == "zero"
    assert {case_of(n, goal) for n in range(1, 8) if n != goal} == {"missed"}


def test_a_whole_round_is_scored_line_by_line_and_the_track_moves():
    s = started()
    events = play(s, *ROUND_ANN3_BEN0_CY4)
    assert [line(s, p)["points"] for p in ("Ann", "Ben", "Cy")] == [1, 2, 0]
    assert line(s, "Ann")["text"] == "Ann: 3 tricks (goal 3), exactly the goal: +1"
    assert line(s, "Ben")["text"] == "Ben: 0 tricks (goal 3), no tricks: +2"
    assert line(s, "Cy")["text"] == "Cy: 4 tricks (goal 3), not the goal: +0"
    assert s.view()["scores"] == {"Ann": 1, "Ben": 2, "Cy": 0} and s.view()["score_label"] == "track"
    scored = next(e for e in events if e["type"] == "round_scored")
    assert scored["text"] == "Round 1: Ann 3 tricks +1; Ben 0 tricks +2; Cy 4 tricks +0"
    assert view(s)["tricks_played"] == 7 and all(p["in_hand"] == 0 for p in view(s)["players"])


def test_undo_and_redo_cross_a_rounds_scoring():
    s = started()
    play(s, *ROUND_ANN3_BEN0_CY4)
    scored = s.state
    change = s.dispatch({"type": "undo"})
    assert view(s)["phase"] == "play" and view(s)["scoring"] is None
    assert s.view()["scores"] == {"Ann": 0, "Ben": 0, "Cy": 0}
    assert change.events[0]["text"] == "Took back: Ben: Blue 5"
    s.dispatch({"type": "redo"})
    assert s.state == scored
    for _ in range(len(ROUND_ANN3_BEN0_CY4) + 3):
        s.dispatch({"type": "undo"})
    assert view(s)["phase"] == "start"
    for _ in range(len(ROUND_ANN3_BEN0_CY4) + 3):
        s.dispatch({"type": "redo"})
    assert s.state == scored


def test_the_next_round_keeps_the_stack_and_the_last_tricks_winner_leads():
    s = started()
    play(s, *ROUND_ANN3_BEN0_CY4)
    ranks = view(s)["ranks"]
    events = s.dispatch({"type": "next_round"}).events
    v = view(s)
    assert v["round"] == 2 and v["phase"] == "deal" and v["ranks"] == ranks
    assert v["leader"] == "Cy" and v["played"] == [] and v["leftovers"] == []
    assert all(p["tricks"] == 0 for p in v["players"]) and player(s, "Ben")["track"] == 2
    assert events[0]["text"] == f"Round 2: Cy leads; ranks {', '.join(c.capitalize() for c in ranks)}"


def test_rotate_gives_the_next_round_to_the_next_seat():
    s = started(next_leader="rotate")
    play(s, *ROUND_ANN3_BEN0_CY4)
    s.dispatch({"type": "next_round"})
    assert view(s)["leader"] == "Ben"


def test_choose_and_new_ranks_ask_at_the_deal():
    s = started(next_leader="choose", new_ranks=True)
    play(s, *ROUND_ANN3_BEN0_CY4)
    assert set(s.expected().spec("next_round").fields) == {"ranks", "first"}
    refused(s, {"type": "next_round", "first": "Ben"}, "Say colour ranks")
    s.dispatch({"type": "next_round", "first": "Ben", "ranks": ["blue", "red", "yellow"]})
    assert view(s)["leader"] == "Ben" and view(s)["ranks"] == ["blue", "red", "yellow"]


def test_a_marker_stops_at_the_champion_line_and_the_game_ends_there():
    s = started(target=1)
    play(s, *ROUND_ANN3_BEN0_CY4)
    assert player(s, "Ben")["track"] == 1  # +2, but the line is the last space
    assert line(s, "Ben")["points"] == 1
    # Ann and Ben reach it together; the Prime colour (top of the stack) breaks the tie.
    assert view(s)["phase"] == "over" and s.result() is not None


def _state(taken, ranks=("blue", "yellow", "red")):
    return {"ranks": list(ranks), "taken": {p: {"red": 0, "yellow": 0, "blue": 0, "pass": 0, **t}
                                            for p, t in taken.items()}}


def test_ties_go_to_the_most_prime_cards_then_the_second_colour_then_a_shared_win():
    assert champions(_state({"A": {"blue": 2}, "B": {"blue": 1, "yellow": 5}}), ["A", "B"]) == (["A"], "prime")
    assert champions(_state({"A": {"blue": 1, "yellow": 1}, "B": {"blue": 1, "yellow": 2, "red": 0}}),
                     ["A", "B"]) == (["B"], "second")
    assert champions(_state({"A": {"blue": 1, "yellow": 1, "red": 4}, "B": {"blue": 1, "yellow": 1}}),
                     ["A", "B"]) == (["A", "B"], "shared")
    # Only players on the line count: C's cards never matter.
    assert champions(_state({"A": {}, "B": {}, "C": {"blue": 9}}), ["A", "B"]) == (["A", "B"], "shared")
    assert champions(_state({"A": {}}), ["A"]) == (["A"], "alone")
    assert champions(_state({"A": {}}), []) == ([], None)
