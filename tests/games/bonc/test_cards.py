"""Each card as the table sees it: the lives it takes or gives, the shield it turns, and its news."""

import pytest

from companion.core import RuleError, SetupError

from tests.games.bonc.support import lives, play, quiet_card, seat, table


def test_the_second_matching_number_bonc_s_the_player_before():
    s = table()
    assert play(s, 3) == ["Ann played a 3"]
    assert play(s, 3) == ["Ben played a 3", "BONC! Ben matches Ann's 3: Ann loses 1 life"]
    assert lives(s) == {"Ann": 4, "Ben": 5, "Cat": 5, "Dan": 5}


def test_the_rulebook_chain_costs_one_more_life_each_time():
    s = table(["P1", "P2", "P3", "P4", "P5"])
    play(s, 7, 7, 7)
    assert play(s, 7)[-1] == "TRIPLE BONC! P4 matches P3's 7: P3 loses 3 lives"
    assert play(s, 7)[-1] == "QUADRUPLE BONC! P5 matches P4's 7: P4 loses 4 lives"
    assert lives(s) == {"P1": 4, "P2": 3, "P3": 2, "P4": 1, "P5": 5}


def test_a_different_number_matches_nothing_and_starts_over():
    s = table()
    play(s, 7, 7, 6)
    assert play(s, 6)[-1] == "BONC! Dan matches Cat's 6: Cat loses 1 life"


def test_a_wild_card_between_two_numbers_breaks_the_chain():
    s = table()
    play(s, 7, 7, "bonc")
    assert play(s, 7) == ["Dan played a 7"]
    assert lives(s) == {"Ann": 4, "Ben": 4, "Cat": 5, "Dan": 5}


def test_the_bonc_card_hits_the_player_before_whatever_they_played():
    s = table()
    play(s, "band_aid")
    assert play(s, "bonc")[-1] == "Ben's BONC! hits Ann: Ann loses 1 life"


def test_the_bonc_card_as_the_first_card_of_a_deal_hits_nobody():
    s = table()
    assert play(s, "bonc") == ["Ann played BONC!", "Ann's BONC! hits nobody: no card before it this deal"]
    assert set(lives(s).values()) == {5}


def test_the_bonc_card_misses_a_bulletproof_card():
    s = table()
    play(s, "bulletproof")
    assert play(s, "bonc")[-1] == "Ann is Bulletproof: Ben's BONC! takes nothing"
    assert lives(s)["Ann"] == 5


def test_blitz_hits_everyone_but_its_player_and_the_bulletproof():
    s = table()
    play(s, "bulletproof")
    news = play(s, "blitz")
    assert news[1:] == ["Ben's BLITZ hits Cat: Cat loses 1 life", "Ben's BLITZ hits Dan: Dan loses 1 life",
                        "Ann is Bulletproof: Ben's BLITZ takes nothing"]
    assert lives(s) == {"Ann": 5, "Ben": 5, "Cat": 4, "Dan": 4}


def test_blitz_ends_a_chain_and_costs_one_life_each_whatever_the_chain():
    s = table()
    play(s, 7, 7, 7, "blitz")
    assert lives(s) == {"Ann": 3, "Ben": 2, "Cat": 4, "Dan": 5}
    assert play(s, 7) == ["Ann played a 7"]


def test_the_number_of_blitz_cards_follows_the_starting_players():
    for names, blitz in ((["A", "B", "C"], 1), (["A", "B", "C", "D"], 2), (list("ABCDE"), 3),
                         (list("ABCDEF"), 4), (list("ABCDEFG"), 4)):
        assert table(names).view()["view"]["left"]["blitz"] == blitz


def test_sneak_hits_the_next_player_still_in():
    s = table(lives=1)
    play(s, 5, 5)  # Ann is out
    play(s, 1)
    assert play(s, "sneak")[-1] == "Dan's SNEAK hits Ben: Ben loses 1 life and is out"


def test_borrowed_time_steals_a_life_from_the_chosen_player():
    s = table()
    play(s, 4, 4)  # Ann 4
    s.dispatch({"type": "play", "card": 1})
    s.dispatch({"type": "play", "card": 2})
    news = play(s, "borrowed_time", target="Dan")
    assert news[-1] == "Ann's BORROWED TIME takes a life from Dan"
    assert lives(s) == {"Ann": 5, "Ben": 5, "Cat": 5, "Dan": 4}


def test_borrowed_time_at_full_lives_only_takes_one():
    s = table()
    news = play(s, "borrowed_time", target="Cat")
    assert news[-1] == "Ann's BORROWED TIME takes a life from Cat (Ann is at full lives and gains none)"
    assert lives(s) == {"Ann": 5, "Ben": 5, "Cat": 4, "Dan": 5}


def test_borrowed_time_cannot_choose_a_bulletproof_player():
    s = table()
    play(s, "bulletproof")
    with pytest.raises(RuleError, match="Ann is Bulletproof: BORROWED TIME cannot take their life"):
        s.dispatch({"type": "play", "card": "borrowed_time", "target": "Ann"})
    spec = s.expected().spec("play")
    assert spec.fields["target"].values == ["Cat", "Dan"]


