"""The tray's logic on CPython: hello, rolls, commands, identify, shakes, dropped frames."""

import os

import pytest

from companion.inputs.dicetray.pico import frames
from companion.inputs.dicetray.pico.tray import DEFAULT_FACES, FIRMWARE, ROLLING_MS, STATUS_EVERY_MS, Tray


class Display:
    def __init__(self):
        self.face = None
        self.ready = False
        self.blinking = False
        self.spins = 0

    def show_face(self, i):
        self.face = i

    def spin(self, step):
        self.spins += 1

    def set_ready(self, on):
        self.ready = on

    def identify(self, on):
        self.blinking = on

    def clear(self):
        self.face = None

    def die(self, faces):
        self.faces = tuple(faces)


@pytest.fixture
def sent():
    return []


@pytest.fixture
def display():
    return Display()


@pytest.fixture
def tray(sent, display):
    t = Tray(DEFAULT_FACES, "1A2B", os.urandom, sent.append, display)
    t.start()
    return t


def read(sent):
    """The frames sent so far, parsed as the table parses them; clears the list."""
    out = [frames.parse(line, frames.FROM_TRAY) for line in sent]
    sent.clear()
    return out


def command(tray, kind, seq, *fields):
    tray.receive((frames.encode(kind, seq, fields) + "\r\n").encode())


def test_it_says_hello_with_its_faces_at_power_up(tray, sent):
    assert read(sent) == [
        ("HELLO", 1, ("1A2B", FIRMWARE, "1|2|3|4|peek|bondo")),
        ("STATUS", 2, ("ok", "", "0", "0")),
    ]


