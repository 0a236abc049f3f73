"""The five effects: only when played face-up, optional, and never aimed at a player who passed."""

import pytest

from companion.core import RuleError
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
    targets,
    total,
    up,
    view,
    zero,
    zero_reveals,
)


# -- played face-down, an effect card is just a card --------------------------------------


@pytest.mark.parametrize("kind", ["pass_tile", "peek", "swap", "draw_again", "hide"])
def test_an_effect_card_played_face_down_does_nothing(kind):
    s = started()
    play(s, up(3), down())
    s.dispatch({"type": "draw", "face": "down", "kind": kind})
    assert s.expected().turn == "Ann" and legal_types(s) == ["draw", "pass"]
    assert cards(s, "Cy") == [{"face": "down"}]  # the kind is not kept: it is as secret as the value


@pytest.mark.parametrize("kind", ["pass_tile", "peek", "swap", "hide"])
def test_an_effect_is_optional(kind):
    s = started()
    play(s, down(), down(), down(), up(1, kind=kind))
    assert legal_types(s)[-1] == "end_turn" and s.expected().turn == "Ann"
    play(s, END)
    assert s.expected().turn == "Ben" and player(s, "Ann")["status"] == "in"


# -- reveal (peek) -------------------------------------------------------------------------


def test_peek_reveals_another_players_face_down_card_and_it_counts_towards_both_limits():
    s = started()
    play(s, down(), down(), down(), up(2, kind="peek"))
    assert targets(spec(s, "peek")) == [
        {"player": "Ben", "card": 1, "value_needed": True},
        {"player": "Cy", "card": 1, "value_needed": True},
    ]
    refused(s, {"type": "peek", "player": "Ann", "card": 1, "value": 3}, "another player's card, not your own")
    refused(s, {"type": "peek", "player": "Ben", "card": 2, "value": 3}, "Ben has no card 2: Ben has one card")
    refused(s, {"type": "peek", "player": "Ben", "card": 1}, "needs its value")
    refused(s, {"type": "peek", "player": "Ben", "card": 1, "value": 0}, "1 to 9")
    play(s, {"type": "peek", "player": "Ben", "card": 1, "value": 6})
    assert cards(s, "Ben") == [{"face": "up", "kind": None, "value": 6}]
    assert player(s, "Ben")["face_up_total"] == 6 and total(s) == 8
    # "If the revealed card has a special effect, it is not used": play simply moves on.
    assert s.expected().turn == "Ben" and legal_types(s) == ["draw", "pass"]


def test_peek_cannot_target_a_player_who_passed():
    s = started()
    play(s, down(), {"type": "pass", "tile": "three"}, down(), up(2, kind="peek"))
    assert [c["player"] for c in targets(spec(s, "peek"))] == ["Cy"]
    refused(s, {"type": "peek", "player": "Ben", "card": 1, "value": 3}, "Ben has already passed this round and cannot be targeted")


def test_peek_with_nobody_to_target_passes_the_turn_on_and_says_so():
    s = started()
    change = s.dispatch(up(2, kind="peek"))
    assert s.expected().turn == "Ben" and legal_types(s) == ["draw", "pass"]
    # Skipped without a choice to make: the table is told, so nobody wonders why the card did nothing.
    assert {"type": "effect_skipped", "player": "Ann", "effect": "peek"} in plain(change.events)


def test_no_skipped_effect_is_announced_when_the_effect_is_offered_or_the_card_is_face_down():
    s = started()

    def told(action):  # what is announced besides the card itself
        return [e for e in plain(s.dispatch(action).events) if e["type"] != "drew"]

    assert not any(e["type"] == "effect_skipped" for e in s.dispatch(down()).events)  # Ann
    assert told(up(2, kind="peek")) == []  # Ben: Ann's card may be revealed
    s.dispatch(END)
    assert told(up(2, kind="swap")) == []  # Cy: offered
    s.dispatch(END)
    assert told({"type": "draw", "face": "down", "kind": "peek"}) == []  # Ann: just a card


def test_peek_past_the_owners_personal_limit_eliminates_the_owner():
    s = started(players=("Ann", "Ben", "Cy", "Dee"))
    play(s, up(1), up(7), up(1), up(1), up(1), down(), down(), down(), up(2, kind="peek"))
    play(s, {"type": "peek", "player": "Ben", "card": 2, "value": 5})
    ben = player(s, "Ben")
    assert (ben["face_up_total"], ben["status"], ben["out_reason"]) == (12, "out", "personal")
    assert player(s, "Ann")["status"] == "in" and view(s)["phase"] == "play"
    assert s.expected().turn == "Cy"


def test_peek_past_the_collective_limit_eliminates_the_revealing_player():
    s = started(players=("Ann", "Ben"))
    play(s, up(3), down(), up(2, kind="peek"))
    play(s, {"type": "peek", "player": "Ben", "card": 1, "value": 6})
    assert total(s) == 11
    assert (player(s, "Ann")["status"], player(s, "Ann")["out_reason"]) == ("out", "collective")
    assert player(s, "Ben")["status"] == "in"
    assert view(s)["end_reason"] == "collective_limit" and view(s)["phase"] == "scored"
    assert view(s)["scoring"]["winners"] == ["Ben"]


