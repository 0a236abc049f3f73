"""Turns, passing, the first passer's tile, card entry rules, rounds, tokens and the end of the game."""

import pytest

from companion.core import RuleError, Session, SetupError
from companion.games.bonbon import Bonbon
from companion.games.bonbon.cards import KINDS
from tests.games.bonbon.support import (
    END,
    PASS,
    cards,
    down,
    legal_types,
    line,
    offered,
    plain,
    play,
    player,
    refused,
    spec,
    started,
    total,
    up,
    view,
    zero,
    zero_reveals,
)


@pytest.mark.parametrize("players, limit", [(2, 10), (3, 15), (4, 20), (5, 30), (6, 36)])
def test_collective_limit_by_player_count(players, limit):
    names = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"][:players]
    assert view(started(names))["collective"]["limit"] == limit


def test_player_count_is_two_to_six():
    with pytest.raises(SetupError, match="2 to 6 players"):
        Session(Bonbon(), ["Ann"])
    with pytest.raises(SetupError, match="2 to 6 players"):
        Session(Bonbon(), ["A", "B", "C", "D", "E", "F", "G"])


def test_game_starts_with_the_tiles_on_display_and_the_chosen_starting_player():
    s = Session(Bonbon(), ["Ann", "Ben", "Cy"])
    assert legal_types(s) == ["start"]
    refused(s, {"type": "draw", "face": "down"}, "not possible now")
    refused(s, {"type": "start", "tiles": ["three", "three", "ones"]}, "only once")
    refused(s, {"type": "start", "tiles": ["three", "ones"]}, "choose exactly 3 tiles of .*, not 2")
    refused(s, {"type": "start", "tiles": "three"}, "choose exactly 3 tiles of .*, as a list .a single value was sent.")
    refused(s, {"type": "start"}, "^Lay out the bonus tiles: choose exactly 3 tiles of [^,]*, [^,]*, [^,]*, [^,]*, [^,]* or [^,]*$")
    refused(s, {"type": "start", "tiles": ["three", "ones", "cake"]}, "There is no such bonus tile: lay out the bonus tiles from")
    refused(s, {"type": "start", "tiles": ["three", "ones", "sets"], "first": "Zed"}, "There is no player called Zed to start: the players are Ann, Ben and Cy")
    s.dispatch({"type": "start", "tiles": ["three", "ones", "sets"], "first": "Ben"})
    assert s.expected().turn == "Ben" and view(s)["tiles"]["shown"] == ["three", "ones", "sets"]


def test_turns_follow_seat_order_and_skip_players_who_passed():
    s = started()
    play(s, up(1), PASS)
    assert s.expected().turn == "Ben" and legal_types(s) == ["take_tile"]
    play(s, {"type": "take_tile", "tile": "three"})
    assert s.expected().turn == "Cy"
    play(s, up(1), up(1))
    assert s.expected().turn == "Cy"  # Ben passed: Ann, then Cy again


def test_a_face_up_card_needs_kind_and_value_and_a_face_down_card_refuses_its_value():
    s = started()
    refused(s, {"type": "draw"}, "face-up or face-down")
    refused(s, {"type": "draw", "face": "up", "value": 3}, "Choose its kind")
    refused(s, {"type": "draw", "face": "up", "kind": "regular"}, "needs its value")
    refused(s, up(10), "1 to 9")
    refused(s, up(0), "a 0 is the zero card")
    refused(s, up(True), "1 to 9")
    refused(s, up(3, kind="cookie"), "There is no such kind of card: face-up, regular, must-play-face-up, zero,")
    refused(s, {"type": "draw", "face": "down", "value": 4}, "without its value")
    refused(s, {"type": "draw", "face": "up", "kind": "regular", "value": 3, "colour": "red"}, "A draw action takes no colour field")


def test_zero_and_must_play_face_up_cards_cannot_be_entered_face_down():
    s = started()
    refused(s, {"type": "draw", "face": "down", "kind": "zero"}, "A zero must be played face-up")
    refused(s, {"type": "draw", "face": "down", "kind": "must_up"}, "must be played face-up")
    refused(s, {"type": "draw", "face": "up", "kind": "zero", "value": 2}, "worth 0")
    # The legal draw says so too: face-down is no choice for those kinds, for any other it is.
    face = spec(s, "draw").fields["face"]
    assert [k for k in KINDS if face.check("face", "down", {"face": "down", "kind": k})] == ["must_up", "zero"]


