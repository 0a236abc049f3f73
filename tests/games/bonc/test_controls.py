"""The table's buttons in BONC!: Pass is BLOCK, Roll is BONC!, Confirm deals again or ends the game."""

from companion.core import controls
from companion.games.bonc.bindings import BINDINGS

from tests.games.bonc.support import lives, play, quiet_card, table


def test_the_bonc_button_plays_the_number_on_top_of_the_pile():
    s = table()
    play(s, 6)
    change = s.press(controls.ROLL, "gpio")
    assert change.action == {"type": "play", "card": 6, "by": "Ben", "source": "gpio"}
    assert lives(s)["Ann"] == 4


def test_the_bonc_button_does_nothing_without_a_number_to_match():
    s = table()
    assert s.meaning(controls.ROLL) is None
    play(s, "band_aid")
    assert s.meaning(controls.ROLL) is None
    assert "Roll does nothing in BONC! right now — Ben: play a card" == s.unused_control_message(controls.ROLL)


def test_the_block_button_blocks_for_the_one_player_hit():
    s = table()
    play(s, 6, 6)
    s.press(controls.PASS, "gpio")
    assert lives(s)["Ann"] == 5


def test_the_block_button_waits_for_the_screen_when_several_were_hit():
    s = table()
    play(s, "blitz")
    assert s.meaning(controls.PASS) is None


def test_confirm_deals_again_and_ends_the_game_when_nobody_blocks():
    s = table(["Ann", "Ben", "Cat"])
    while s.view()["view"]["phase"] == "play":
        s.dispatch({"type": "play", "card": quiet_card(s)})
    s.press(controls.CONFIRM, "gpio")
    assert s.view()["view"]["deal"] == 2
    s = table(["Ann", "Ben", "Cat"], lives=1)
    play(s, 3, 3, "sneak")  # Ben BONC!s Ann out; Cat's SNEAK skips Ann and puts Ben out
    assert s.view()["view"]["phase"] == "last_stand"
    s.press(controls.DIAL_PUSH, "gpio")
    assert s.result().winners == ("Cat",)


def test_every_control_is_documented():
    assert set(BINDINGS) == set(controls.ALL) - {controls.UNDO, controls.REDO}
