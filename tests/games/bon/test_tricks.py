"""Who takes a trick, how the rank stack moves, the deck by player count and cards refused."""

import pytest

from companion.core import Session
from companion.games.bon.ranks import after_win, winning_play
from tests.games.bon.support import GAME, THREE, play, player, refused, started, view


def plays(*cards):
    return [{"player": f"P{i}", "card": c} for i, c in enumerate(cards)]


def test_all_prime_the_highest_value_wins():
    assert winning_play(plays("yellow-2", "yellow-9", "yellow-4"), ["red", "blue", "yellow"])["card"] == "yellow-9"


def test_an_off_colour_card_of_a_stronger_colour_wins_whatever_its_value():
    # "Blue is on top, so any Blue card of any numerical value will beat any Red or Yellow cards."
    assert winning_play(plays("red-8", "red-3", "blue-1", "yellow-9"), ["blue", "red", "yellow"])["card"] == "blue-1"


def test_an_off_colour_card_of_a_weaker_colour_loses_to_prime():
    assert winning_play(plays("red-2", "yellow-9"), ["red", "yellow", "blue"])["card"] == "red-2"


def test_a_pass_is_always_the_weakest_card():
    assert winning_play(plays("pass", "blue-1", "pass"), ["red", "yellow", "blue"])["card"] == "blue-1"


def test_the_winning_colour_goes_to_the_bottom_of_the_stack():
    assert after_win(["blue", "red", "yellow"], "blue") == ["red", "yellow", "blue"]
    assert after_win(["blue", "red", "yellow"], "yellow") == ["blue", "red", "yellow"]


def test_the_winner_leads_the_next_trick_and_play_goes_round_from_the_leader():
    s = started(ranks=("yellow", "red", "blue"))
    play(s, "red-2", "red-7", "yellow-1")  # Yellow on top: Cy takes it
    v = view(s)
    assert v["last_trick"]["winner"] == "Cy" and v["ranks"] == ["red", "blue", "yellow"]
    assert v["turn"] == "Cy" and s.expected().turn == "Cy"
    play(s, "blue-3")
    assert view(s)["turn"] == "Ann"


@pytest.mark.parametrize("players, values, passes, goal", [
    (3, 7, 2, 3), (4, 9, 3, 2), (5, 11, 4, 1),
])
def test_the_deck_follows_the_reference_chart(players, values, passes, goal):
    names = [f"P{i}" for i in range(players)]
    s = Session(GAME, names)
    s.dispatch({"type": "start", "ranks": ["red", "yellow", "blue"], "first": "P0"})
    spec = s.expected().spec("leftover")
    cards = [p.value for p in spec.fields["card"].picks]
    assert len(cards) == 3 * values + 1 and cards[-1] == "pass"
    assert f"red-{values}" in cards and f"red-{values + 1}" not in cards
    v = view(s)
    assert v["deck"] == {"values": values, "passes": passes, "cards": 3 * values + passes}
    assert v["goal"] == goal and 7 * players + 2 == 3 * values + passes
    refused(s, {"type": "leftover", "card": f"blue-{values + 1}"},
            f"There is no Blue {values + 1} in a {players}-player deck: its cards run from 1 to {values}")


def test_played_and_face_up_cards_are_greyed_on_the_pad_which_never_moves():
    s = started(leftovers=("blue-7", "pass"))
    before = [p.value for p in s.expected().spec("play").fields["card"].picks]
    play(s, "red-3")
    picks = s.expected().spec("play").fields["card"].picks
    assert [p.value for p in picks] == before
    greyed = {p.value for p in picks if not p.enabled}
    assert greyed == {"red-3", "blue-7"}
    assert view(s)["available"] == [p.value for p in picks if p.enabled]


def test_a_card_already_played_this_round_is_refused_and_changes_nothing():
    s = started()
    play(s, "red-3")
    refused(s, {"type": "play", "card": "red-3"}, "Red 3 was already played this round: Ann played it in trick 1")


def test_a_face_up_left_over_card_is_refused():
    s = started(leftovers=("blue-7", "yellow-1"))
    refused(s, {"type": "play", "card": "blue-7"}, "Blue 7 lies face up among the left-over cards")


def test_pass_cards_beyond_the_decks_count_are_refused():
    s = started(leftovers=("red-1", "pass"))
    play(s, "pass")  # the second of two
    refused(s, {"type": "play", "card": "pass"}, "Every Pass card is accounted for: a 3-player deck has 2")
    assert not next(p for p in s.expected().spec("play").fields["card"].picks if p.value == "pass").enabled


def test_the_same_left_over_card_twice_is_refused():
    s = Session(GAME, list(THREE))
    s.dispatch({"type": "start", "ranks": ["red", "yellow", "blue"], "first": "Ann"})
    s.dispatch({"type": "leftover", "card": "red-4"})
    refused(s, {"type": "leftover", "card": "red-4"}, "Red 4 lies face up among the left-over cards")


@pytest.mark.parametrize("action, message", [
    ({"type": "play", "card": "red-3"}, "Play a card is not possible now. Enter the rank stack and who leads"),
    ({"type": "start", "ranks": ["red", "red", "blue"], "first": "Ann"}, "Colour ranks, top to bottom: choose different ones, each once"),
    ({"type": "start", "ranks": ["red", "blue"], "first": "Ann"}, "Colour ranks, top to bottom: choose exactly 3 colours, not 2"),
    ({"type": "start", "ranks": ["red", "yellow", "blue"]}, "Say who leads the first trick"),
    ({"type": "start", "ranks": ["red", "yellow", "blue"], "first": "Zed"}, "Who leads the first trick: Zed is not playing in this game; choose Ann, Ben or Cy"),
    ({"type": "start", "ranks": ["red", "yellow", "blue"], "first": "Ann", "colour": "red"},
     "A start action takes no colour field"),
    ({"type": "bid", "tricks": 3}, "B.O.N has no action called bid"),
])
def test_a_refused_start_changes_nothing(action, message):
    refused(Session(GAME, list(THREE)), action, message)


def test_a_player_out_of_turn_is_refused_in_the_games_words():
    s = started()
    refused(s, {"type": "play", "by": "Ben", "card": "red-3"}, "It is Ann's turn to play, not Ben's")


def test_the_advanced_rule_sets_the_left_overs_aside_face_down_and_unknown():
    s = started(advanced=True)
    v = view(s)
    assert v["phase"] == "play" and v["leftovers"] == [{"face": "down"}, {"face": "down"}]
    secrets = GAME.secrets(s.state)
    assert {x.slot for x in secrets} >= {"leftovers.0", "leftovers.1"} and not any(x.known for x in secrets)
    # Any card might be among them: none is refused for it.
    play(s, "red-7", "red-6", "pass")
    play(s, "pass")
    assert view(s)["played"][-1] == "pass"


def test_the_view_never_holds_a_hand():
    s = started()
    play(s, "red-3")
    for secret in GAME.secrets(s.state):
        if secret.slot.startswith("players."):
            row = view(s)["players"][int(secret.slot.split(".")[1])]
            assert not set(secret.conceals) & set(row)
    assert player(s, "Ann")["in_hand"] == 6 and player(s, "Ben")["in_hand"] == 7
