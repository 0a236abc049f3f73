"""The rulebook's own worked examples, replayed as scripts with the rulebook's numbers."""

from tests.games.bonbon.support import cards, line, plain, player, run_script, total, view


def test_collective_limit_example_anna_john_cris():
    """'Anna draws a 1 which she must play face-up ... 16, exceeding the collective limit, which in a
    3-player game is 15. The round ends immediately and Anna is eliminated.'"""
    s = run_script("collective_limit_anna_john_cris.jsonl")
    v = view(s)
    assert v["collective"] == {"total": 16, "limit": 15, "left": -1, "over": True}
    assert v["end_reason"] == "collective_limit"
    anna = player(s, "Anna")
    assert (anna["status"], anna["out_reason"]) == ("out", "collective")
    # "John, having already passed, doesn't have to discard any card."
    john = player(s, "John")
    assert john["status"] == "passed" and john["discarded"] == 0
    assert cards(s, "John") == [{"face": "up", "kind": "regular", "value": 6}]
    # "Cris, having not yet passed, must discard her last card as she played it face down ...
    # She repeats this process until she reaches the last card she played [face up], the 4."
    cris = player(s, "Cris")
    assert cris["discarded"] == 2
    assert cards(s, "Cris") == [{"face": "up", "kind": "regular", "value": 4}]
    # Nothing face-down is left for the players who score, so the round is scored at once.
    assert v["phase"] == "scored"
    assert line(s, "Anna")["eliminated"] is True and line(s, "Anna")["total"] is None
    assert line(s, "John")["total"] == 6  # the ones tile: no 1s among his cards
    assert line(s, "Cris")["total"] == 4
    assert v["scoring"]["winners"] == ["John"]


def test_collective_limit_example_events_name_the_elimination_and_the_discards():
    s = run_script("collective_limit_anna_john_cris.jsonl")
    s.dispatch({"type": "undo"})
    change = s.dispatch({"type": "draw", "face": "up", "kind": "must_up", "value": 1})
    kinds = [(e["type"], e.get("player")) for e in change.events]
    assert ("eliminated", "Anna") in kinds
    assert ("discarded", "Cris") in kinds
    assert ("round_over", None) in kinds and ("round_won", None) in kinds
    assert {"type": "discarded", "player": "Cris", "cards": 2} in plain(change.events)


def test_scoring_example_lucy_nick_sophie_and_the_tie_break():
    s = run_script("scoring_lucy_nick_sophie.jsonl")
    lucy, nick, sophie = (line(s, name) for name in ("Lucy", "Nick", "Sophie"))
    # "Lucy has only played one card face down, so she doesn't take any point tokens ... she scores 10 points."
    assert (lucy["face_down_sets"], lucy["sets_points"], lucy["card_values"], lucy["total"]) == ([1], 0, 10, 10)
    # "Nick played two cards face-down in a row, so he takes a 1-point token ... (9). Also, since he
    # was the first player to pass, he adds the points of the tile he chose (3). In total, he scores 13."
    assert (nick["sets_points"], nick["card_values"], nick["tile"], nick["tile_points"]) == (1, 9, "three", 3)
    assert nick["total"] == 13
    # "Sophie played 3 cards face-down in a row, so she takes a 2 point token ... (11). In total, she
    # has 13 points, but since she played more cards than Nick, Sophie wins this round"
    assert (sophie["sets_points"], sophie["card_values"], sophie["total"]) == (2, 11, 13)
    assert sophie["cards_played"] > nick["cards_played"]
    scoring = view(s)["scoring"]
    assert scoring["winners"] == ["Sophie"] and scoring["decided_by"] == "cards played"
    assert [row["token"] for row in scoring["lines"]] == [False, False, True]
    # "Now her personal limit is 9 points."
    assert player(s, "Sophie")["tokens"] == 1 and player(s, "Sophie")["limit"] == 9
    assert player(s, "Nick")["limit"] == 10


def test_scoring_example_next_round_starts_with_the_last_player_who_drew():
    s = run_script("scoring_lucy_nick_sophie.jsonl")
    s.dispatch({"type": "next_round", "new_tiles": ["ones"]})
    v = view(s)
    assert v["round"] == 2 and v["starter"] == "Sophie" and v["turn"] == "Sophie"
    assert v["tiles"]["shown"] == ["zeros", "sets", "ones"]
    assert v["collective"]["total"] == 0 and all(p["cards"] == [] for p in v["players"])
    assert player(s, "Sophie")["limit"] == 9


def test_zero_example_reveals_back_to_the_last_face_up_card_then_an_extra_turn():
    """'They must reveal it and advance the collective limit token 1 space ... reveal it and advance
    4 spaces ... They then decide to draw another card and play it face up. Now their face-up cards
    total 9, and they still haven't exceeded their personal limit of 10.'"""
    s = run_script("zero_reveals.jsonl")
    ann = player(s, "Ann")
    assert [(c["face"], c.get("value")) for c in ann["cards"]] == [("up", 2), ("up", 4), ("up", 1), ("up", 0), ("up", 2)]
    assert ann["face_up_total"] == 9 and ann["limit"] == 10 and ann["status"] == "in"
    assert total(s) == 9


def test_zero_example_moves_the_board_by_each_revealed_value():
    s = run_script("zero_reveals.jsonl")
    for _ in range(2):
        s.dispatch({"type": "undo"})
    assert total(s) == 2
    s.dispatch({"type": "draw", "face": "up", "kind": "zero", "revealed": [4, 1]})
    assert total(s) == 2 + 4 + 1
    assert s.expected().prompt.startswith("Ann played a zero")


def test_personal_limit_example_a_forced_face_up_card_past_10_eliminates():
    """'At the start of their turn, this player's face-up cards' total value is 10 ... the card they
    draw forces them to play it face up, exceeding their personal limit and eliminating them.'"""
    s = run_script("personal_limit.jsonl")
    ann = player(s, "Ann")
    assert ann["face_up_total"] == 12 and (ann["status"], ann["out_reason"]) == ("out", "personal")
    assert view(s)["phase"] == "play" and s.expected().turn == "Ben"
    # Her cards stay on the table and still count towards the collective total.
    assert total(s) == 12