def test_max_value_option_sets_the_highest_card():
    s = started(max_value=12)
    s.dispatch(up(10))
    assert total(s) == 10
    refused(s, up(13), "1 to 12")


def test_only_the_first_player_to_pass_takes_a_tile():
    s = started()
    play(s, PASS)
    assert s.expected().turn == "Ann" and legal_types(s) == ["take_tile"]
    refused(s, {"type": "take_tile", "tile": "sets"}, r"cannot take the \+2 per set tile now")
    refused(s, {"type": "draw", "face": "down"}, "not possible now. Ann: choose a bonus tile")
    play(s, {"type": "take_tile", "tile": "zeros"})
    assert spec(s, "pass").fields == {}
    refused(s, {"type": "pass", "tile": "three"}, "Ann passed first this round")
    play(s, PASS)
    assert view(s)["tiles"]["taken"] == [{"player": "Ann", "tile": "zeros"}]
    assert view(s)["tiles"]["available"] == ["three", "ones"]


def test_passing_with_the_tile_in_one_action():
    s = started()
    change = s.dispatch({"type": "pass", "tile": "ones"})
    assert {"type": "tile_taken", "player": "Ann", "tile": "ones"} in plain(change.events)
    assert {"type": "passed", "player": "Ann", "first": True} in plain(change.events)
    assert s.expected().turn == "Ben"


def test_by_names_the_player_in_a_refusal():
    s = started()
    play(s, {"type": "pass", "tile": "ones"})
    refused(s, {"type": "draw", "face": "down", "by": "Ann"}, "Ann has already passed this round")
    refused(s, {"type": "draw", "face": "down", "by": "Cy"}, "It is Ben's turn, not Cy's")
    # The session words this one alike for every game.
    refused(s, {"type": "draw", "face": "down", "by": "Zed"}, "Zed is not playing in this game")
    s.dispatch({"type": "draw", "face": "down", "by": "Ben"})


def test_a_zero_with_no_face_down_cards_still_offers_an_extra_turn_which_may_be_declined():
    s = started()
    play(s, zero())
    assert s.expected().turn == "Ann" and legal_types(s) == ["draw", "pass", "end_turn"]
    play(s, END)
    assert s.expected().turn == "Ben"


def test_the_zero_extra_turn_may_be_a_pass():
    s = started()
    play(s, zero(), PASS, {"type": "take_tile", "tile": "three"})
    assert player(s, "Ann")["status"] == "passed" and s.expected().turn == "Ben"


def test_a_zero_needs_exactly_one_value_per_face_down_card_it_turns_over():
    s = started(players=("Ann", "Ben"))
    play(s, down(), PASS, {"type": "take_tile", "tile": "three"}, up(2), down(), down())
    assert zero_reveals(s) == [3, 4]
    refused(s, zero(), "turns over 2 face-down card")
    refused(s, zero(3), "turns over 2 face-down card")
    refused(s, zero(3, 0), "1 to 9")
    refused(s, up(3, revealed=[1, 2]), "Only a zero turns face-down cards over")
    play(s, zero(3, 4))
    # "until you reach the last face up card you have played": the first card stays face-down.
    assert cards(s, "Ann") == [
        {"face": "down"},
        {"face": "up", "kind": "regular", "value": 2},
        {"face": "up", "kind": None, "value": 3},
        {"face": "up", "kind": None, "value": 4},
        {"face": "up", "kind": "zero", "value": 0},
    ]
    assert total(s) == 2 + 3 + 4


def test_a_zero_revealing_past_the_personal_limit_eliminates_and_gives_no_extra_turn():
    s = started()
    play(s, up(5), PASS, {"type": "take_tile", "tile": "three"}, down(), down(), down(), down(), down())
    play(s, zero(4, 3))
    ann = player(s, "Ann")
    assert (ann["status"], ann["out_reason"], ann["face_up_total"]) == ("out", "personal", 12)
    assert s.expected().turn == "Cy" and legal_types(s) == ["draw", "pass"]


def test_collective_overflow_through_a_zero_eliminates_the_active_player():
    s = started(players=("Ann", "Ben"))
    play(s, up(5), up(4), down(), down())
    play(s, zero(2))
    assert total(s) == 11
    assert player(s, "Ann")["out_reason"] == "collective"
    assert view(s)["end_reason"] == "collective_limit"
    assert player(s, "Ben")["discarded"] == 1 and cards(s, "Ben") == [{"face": "up", "kind": "regular", "value": 4}]