def test_borrowed_time_heals_like_a_band_aid_when_everyone_else_is_bulletproof():
    s = table(["Ann", "Ben", "Cat"])
    play(s, 6, 6, "bulletproof", "bulletproof")  # Ann 4; Cat and Ann shielded
    spec = s.expected().spec("play")
    assert "target" not in spec.fields, "nobody to steal from"
    assert spec.fields["gift"].values == ["Ann"] and spec.fields["gift"].when == {"card": ("band_aid", "borrowed_time")}
    assert play(s, "borrowed_time", gift="Ann")[-1] == "Ann gains a life from Ben's BORROWED TIME"
    assert lives(s) == {"Ann": 5, "Ben": 5, "Cat": 5}


def test_band_aid_heals_its_player_up_to_the_maximum():
    s = table()
    play(s, 2, 2, 1, 3)  # Ann 4
    assert play(s, "band_aid")[-1] == "Ann gains a life (BAND-AID)"
    assert lives(s)["Ann"] == 5


def test_band_aid_at_full_lives_may_go_to_a_wounded_player_or_nobody():
    s = table()
    play(s, 2, 2)  # Ann 4
    assert play(s, "band_aid", gift="Ann")[-1] == "Ann gains a life from Cat's BAND-AID"
    play(s, 8, 8)  # Dan's 8 ... Ann's 8 hits Dan
    assert lives(s)["Dan"] == 4
    assert play(s, "band_aid")[-1] == "Ben's BAND-AID heals nobody"
    assert lives(s)["Dan"] == 4


def test_a_band_aid_never_goes_to_a_player_at_full_lives():
    s = table()
    play(s, 2, 2)
    with pytest.raises(RuleError, match="Ben is not a wounded player still in"):
        s.dispatch({"type": "play", "card": "band_aid", "gift": "Ben"})


def test_bulletproof_turns_side_1_side_2_then_ends_at_the_third_card():
    s = table()
    assert play(s, "bulletproof")[1] == "Ann is Bulletproof: shield on side 1"
    play(s, 1, 2, 3)
    assert play(s, 4)[1] == "Ann is Bulletproof: shield on side 2"
    assert seat(s, "Ann")["shield"] == 2
    play(s, 4)  # Ben matches, Ann is still shielded
    assert lives(s)["Ann"] == 5
    play(s, 5, 6)
    assert play(s, 7)[1] == "Ann's shield is gone"
    play(s, 7)
    assert lives(s)["Ann"] == 4


def test_a_block_out_of_turn_does_not_turn_the_shield():
    s = table()
    play(s, "bulletproof", 5, 5)  # Cat's 5 hits Ben
    s.dispatch({"type": "block", "by": "Ben"})
    assert seat(s, "Ann")["shield"] == 1


def test_block_out_of_turn_gives_back_the_lives_and_draws_a_replacement():
    s = table()
    play(s, 7, 7, 7)  # Ben loses 2
    change = s.dispatch({"type": "block", "by": "Ben"})
    assert [e["text"] for e in change.events] == ["Ben BLOCKS Cat's 7 and keeps 2 lives"]
    assert lives(s)["Ben"] == 5 and seat(s, "Ben")["cards"] == 9
    assert s.expected().turn == "Dan", "a BLOCK is not a turn"
    assert s.view()["view"]["draw_pile"] == 60 - 2 - 40 - 1  # two BLITZ set aside, 40 dealt


def test_a_blocked_chain_still_counts_for_the_next_card():
    s = table()
    play(s, 7, 7)
    s.dispatch({"type": "block", "by": "Ann"})
    assert play(s, 7)[-1] == "DOUBLE BONC! Cat matches Ben's 7: Ben loses 2 lives"


def test_a_block_gives_back_a_stolen_life_to_its_owner():
    s = table()
    play(s, 4, 4, 1, 2)  # Ann 4
    play(s, "borrowed_time", target="Cat")
    assert lives(s) == {"Ann": 5, "Ben": 5, "Cat": 4, "Dan": 5}
    s.dispatch({"type": "block", "by": "Cat"})
    assert lives(s) == {"Ann": 4, "Ben": 5, "Cat": 5, "Dan": 5}


def test_a_blitz_is_blocked_by_each_player_alone():
    s = table()
    play(s, "blitz")
    s.dispatch({"type": "block", "by": "Cat"})
    assert lives(s) == {"Ann": 5, "Ben": 4, "Cat": 5, "Dan": 4}
    assert s.expected().spec("block").by == ("Ben", "Dan")


def test_a_player_hit_on_their_own_turn_blocks_with_the_block_card_and_keeps_the_turn():
    s = table()
    play(s, "sneak")  # Ben is hit and plays next
    change = s.dispatch({"type": "play", "card": "block"})
    assert [e["type"] for e in change.events] == ["blocked"]
    assert lives(s)["Ben"] == 5 and s.expected().turn == "Ben"


