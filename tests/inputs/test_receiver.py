"""The table's receiver: only fresh, well-formed frames with a face of this die get through."""

from companion.inputs.dicetray.pico import frames
from companion.inputs.dicetray.protocol import Ack, Commands, Hello, Receiver, Roll, Status

FACES = "1|2|3|4|peek|bondo"


def line(kind, seq, *fields):
    return (frames.encode(kind, seq, fields) + "\r\n").encode()


def synced(boot="00AA"):
    r = Receiver()
    r.reopen(state_ref=9)
    assert isinstance(r.feed(line("HELLO", 1, boot, "1.0.0", FACES))[0], Hello)
    assert r.feed(line("ACK", 2, "9", "STATE", "ok")) == [Ack(2, 9, "STATE", "ok")]
    assert r.synced
    return r


def test_a_roll_after_the_tray_answered_is_accepted():
    r = synced()
    assert r.feed(line("ROLL", 3, "peek", "button")) == [Roll(3, "peek", "button")]
    assert r.dropped == 0


def test_rolls_before_the_tray_answered_are_stale_never_applied():
    r = Receiver()
    r.reopen(state_ref=1)
    assert r.feed(b"ck,button*3F\r\n" + line("ROLL", 40, "2", "button")) == []
    assert r.feed(line("HELLO", 41, "00AA", "1.0.0", FACES))[0].faces == tuple(FACES.split("|"))
    assert r.feed(line("ROLL", 42, "3", "button")) == []  # still before the ACK
    assert r.counts["stale"] == 3 and r.dropped == 0
    r.feed(line("ACK", 43, "1", "STATE", "ok"))
    assert r.feed(line("ROLL", 44, "4", "button")) == [Roll(44, "4", "button")]


def test_an_ack_for_an_older_state_request_does_not_sync():
    r = Receiver()
    r.reopen(state_ref=5)
    r.feed(line("HELLO", 1, "00AA", "1.0.0", FACES))
    r.feed(line("ACK", 2, "4", "STATE", "ok"))
    assert not r.synced


def test_unknown_face_repeated_sequence_and_bad_checksum_are_counted_and_dropped():
    r = synced()
    assert r.feed(line("ROLL", 3, "7", "button")) == []
    assert r.counts["unknown_face"] == 1
    assert r.feed(line("ROLL", 4, "1", "button")) == [Roll(4, "1", "button")]
    assert r.feed(line("ROLL", 4, "1", "button")) == []  # the same frame twice
    assert r.feed(line("ROLL", 2, "1", "button")) == []  # an old one
    assert r.counts["repeated"] == 2
    bad = line("ROLL", 5, "2", "button").replace(b"2,button", b"3,button")
    assert r.feed(bad) == []
    assert r.counts["checksum"] == 1
    assert r.feed(b"\x00\x01 garbage \xff\n") == []
    assert r.counts["garbage"] == 1
    assert r.dropped == 5


def test_a_restarted_tray_starts_its_numbering_again():
    r = synced(boot="00AA")
    r.feed(line("ROLL", 3, "1", "button"))
    hello = r.feed(line("HELLO", 1, "00BB", "1.0.0", FACES))
    assert hello and hello[0].restarted
    assert r.feed(line("ROLL", 2, "2", "button")) == [Roll(2, "2", "button")]


def test_frames_before_any_hello_are_not_trusted():
    r = Receiver()
    r.reopen(1)
    r.synced = True  # pretend the ack came while the hello was lost
    assert r.feed(line("ROLL", 1, "1", "button")) == []
    assert r.counts["before_hello"] == 1


def test_status_and_missed_frames():
    r = synced()
    assert r.feed(line("STATUS", 5, "warn", "9", "1", "2")) == [Status(5, "warn", 9, True, 2)]
    assert r.counts["missed"] == 2  # seq 3 and 4 never came


def test_commands_are_numbered_frames():
    c = Commands()
    seq, data = c.make("ARM", "1")
    assert seq == 1 and data == (frames.encode("ARM", 1, ("1",)) + "\r\n").encode()
    assert c.make("PING")[0] == 2