def test_personal_limit_falls_by_one_per_token():
    s = started(players=("Ann", "Ben"))
    play(s, up(5), PASS, {"type": "take_tile", "tile": "three"}, PASS)
    assert view(s)["scoring"]["winners"] == ["Ann"]  # 5 against Ben's tile, 3
    s.dispatch({"type": "next_round", "new_tiles": ["sets"]})
    assert player(s, "Ann")["limit"] == 9 and player(s, "Ben")["limit"] == 10
    play(s, up(6), PASS, {"type": "take_tile", "tile": "zeros"}, up(4))
    ann = player(s, "Ann")
    assert (ann["face_up_total"], ann["status"], ann["out_reason"]) == (10, "out", "personal")


def test_everyone_passed_or_eliminated_ends_the_round():
    s = started(players=("Ann", "Ben", "Cy", "Dee"))
    play(s, up(6), up(4), up(1), PASS, {"type": "take_tile", "tile": "three"}, up(5))
    assert player(s, "Ann")["status"] == "out" and view(s)["phase"] == "play"
    play(s, PASS, PASS)
    assert view(s)["phase"] == "scored" and view(s)["end_reason"] == "everyone_done"
    assert [line(s, n)["total"] for n in ("Ben", "Cy", "Dee")] == [4, 1, 3]
    assert view(s)["scoring"]["winners"] == ["Ben"]


def test_round_end_reveal_enters_face_down_values_then_scores():
    s = started(players=("Ann", "Ben"))
    play(s, down(), PASS, {"type": "take_tile", "tile": "three"}, up(3), down(), down(), PASS)
    v = view(s)
    assert v["phase"] == "reveal" and legal_types(s) == ["reveal"]
    assert v["reveal"] == [{"player": "Ann", "values": 3, "cards": [1, 3, 4], "variety": False, "variety_max": None}]
    assert v["scoring"] is None
    refused(s, {"type": "reveal", "player": "Ann", "values": [1, 2]}, "3 face-down card")
    refused(s, {"type": "reveal", "player": "Ben", "values": []}, "Ben has nothing left to reveal")
    refused(s, {"type": "reveal", "player": "Ann", "values": [1, 2, 3], "variety": 2}, "does not hold the variety tile")
    refused(s, {"type": "draw", "face": "down"}, "not possible now. Round 1 over")
    s.dispatch({"type": "reveal", "player": "Ann", "values": [1, 2, 3]})
    ann = line(s, "Ann")
    assert (ann["face_down_sets"], ann["sets_points"], ann["card_values"], ann["tile_points"], ann["total"]) == (
        [1, 2], 1, 9, 0, 10)
    assert line(s, "Ben")["total"] == 3
    # Revealed for scoring only: the cards stay face-down and never join the collective total.
    assert cards(s, "Ann")[0] == {"face": "down", "value": 1}
    assert total(s) == 3


def test_tie_persisting_gives_every_tied_player_a_token():
    s = started(players=("Ann", "Ben"))
    play(s, up(4), up(4), PASS, {"type": "take_tile", "tile": "zeros"}, PASS)
    scoring = view(s)["scoring"]
    assert scoring["winners"] == ["Ann", "Ben"] and scoring["decided_by"] == "tie"
    assert player(s, "Ann")["tokens"] == player(s, "Ben")["tokens"] == 1


def test_tie_break_by_face_down_cards_after_cards_played():
    s = started(players=("Ann", "Ben"))
    play(s, up(3), up(3), down(), up(4), PASS, {"type": "take_tile", "tile": "zeros"}, PASS)
    s.dispatch({"type": "reveal", "player": "Ann", "values": [4]})
    assert (line(s, "Ann")["total"], line(s, "Ben")["total"]) == (7, 7)
    assert (line(s, "Ann")["cards_played"], line(s, "Ben")["cards_played"]) == (2, 2)
    assert view(s)["scoring"]["winners"] == ["Ann"]
    assert view(s)["scoring"]["decided_by"] == "face-down cards"


def test_zeros_do_not_count_as_cards_played_in_the_tie_break():
    s = started(players=("Ann", "Ben"))
    play(s, up(2), up(5), up(3), zero(), PASS, {"type": "take_tile", "tile": "ones"}, PASS)
    # Ann 2 + 3, Ben 5 + 0: counting the zero would make it a tie; without it Ann played more cards.
    assert (line(s, "Ann")["total"], line(s, "Ben")["total"]) == (5, 5)
    assert view(s)["scoring"]["winners"] == ["Ann"]