def test_a_press_spins_the_leds_then_shows_and_sends_the_face(tray, sent, display):
    read(sent)
    assert tray.press("button")
    assert not tray.press("button")  # a second press while rolling does nothing
    for _ in range(ROLLING_MS // 10 - 1):
        tray.tick(10)
    assert sent == [] and display.spins > 5
    tray.tick(10)
    ((kind, seq, (face, trigger)),) = read(sent)
    assert kind == "ROLL" and trigger == "button" and seq == 3
    assert DEFAULT_FACES[display.face] == face


def test_state_request_is_answered_with_hello_status_and_ack(tray, sent):
    read(sent)
    command(tray, "STATE", 500)
    assert [(k, f) for k, _, f in read(sent)] == [
        ("HELLO", ("1A2B", FIRMWARE, "1|2|3|4|peek|bondo")),
        ("STATUS", ("ok", "", "0", "0")),
        ("ACK", ("500", "STATE", "ok")),
    ]


def test_arm_lights_the_ready_led(tray, sent, display):
    command(tray, "STATE", 1)
    command(tray, "ARM", 2, "1")
    assert display.ready
    command(tray, "ARM", 3, "0")
    assert not display.ready
    assert [f for k, _, f in read(sent) if k == "ACK"][-2:] == [("2", "ARM", "ok"), ("3", "ARM", "ok")]


def test_repeated_and_broken_commands_are_dropped_and_counted(tray, sent, display):
    command(tray, "STATE", 10)
    command(tray, "ARM", 11, "1")
    command(tray, "ARM", 11, "0")  # the same number again
    command(tray, "ARM", 9, "0")  # an old one
    tray.receive(b"\x03\x03garbage\r\n$ARM,12,0*00\r\n")  # Ctrl-C bytes, noise, a bad checksum
    assert display.ready
    assert tray.dropped == 4
    tray.status()
    assert read(sent)[-1][2] == ("ok", "", "1", "4")


def test_identify_blinks_then_restores_the_leds(tray, sent, display):
    command(tray, "ARM", 1, "1")
    command(tray, "IDENT", 2, "2")
    seen = set()
    for _ in range(100):
        tray.tick(10)
        seen.add(display.blinking)
    assert seen == {True, False}
    for _ in range(150):
        tray.tick(10)
    assert not display.blinking and display.ready


def test_the_table_can_ask_for_a_roll(tray, sent):
    command(tray, "ROLL", 7)
    command(tray, "ROLL", 8)  # still rolling: busy
    tray.tick(ROLLING_MS)
    got = read(sent)
    assert ("ACK", ("7", "ROLL", "ok")) in [(k, f) for k, _, f in got]
    assert ("ACK", ("8", "ROLL", "busy")) in [(k, f) for k, _, f in got]
    assert [f[1] for k, _, f in got if k == "ROLL"] == ["host"]


def test_a_shake_rolls_once(tray, sent):
    read(sent)
    for _ in range(8):
        tray.tilt_changed()
        tray.tick(20)
    tray.tick(450)  # the tray rests: the roll starts
    tray.tick(ROLLING_MS)
    assert [f[1] for k, _, f in read(sent) if k == "ROLL"] == ["tilt"]


def test_status_is_sent_now_and_then_with_a_low_battery_warning(sent, display):
    t = Tray(DEFAULT_FACES, "0001", os.urandom, sent.append, display, battery=lambda: 9)
    t.start()
    read(sent)
    t.tick(STATUS_EVERY_MS)
    assert read(sent) == [("STATUS", 3, ("warn", "9", "0", "0"))]


def test_sequence_numbers_wrap_after_65535(tray, sent):
    tray.seq = 65535
    tray.status()
    assert read(sent)[-1][1] == 0


def test_faces_must_be_plain_words():
    with pytest.raises(ValueError):
        Tray(("1", "two words"), "0001", os.urandom, print, Display())


def roll_once(tray, sent):
    tray.press("button")
    for _ in range(ROLLING_MS // 10):
        tray.tick(10)
    return [f[0] for k, _, f in read(sent) if k == "ROLL"]


def test_the_table_tells_the_tray_its_games_die_and_every_roll_is_of_that_die(tray, sent, display):
    """A six-sided die: every face comes up, none of BondCones' Dice Cone does."""
    command(tray, "STATE", 1)
    read(sent)
    command(tray, "DIE", 2, "1|2|3|4|5|6")
    assert [(k, f) for k, _, f in read(sent)] == [
        ("HELLO", ("1A2B", FIRMWARE, "1|2|3|4|5|6")),  # the table checks rolls against this
        ("ACK", ("2", "DIE", "ok")),
    ]
    assert display.faces == ("1", "2", "3", "4", "5", "6")
    seen = [face for _ in range(300) for face in roll_once(tray, sent)]
    assert len(seen) == 300 and set(seen) == {"1", "2", "3", "4", "5", "6"}
    # Told back to BondCones' die (a game of it starts), it rolls that die again.
    command(tray, "DIE", 3, "1|2|3|4|peek|bondo")
    assert read(sent)[0][2][2] == "1|2|3|4|peek|bondo"
    assert {face for _ in range(200) for face in roll_once(tray, sent)} == set(DEFAULT_FACES)


def test_a_roll_of_the_old_die_still_spinning_is_dropped_when_the_die_changes(tray, sent):
    command(tray, "STATE", 1)
    tray.press("button")
    tray.tick(100)
    command(tray, "DIE", 2, "heads|tails")
    for _ in range(ROLLING_MS // 10 + 5):
        tray.tick(10)
    assert "ROLL" not in [k for k, _, _ in read(sent)]
    assert set(roll_once(tray, sent)) <= {"heads", "tails"}


def test_a_die_that_is_not_a_die_is_dropped_and_the_tray_keeps_its_own(tray, sent):
    command(tray, "STATE", 1)
    read(sent)
    command(tray, "DIE", 2, "1|1")  # faces must be distinct
    command(tray, "DIE", 3, "one")  # and two at least
    assert read(sent) == [] and tray.dropped == 2 and tray.faces == DEFAULT_FACES