def test_peek_at_a_card_turned_face_down_needs_no_value():
    s = started()
    play(s, up(4), up(2, kind="hide"), {"type": "hide", "player": "Ann", "card": 1}, up(1, kind="peek"))
    assert targets(spec(s, "peek")) == [{"player": "Ann", "card": 1, "value_needed": False}]
    # Refused without saying the number: the card is face-down at that moment.
    refused(s, {"type": "peek", "player": "Ann", "card": 1, "value": 5}, "not the value Ann's card had")
    try:
        s.dispatch({"type": "peek", "player": "Ann", "card": 1, "value": 5})
    except RuleError as exc:
        assert "4" not in exc.message
    play(s, {"type": "peek", "player": "Ann", "card": 1})
    assert cards(s, "Ann")[0] == {"face": "up", "kind": "regular", "value": 4}
    assert total(s) == 4 + 2 + 1


# -- swap ------------------------------------------------------------------------------------


def test_swap_exchanges_two_cards_between_two_players_each_keeping_its_face():
    s = started()
    play(s, up(3), up(5), down(), up(1, kind="swap"))
    offers = targets(spec(s, "swap"))
    assert {"player": "Cy", "card": 1} in offers and {"player": "Ann", "card": 2} in offers
    refused(s, {"type": "swap", "cards": [{"player": "Ann", "card": 1}, {"player": "Ann", "card": 2}]}, "between two players")
    refused(s, {"type": "swap", "cards": [{"player": "Ann", "card": 1}]}, "Ann: choose exactly 2 cards to swap, one from each of two players, not 1")
    refused(s, {"type": "swap", "cards": {"player": "Ann", "card": 1}},
            "Ann: choose exactly 2 cards to swap, one from each of two players, as a list .a single value was sent.")
    refused(s, {"type": "swap", "cards": [{"player": "Ann", "card": 1}, {"player": "Cy", "card": 3}]}, "Cy has no card 3: Cy has one card")
    # "you may swap any two cards (including this one)"
    play(s, {"type": "swap", "cards": [{"player": "Ann", "card": 1}, {"player": "Cy", "card": 1}]})
    assert cards(s, "Ann") == [{"face": "down"}, {"face": "up", "kind": "swap", "value": 1}]
    assert cards(s, "Cy") == [{"face": "up", "kind": "regular", "value": 3}]
    assert total(s) == 9 and player(s, "Ann")["face_up_total"] == 1 and player(s, "Cy")["face_up_total"] == 3
    assert s.expected().turn == "Ben"


def test_swap_cannot_reach_a_player_who_passed():
    s = started()
    play(s, up(3), {"type": "pass", "tile": "three"}, up(4), up(1, kind="swap"))
    assert {item["player"] for item in targets(spec(s, "swap"))} == {"Ann", "Cy"}
    refused(s, {"type": "swap", "cards": [{"player": "Ann", "card": 1}, {"player": "Ben", "card": 1}]}, "Ben has already passed")


def test_swap_that_puts_a_player_over_their_personal_limit_eliminates_them():
    s = started(players=("Ann", "Ben", "Cy", "Dee"))
    play(s, up(6), up(8), down(), down(), down(), down(), down(), down(), up(2, kind="swap"))
    play(s, {"type": "swap", "cards": [{"player": "Ann", "card": 1}, {"player": "Ben", "card": 2}]})
    ben = player(s, "Ben")
    assert (ben["face_up_total"], ben["status"], ben["out_reason"]) == (14, "out", "personal")
    assert player(s, "Ann")["face_up_total"] == 2 and total(s) == 16


def test_swap_can_put_the_swapping_player_out():
    s = started(players=("Ann", "Ben", "Cy", "Dee"))
    play(s, up(5), up(9), down(), down(), up(4, kind="swap"))
    play(s, {"type": "swap", "cards": [{"player": "Ann", "card": 2}, {"player": "Ben", "card": 1}]})
    assert (player(s, "Ann")["status"], player(s, "Ann")["out_reason"]) == ("out", "personal")
    assert player(s, "Ben")["face_up_total"] == 4 and s.expected().turn == "Ben"


def test_swap_needs_a_second_player_still_in():
    s = started(players=("Ann", "Ben"))
    play(s, {"type": "draw", "face": "down"}, {"type": "pass", "tile": "three"})
    change = s.dispatch(up(2, kind="swap"))
    assert legal_types(s) == ["draw", "pass"] and s.expected().turn == "Ann"
    assert {"type": "effect_skipped", "player": "Ann", "effect": "swap"} in plain(change.events)


# -- draw one more card ----------------------------------------------------------------------


def test_draw_again_offers_one_more_card_and_nothing_else():
    s = started()
    play(s, up(2, kind="draw_again"))
    assert s.expected().turn == "Ann" and legal_types(s) == ["draw", "end_turn"]
    refused(s, PASS, "Pass is not possible now")
    play(s, down())
    assert s.expected().turn == "Ben"