def test_five_and_six_players_give_tokens_to_the_top_two():
    names = ["Ann", "Ben", "Cy", "Dee", "Eve"]
    s = started(players=names, tiles=("zeros", "ones", "sets"))
    play(s, up(5), up(4), up(3), up(2), up(1))
    play(s, PASS, {"type": "take_tile", "tile": "zeros"}, PASS, PASS, PASS, PASS)
    assert view(s)["scoring"]["winners"] == ["Ann", "Ben"]
    assert [player(s, n)["tokens"] for n in names] == [1, 1, 0, 0, 0]


def test_five_players_a_tie_for_second_place_gives_three_tokens():
    names = ["Ann", "Ben", "Cy", "Dee", "Eve"]
    s = started(players=names, tiles=("zeros", "ones", "sets"))
    play(s, up(5), up(4), up(4), up(2), up(1))
    play(s, PASS, {"type": "take_tile", "tile": "zeros"}, PASS, PASS, PASS, PASS)
    assert view(s)["scoring"]["winners"] == ["Ann", "Ben", "Cy"]


def test_next_round_replaces_taken_tiles_from_the_pile():
    s = started(players=("Ann", "Ben"))
    play(s, PASS, {"type": "take_tile", "tile": "three"}, up(2), PASS)
    next_round = s.expected().legal[0]
    assert next_round.type == "next_round" and list(next_round.fields) == ["new_tiles"]
    new_tiles = next_round.fields["new_tiles"]
    assert offered(new_tiles) == ["face_up", "sets", "variety"] and new_tiles.count == 1 and new_tiles.listed
    refused(s, {"type": "next_round"}, "choose 1 tile")
    refused(s, {"type": "next_round", "new_tiles": ["three"]}, "not one of")
    refused(s, {"type": "next_round", "new_tiles": ["zeros"]}, "not one of")
    s.dispatch({"type": "next_round", "new_tiles": ["variety"]})
    assert view(s)["tiles"]["shown"] == ["zeros", "ones", "variety"]
    assert view(s)["starter"] == "Ben"  # the last player who drew a card


def test_next_round_without_any_draw_keeps_the_starter_and_the_tiles():
    s = started(players=("Ann", "Ben"), first="Ben")
    play(s, PASS, {"type": "take_tile", "tile": "three"}, PASS)
    s.dispatch({"type": "next_round", "new_tiles": ["sets"]})
    assert view(s)["starter"] == "Ben"


def test_three_tokens_win_the_game_and_undo_reopens_it():
    s = started(players=("Ann", "Ben"))
    for round_number in range(3):
        play(s, up(5), PASS, {"type": "take_tile", "tile": view(s)["tiles"]["available"][0]}, PASS)
        assert view(s)["scoring"]["winners"] == ["Ann"]
        if round_number < 2:
            assert view(s)["phase"] == "scored" and s.result() is None
            pile = offered(s.expected().legal[0].fields["new_tiles"])
            s.dispatch({"type": "next_round", "new_tiles": [pile[0]]})
    assert s.result().winners == ("Ann",) and s.result().scores == {"Ann": 3, "Ben": 0}
    assert view(s)["phase"] == "over" and view(s)["winners"] == ["Ann"] and s.expected().legal == ()
    with pytest.raises(RuleError, match="game is over"):
        s.dispatch({"type": "next_round"})
    s.dispatch({"type": "undo"})
    assert s.result() is None and view(s)["phase"] == "play"


def test_undo_across_a_round_end_restores_the_previous_round_exactly():
    s = started(players=("Ann", "Ben"))
    play(s, up(3), down(), PASS, {"type": "take_tile", "tile": "three"}, PASS)
    s.dispatch({"type": "reveal", "player": "Ben", "values": [7]})
    before_next = s.view()
    s.dispatch({"type": "next_round", "new_tiles": ["sets"]})
    play(s, up(4))
    s.dispatch({"type": "undo"})
    s.dispatch({"type": "undo"})
    assert s.view()["view"] == before_next["view"]
    s.dispatch({"type": "undo"})
    assert view(s)["phase"] == "reveal" and player(s, "Ben")["tokens"] == 0
    assert cards(s, "Ben") == [{"face": "down"}]
