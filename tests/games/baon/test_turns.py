"""Take Food, discards, favourites, bonus tokens and the turn's order, as the table sees them."""

from __future__ import annotations

from companion.core import controls
from tests.games.baon.support import END, GAME, TAKE2, legal_types, new, play, player, refused, token, view


def test_taking_food_counts_the_pile_and_refills_an_emptied_space():
    s = new()
    pile = view(s)["pile"]
    play(s, {"type": "take", "sources": [2, "pile"]})
    assert view(s)["pile"] == pile - 2 and view(s)["spaces"] == [1, 1, 1, 1]
    assert player(s, "Ann")["hand"] == 6


def test_three_cards_only_from_the_pile_and_only_with_an_empty_hand():
    s = new(("Ann", "Ben"))
    refused(s, {"type": "take", "sources": ["pile"] * 3}, "Three cards come only with an empty hand: Ann holds 4")
    play(s, {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3"]},
         {"type": "add", "owner": "Ann", "container": "a", "cards": ["a4"]}, END, TAKE2, END)
    refused(s, {"type": "take", "sources": ["pile", "pile", 1]}, "Three cards come only from the pile")
    play(s, {"type": "take", "sources": ["pile"] * 3})
    assert player(s, "Ann")["hand"] == 3


def test_over_six_cards_the_player_discards_onto_spaces_of_their_choice():
    s = new(("Ann", "Ben"))
    play(s, TAKE2, END, TAKE2, END, TAKE2)
    assert view(s)["discards_due"] == 2 and legal_types(s) == ["discard", "lola", "favourite"]
    refused(s, END, "Ann holds 8 cards, over the limit of 6: first discard 2 cards onto the countertop")
    play(s, {"type": "discard", "space": 3}, {"type": "discard", "space": 3})
    assert view(s)["spaces"] == [1, 1, 3] and player(s, "Ann")["hand"] == 6
    play(s, END)
    assert view(s)["turn"] == "Ben"


def test_taking_from_a_stack_leaves_the_space_unrefilled_until_it_empties():
    s = new(("Ann", "Ben"))
    play(s, TAKE2, END, TAKE2, END, TAKE2, {"type": "discard", "space": 1}, {"type": "discard", "space": 1}, END)
    pile = view(s)["pile"]
    play(s, {"type": "take", "sources": [1, 1]})  # the two discards, top first: the space keeps its first card
    assert view(s)["spaces"][0] == 1 and view(s)["pile"] == pile


def test_a_favourite_once_per_player_and_each_food_once():
    s = new()
    play(s, {"type": "favourite", "suit": "c"})
    refused(s, {"type": "favourite", "suit": "d"}, "Ann already picked a favourite food")
    play(s, TAKE2, END)
    refused(s, {"type": "favourite", "suit": "c"}, "Ann already has Pancit as favourite food")
    play(s, TAKE2, {"type": "favourite", "suit": "d"})  # after taking food: "at any time on your turn"
    assert [p["favourite"] for p in view(s)["players"]] == ["c", "d", None]


def test_in_a_two_player_game_one_suit_and_one_space_are_out():
    s = new(("Ann", "Ben"), two_player_removed=2)
    assert [x["name"] for x in view(s)["suits"]] == ["Adobo", "Pancit", "Lechon", "Sinigang", "Kare-kare"]
    assert view(s)["spaces"] == [1, 1, 1] and view(s)["pile"] == 68 - 3 - 3 - 8
    refused(s, {"type": "baon", "container": "a", "cards": ["b1", "a2", "a3"]},
            "Lumpia is not in a two-player game: its cards are out of the box. "
            "Play cards of Adobo, Pancit, Lechon, Sinigang or Kare-kare, or a wild")
    refused(s, {"type": "take", "sources": [4]},
            "Where from, in order: 4 is not one of the choices; choose Pile, Space 1, Space 2 or Space 3")


def test_one_bonus_token_a_turn_and_only_on_the_players_own_turn():
    s = new(("Ann", "Ben"))
    play(s, {"type": "baon", "container": "a", "cards": ["w", "a2", "a3"]}, {"type": "claim", "token": "treats"})
    refused(s, {"type": "claim", "token": "biggest"}, "Ann already claimed a bonus token this turn: at most 1 a turn")
    play(s, END)
    refused(s, {"type": "claim", "token": "biggest", "by": "Ann"}, "It is Ben's turn, not Ann's")
    play(s, TAKE2, END, {"type": "claim", "token": "biggest"})
    assert token(s, "biggest")["holder"] == "Ann" and token(s, "treats")["holder"] == "Ann"


def test_the_rulebook_token_example_step_by_step():
    """Tom takes Biggest Baon from Dave; Dave's tie does not take it back; Glenn's share makes
    Dave the biggest, but Dave claims only on his own next turn."""
    s = new(("Tom", "Dave", "Glenn"))
    play(s, TAKE2, END, TAKE2, END, TAKE2, END,
         {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3", "a4"]}, END,
         {"type": "baon", "container": "b", "cards": ["b1", "b2", "b3", "b4", "b5"]},
         {"type": "claim", "token": "biggest"}, END,
         {"type": "baon", "container": "c", "cards": ["c1", "c2", "c3"]}, END,
         {"type": "add", "owner": "Tom", "container": "a", "cards": ["a5", "a6"]})
    assert view(s)["claimable"] == ["biggest"]
    play(s, {"type": "claim", "token": "biggest"}, END,
         {"type": "add", "owner": "Dave", "container": "b", "cards": ["b6"]})
    assert token(s, "biggest")["leader"] is None and token(s, "biggest")["holder"] == "Tom"
    refused(s, {"type": "claim", "token": "biggest"}, "Nobody has a clear majority for Biggest Baon (the most is 6, shared)")
    play(s, END, {"type": "add", "owner": "Dave", "container": "b", "cards": ["b7"]})
    assert token(s, "biggest")["leader"] == "Dave" and token(s, "biggest")["holder"] == "Tom"
    refused(s, {"type": "claim", "token": "biggest"}, "Dave has the majority for Biggest Baon, not Glenn")
    play(s, {"type": "claim", "token": "generous"})
    refused(s, {"type": "claim", "token": "biggest", "by": "Dave"}, "It is Glenn's turn, not Dave's")
    play(s, END, {"type": "take", "sources": ["pile"] * 3}, END, {"type": "claim", "token": "biggest"})
    assert token(s, "biggest")["holder"] == "Dave"


def test_confirm_ends_a_turn_only_once_something_was_taken_or_played():
    s = new()
    assert s.meaning(controls.CONFIRM) is None
    play(s, TAKE2)
    assert s.meaning(controls.CONFIRM) == {"type": "end_turn"}
    assert s.meaning(controls.DIAL_PUSH) == {"type": "end_turn"}
    assert s.meaning(controls.PASS) is None and s.meaning(controls.ROLL) is None
    s.press(controls.CONFIRM, "gpio")
    assert view(s)["turn"] == "Ben"


def test_an_empty_turn_is_allowed_but_weighty():
    s = new()
    spec = s.expected().spec("end_turn")
    assert spec.weighty and spec.label == "End the turn without taking or playing"
    play(s, END)
    assert view(s)["turn"] == "Ben"


def test_after_a_claim_an_otherwise_empty_turn_ends_without_the_weight():
    """A token claimed is something done: the end of that turn needs no second touch."""
    s = new()
    play(s, {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3"]}, {"type": "claim", "token": "biggest"},
         END, END, END)
    assert s.expected().spec("end_turn").weighty, "Ann's next turn, nothing done yet"
    play(s, {"type": "claim", "token": "baons"})
    spec = s.expected().spec("end_turn")
    assert not spec.weighty and spec.label == "End the turn without taking or playing"
    play(s, END)
    assert view(s)["turn"] == "Ben" and s.expected().spec("end_turn").weighty


def test_unknown_fields_and_a_player_field_in_a_game_are_refused():
    s = new()
    refused(s, {"type": "take", "sources": ["pile"], "count": 1}, "A take action takes no count field")
    refused(s, {"type": "baon", "player": "Ben", "container": "a", "cards": ["a1", "a2", "a3"]},
            "In a game, the player whose turn it is (Ann) does that: leave the player out")


def test_the_game_declares_its_hands_pile_and_lola_as_unknown_secrets():
    s = new()
    secrets = GAME.secrets(s.state)
    assert {x.slot for x in secrets} == {"players.0.hand", "players.1.hand", "players.2.hand", "pile", "lola.under"}
    assert all(not x.known for x in secrets)
    shown = GAME.public_view(s.state)
    for secret in secrets:  # each slot is in the view, and says how many, never which
        value = shown
        for part in secret.slot.split("."):
            value = value[int(part)] if isinstance(value, list) else value[part]
        assert isinstance(value, int) and value > 0


def test_while_discards_are_due_a_favourite_and_a_token_may_still_be_picked():
    """"pick a favorite food at any time on your turn"; "claim 1 bonus token at any time on your
    turn": over the hand limit too, before the discards are made."""
    s = new(("Ann", "Ben"))
    play(s, {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3"]}, END, END,
         TAKE2, END, END, TAKE2, END, END, TAKE2)
    assert view(s)["discards_due"] == 1
    assert legal_types(s) == ["discard", "lola", "favourite", "claim"]
    play(s, {"type": "favourite", "suit": "a"}, {"type": "claim", "token": "baons"})
    assert player(s, "Ann")["favourite"] == "a" and token(s, "baons")["holder"] == "Ann"
    refused(s, {"type": "claim", "token": "biggest"},
            "Ann already claimed a bonus token this turn: at most 1 a turn")
    refused(s, END, "Ann holds 7 cards, over the limit of 6: first discard 1 card onto the countertop")
    play(s, {"type": "discard", "space": 1}, END)
    assert view(s)["turn"] == "Ben"


def test_three_cards_are_not_offered_when_the_pile_holds_fewer():
    """An empty hand may take 3 from the pile, but only while the pile holds 3 cards."""
    s = new()
    play(s, {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3", "a4"]}, END)
    while view(s)["turn"] != "Ann" or view(s)["pile"] >= 3:
        if view(s)["turn"] == "Ann":
            play(s, END)  # Ann waits with an empty hand
            continue
        play(s, {"type": "take", "sources": ["pile"] if view(s)["pile"] <= 4 else ["pile", "pile"]})
        while view(s)["discards_due"]:
            play(s, {"type": "discard", "space": 1})
        play(s, END)
    assert view(s)["pile"] == 2 and player(s, "Ann")["hand"] == 0
    assert s.expected().spec("take").fields["sources"].count_max == 2
    refused(s, {"type": "take", "sources": ["pile"] * 3}, "The pile holds 2 cards, not 3")
    play(s, {"type": "take", "sources": ["pile", "pile"]})
    assert player(s, "Ann")["hand"] == 2