def test_draw_again_may_be_declined():
    s = started()
    play(s, up(2, kind="draw_again"), END)
    assert s.expected().turn == "Ben" and len(cards(s, "Ann")) == 1


def test_draw_again_chains_with_another_draw_again_and_a_zero():
    s = started()
    play(s, up(2, kind="draw_again"), up(1, kind="draw_again"), zero())
    assert s.expected().turn == "Ann" and legal_types(s) == ["draw", "pass", "end_turn"]


# -- turn face-down (hide) -------------------------------------------------------------------


def test_hide_turns_any_face_up_card_face_down_and_it_leaves_both_totals():
    s = started()
    play(s, up(4), up(5), up(1), up(2, kind="hide"))
    assert targets(spec(s, "hide")) == [
        {"player": "Ann", "card": 1},
        {"player": "Ann", "card": 2},
        {"player": "Ben", "card": 1},
        {"player": "Cy", "card": 1},
    ]
    play(s, {"type": "hide", "player": "Ben", "card": 1})
    assert cards(s, "Ben") == [{"face": "down"}]  # seen before, still shown as nothing while face-down
    assert player(s, "Ben")["face_up_total"] == 0 and total(s) == 4 + 1 + 2


def test_hide_may_turn_the_hide_card_itself():
    s = started()
    play(s, up(2, kind="hide"), {"type": "hide", "player": "Ann", "card": 1})
    assert cards(s, "Ann") == [{"face": "down"}] and total(s) == 0


def test_hide_refuses_a_face_down_card_and_a_passed_player():
    s = started()
    play(s, down(), {"type": "pass", "tile": "three"}, up(3), up(2, kind="hide"))
    refused(s, {"type": "hide", "player": "Ann", "card": 1}, "already face-down")
    refused(s, {"type": "hide", "player": "Ben", "card": 1}, "Ben has already passed this round")


def test_a_hidden_card_is_known_at_scoring_and_when_a_zero_turns_it_back():
    s = started(players=("Ann", "Ben"))
    play(s, up(4), {"type": "pass", "tile": "three"}, up(2, kind="hide"), {"type": "hide", "player": "Ann", "card": 1})
    assert zero_reveals(s) == []  # card 1 lies before the face-up hide card
    play(s, down())
    assert zero_reveals(s) == [3]
    play(s, PASS)
    # Card 3 is the one to enter: card 1, turned face-down in play, is not asked for again.
    assert view(s)["reveal"] == [{"player": "Ann", "values": 1, "cards": [3], "variety": False, "variety_max": None}]
    play(s, {"type": "reveal", "player": "Ann", "values": [3]})
    ann = line(s, "Ann")
    assert (ann["card_values"], ann["face_down_sets"], ann["sets_points"]) == (4 + 2 + 3, [1, 1], 0)


# -- pass and take a tile ----------------------------------------------------------------------


def test_pass_card_passes_at_once_and_takes_a_tile_even_when_not_first():
    s = started()
    play(s, {"type": "pass", "tile": "three"}, up(3, kind="pass_tile"))
    assert list(spec(s, "pass").fields) == ["tile"] and offered(spec(s, "pass").fields["tile"]) == ["zeros", "ones"]
    play(s, {"type": "pass", "tile": "ones"})
    assert view(s)["tiles"]["taken"] == [{"player": "Ann", "tile": "three"}, {"player": "Ben", "tile": "ones"}]
    assert player(s, "Ben")["status"] == "passed" and s.expected().turn == "Cy"
    play(s, up(1), PASS)
    # Both tiles score: Ann's +3 and Ben's +1 per card of value 1 (his pass card shows 3: no points).
    assert line(s, "Ann")["tile_points"] == 3 and line(s, "Ben")["tile"] == "ones"


def test_pass_card_tile_may_be_chosen_after_passing():
    s = started()
    play(s, {"type": "pass", "tile": "three"}, up(3, kind="pass_tile"), PASS)
    assert legal_types(s) == ["take_tile"] and s.expected().turn == "Ben"
    refused(s, {"type": "take_tile", "tile": "three"}, r"cannot take the \+3 points tile now")
    play(s, {"type": "take_tile", "tile": "zeros"})
    assert player(s, "Ben")["tile"] == "zeros"


def test_pass_card_played_by_the_first_passer_takes_one_tile_only():
    s = started()
    play(s, up(3, kind="pass_tile"), {"type": "pass", "tile": "zeros"})
    assert view(s)["tiles"]["taken"] == [{"player": "Ann", "tile": "zeros"}]
    assert player(s, "Ann")["first_passer"] is True
    assert spec(s, "pass").fields == {}


def test_effects_play_only_after_limits_are_checked():
    # The effect card itself pushes the board past the limit: the round is over, no effect.
    s = started(players=("Ann", "Ben"))
    play(s, up(5), up(4), up(2, kind="swap"))
    assert view(s)["phase"] == "scored" and player(s, "Ann")["out_reason"] == "collective"
