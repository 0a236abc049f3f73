"""From a control or a roll to the session: applied, ignored (and said so) or refused."""

from collections import Counter

import pytest

from companion.core.session import Session
from companion.inputs import routing
from companion.inputs.routing import Router, route_control, route_roll
from tests.inputs.dice_game import FACES, DiceDuel
from tests.support.tally import Tally


@pytest.fixture
def tally():
    return Session(Tally(), ["Ann", "Ben"])


@pytest.fixture
def duel():
    return Session(DiceDuel(), ["Ann", "Ben"])


def test_confirm_goes_through_the_games_binding_table(tally):
    outcome = route_control(tally, "confirm", "gpio")
    assert outcome.kind == routing.APPLIED
    assert outcome.action == {"type": "add", "points": 1, "source": "gpio"}
    assert tally.view()["view"]["scores"] == {"Ann": 1, "Ben": 0}


def test_the_dial_moves_what_the_game_binds_it_to(tally):
    for control in ("dial_up", "dial_up", "dial_down", "dial_up"):
        assert route_control(tally, control, "gpio").applied
    assert tally.view()["view"]["dial"] == 2


def test_a_control_with_no_meaning_does_nothing_and_says_so(tally):
    outcome = route_control(tally, "dial_push", "gpio")
    assert outcome.kind == routing.IGNORED
    # It says what the table waits for instead: a broken button and a wrong moment look alike.
    assert outcome.message == "Dial push does nothing in Tally right now — Ann: add points or pass"
    assert tally.revision == 0


def test_undo_and_redo_work_in_every_game(tally):
    route_control(tally, "confirm")
    assert route_control(tally, "undo").applied
    assert tally.view()["view"]["scores"]["Ann"] == 0
    assert route_control(tally, "redo").applied
    assert tally.view()["view"]["scores"]["Ann"] == 1
    refused = route_control(tally, "redo")
    assert refused.kind == routing.REFUSED and refused.message == "Nothing to redo."


def test_the_rules_refusal_is_shown_in_their_words(tally):
    route_control(tally, "pass")  # Ann passes
    outcome = route_control(tally, "pass")  # Ben would be the last one in the round
    assert outcome.kind == routing.REFUSED
    assert outcome.message == "The last player in the round cannot pass"


def test_a_roll_nobody_expects_is_ignored_not_applied(tally):
    outcome = route_roll(tally, "peek", "tray")
    assert outcome.kind == routing.IGNORED
    assert outcome.message == "Roll ignored: no roll is expected now"
    assert tally.revision == 0


def test_a_tray_roll_becomes_the_roll_action(duel):
    outcome = route_roll(duel, "peek", "tray")
    assert outcome.kind == routing.APPLIED
    assert outcome.action == {"type": "roll", "face": "peek", "source": "tray"}
    assert duel.timeline.action(0) == {"type": "roll", "face": "peek", "source": "tray"}
    again = route_roll(duel, "2", "tray")  # the move is not confirmed yet: no roll expected
    assert again.kind == routing.IGNORED


def test_a_face_the_rules_refuse_is_refused(duel):
    outcome = route_roll(duel, "7", "tray")
    assert outcome.kind == routing.REFUSED
    assert outcome.message == "The die has no face '7'"


def test_the_roll_button_without_a_tray_rolls_electronically(duel):
    outcome = route_control(duel, "roll", "gpio")
    assert outcome.kind == routing.APPLIED
    assert outcome.action["type"] == "roll" and outcome.action["source"] == "gpio"
    assert outcome.action["face"] in FACES
    assert route_control(duel, "roll", "gpio").message == "Roll ignored: no roll is expected now"


def test_electronic_rolls_are_uniform_over_the_games_faces(duel):
    def rolled() -> str:
        outcome = route_control(duel, "roll", "gpio")
        duel.dispatch({"type": "undo"})  # the same moment again: the die is rolled afresh
        return outcome.action["face"]

    counts = Counter(rolled() for _ in range(6000))
    assert set(counts) == set(FACES)
    assert all(850 < n < 1150 for n in counts.values()), counts  # 1000 each; 150 is over 5 standard deviations


def test_no_game_means_nothing_happens():
    assert route_control(None, "confirm").kind == routing.IGNORED
    assert route_roll(None, "1").kind == routing.IGNORED


class FakeTray:
    """Only what the router asks of a tray (its real driver is tested on a pty elsewhere)."""

    def __init__(self, connected=True):
        self.connected = connected
        self.faces = FACES
        self.requests = 0
        self.armed = []

    def request_roll(self):
        self.requests += 1
        return True

    def arm(self, expecting):
        self.armed.append(expecting)


def test_with_a_tray_connected_the_roll_button_rolls_on_the_tray(duel):
    tray = FakeTray()
    router = Router(lambda: duel, tray)
    outcome = router.control("roll")
    assert outcome.kind == routing.SENT and tray.requests == 1
    assert duel.revision == 0  # the roll itself comes back from the tray
    assert router.roll("3", {"trigger": "host"}).applied
    assert tray.armed[-1] is False  # no roll expected now: the tray's ready light goes out


def test_with_the_tray_unplugged_the_roll_button_rolls_electronically(duel):
    router = Router(lambda: duel, FakeTray(connected=False))
    assert router.control("roll").applied