def test_a_block_that_finds_the_draw_pile_empty_draws_nothing():
    s = table(list("ABCDEFG"), bulletproof_cards=0)  # 7 x 8 = 56 of 57 dealt: 1 left to draw
    play(s, "sneak")
    s.dispatch({"type": "block", "by": "B"})
    assert s.view()["view"]["draw_pile"] == 0
    play(s, 8, 8)
    change = s.dispatch({"type": "block", "by": "B"})
    assert change.events[0]["text"] == "B BLOCKS C's 8 and keeps 1 life (no card left to draw)"
    assert seat(s, "B")["cards"] == 8 - 2


def test_only_a_player_the_last_card_hit_may_block():
    s = table()
    play(s, 7, 7)
    before = s.state
    with pytest.raises(RuleError, match="The last card took no life from Cat"):
        s.dispatch({"type": "block", "by": "Cat"})
    assert s.state == before


def test_a_hit_may_be_blocked_only_until_the_next_card():
    s = table()
    play(s, 7, 7, 1)
    with pytest.raises(RuleError, match="Nobody can BLOCK now"):
        s.dispatch({"type": "block", "by": "Ann"})


def test_a_player_brought_to_0_is_skipped_and_a_block_brings_them_back_into_the_order():
    s = table(lives=1)
    play(s, "sneak")  # Ben out
    assert s.expected().turn == "Cat"
    change = s.dispatch({"type": "block", "by": "Ben"})
    assert [e["type"] for e in change.events] == ["blocked", "back"]
    assert s.expected().turn == "Ben"


def test_the_cards_in_each_hand_are_counted_to_the_re_deal():
    s = table(["Ann", "Ben", "Cat"])
    for _ in range(30):
        s.dispatch({"type": "play", "card": quiet_card(s)})
    view = s.view()
    assert view["view"]["phase"] == "deal" and view["expected"]["turn"] is None
    assert view["expected"]["prompt"] == "Everyone is out of cards: shuffle and deal 10 cards each to Ann, Ben and Cat"
    change = s.dispatch({"type": "deal"})
    assert change.events[0]["text"] == "Deal 2: 10 cards each to Ann, Ben and Cat"
    view = s.view()["view"]
    assert [p["cards"] for p in view["players"]] == [10, 10, 10] and view["last"] is None
    assert s.expected().turn == "Ann", "play goes on after the player of the deal's last card"


def test_a_re_deal_deals_only_to_the_players_still_in():
    s = table(list("ABCDEF"), lives=1)  # 8 cards each
    play(s, 1, "sneak")  # C out
    while s.view()["view"]["phase"] == "play":
        s.dispatch({"type": "play", "card": quiet_card(s)})
    assert s.view()["view"]["phase"] == "deal"
    s.dispatch({"type": "deal"})
    view = s.view()["view"]
    assert {p["name"]: p["cards"] for p in view["players"]} == {"A": 10, "B": 10, "C": 0, "D": 10, "E": 10, "F": 10}


def test_a_second_deck_seats_more_than_seven():
    names = [f"P{i}" for i in range(9)]
    with pytest.raises(SetupError, match="turn on the second deck"):
        table(names)
    s = table(names, second_deck=True)
    view = s.view()["view"]
    assert view["deal_size"] == 8 and view["left"]["8"] == 16 and view["left"]["blitz"] == 8


def test_the_quick_game_starts_at_3_lives():
    s = table(lives=3)
    assert set(lives(s).values()) == {3} and s.view()["view"]["max_lives"] == 3


def test_a_card_whose_copies_are_all_on_the_pile_is_refused_and_greyed():
    s = table()
    play(s, 0)
    spec = s.expected().spec("play")
    assert 0 not in spec.fields["card"].values
    with pytest.raises(RuleError, match="The only 0 of this deal is already on the discard pile"):
        s.dispatch({"type": "play", "card": 0})


def test_unknown_cards_are_refused_in_words():
    s = table()
    with pytest.raises(RuleError, match="BONC! has no card 9"):
        s.dispatch({"type": "play", "card": 9})
    with pytest.raises(RuleError, match="^BONC! has no such card: the cards are 0 to 8, BONC!, BLITZ, SNEAK, "
                                        "BORROWED TIME, BAND-AID, BULLETPROOF and BLOCK$"):
        s.dispatch({"type": "play", "card": True})
    with pytest.raises(RuleError, match="Say which card was played"):
        s.dispatch({"type": "play"})


def test_the_chain_threatens_nobody_once_everyone_is_out_of_cards():
    s = table(["Ann", "Ben", "Cat"])
    for _ in range(30):
        s.dispatch({"type": "play", "card": quiet_card(s)})
    view = s.view()["view"]
    assert view["phase"] == "deal" and view["chain"] is not None
    assert view["said"]["threat"] == "", "the re-deal starts a fresh pile: no number is threatened"
