"""Random and mutated frames: the receiver never crashes and never lets a bad frame through.

"Bad" is judged by an oracle written here from docs/dicetray-protocol.md, independently of
the code under test: its own checksum, its own field rules, the faces of the last HELLO,
sequence numbers that only go forward.
"""

from __future__ import annotations

import functools
import operator
import random
import re
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.inputs.dicetray.protocol import COUNTS, Ack, Hello, Receiver, Roll, Status

FRAMES = 100_000
FACES = ("1", "2", "3", "4", "peek", "bondo")

FIELD_RULES = {
    "HELLO": [r"[0-9A-F]{4}", r"[0-9]+(\.[0-9]+)*", r"[A-Za-z0-9_-]{1,12}(\|[A-Za-z0-9_-]{1,12}){1,19}"],
    "ROLL": [r"[A-Za-z0-9_-]{1,12}", r"button|tilt|host"],
    "STATUS": [r"ok|warn|fault", r"|100|[1-9]?[0-9]", r"[01]", r"0|[1-9][0-9]{0,4}"],
    "ACK": [r"0|[1-9][0-9]{0,4}", r"PING|STATE|ARM|IDENT|ROLL|DIE", r"ok|busy"],
}


def oracle_frame(line: bytes):
    """(kind, seq, fields) if `line` is a valid tray frame by the document, else None."""
    try:
        text = line.decode("ascii")
    except UnicodeDecodeError:
        return None
    m = re.fullmatch(r"\$([ -#%-)+-~]*)\*([0-9A-F]{2})", text)  # printable, no $ or * inside
    if not m or len(text) > 120:
        return None
    body, given_sum = m.groups()
    if functools.reduce(operator.xor, body.encode(), 0) != int(given_sum, 16):
        return None
    kind, *rest = body.split(",")
    if kind not in FIELD_RULES or len(rest) != 1 + len(FIELD_RULES[kind]):
        return None
    if not re.fullmatch(r"0|[1-9][0-9]{0,4}", rest[0]) or int(rest[0]) > 65535:
        return None
    for rule, value in zip(FIELD_RULES[kind], rest[1:]):
        if not re.fullmatch(rule, value):
            return None
    if kind == "STATUS" and rest[2] and int(rest[2]) > 100:
        return None
    if kind == "ACK" and int(rest[1]) > 65535:
        return None
    if kind == "HELLO":
        faces = rest[3].split("|")
        if len(set(faces)) != len(faces):
            return None
    return kind, int(rest[0]), tuple(rest[1:])


def checksum(body: str) -> str:
    return "%02X" % functools.reduce(operator.xor, body.encode(), 0)


def frame(kind: str, seq: int, *fields: str) -> bytes:
    body = ",".join([kind, str(seq), *fields])
    return f"${body}*{checksum(body)}".encode()


class Stream:
    """Valid frames from a tray with occasional restarts, and mutations of them."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.seq = 1
        self.boot = 0x1000

    def valid(self) -> bytes:
        rng = self.rng
        self.seq = (self.seq + rng.choice((1, 1, 1, 1, 2, 0, -1, 40000))) % 65536
        pick = rng.random()
        if pick < 0.03:
            self.boot += rng.choice((0, 1))
            return frame("HELLO", self.seq, "%04X" % (self.boot % 65536), "1.0.0", "|".join(FACES))
        if pick < 0.75:
            face = rng.choice(FACES + ("5", "six", "PEEK"))
            return frame("ROLL", self.seq, face, rng.choice(("button", "tilt", "host")))
        if pick < 0.9:
            return frame("STATUS", self.seq, rng.choice(("ok", "warn", "fault")), rng.choice(("", "0", "57", "100")),
                         rng.choice("01"), str(rng.randrange(100)))
        return frame("ACK", self.seq, str(rng.randrange(65536)), rng.choice(("PING", "ARM", "STATE")), "ok")

    def mutated(self, line: bytes) -> bytes:
        rng = self.rng
        data = bytearray(line)
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            how = rng.randrange(9)
            i = rng.randrange(len(data) or 1)
            if how == 0 and data:
                data[i] ^= 1 << rng.randrange(8)
            elif how == 1 and data:
                data[i] = rng.randrange(256)
            elif how == 2:
                data.insert(i, rng.choice(b"$*,|0123456789ABCDEF\r\x03\xff"))
            elif how == 3 and data:
                del data[i]
            elif how == 4 and len(data) > 1:
                j = min(i + 1, len(data) - 1)
                data[i], data[j] = data[j], data[i]
            elif how == 5:
                data = data[: rng.randrange(len(data) + 1)]
            elif how == 6:
                data += self.valid()  # two frames run together
            elif how == 7:
                data = bytearray(rng.randbytes(rng.randrange(1, 80)))
            else:
                data[-2:] = b"%02X" % rng.randrange(256)
        return bytes(data).replace(b"\n", b"")

    def line(self) -> bytes:
        line = self.valid()
        return line if self.rng.random() < 0.4 else self.mutated(line)


class Checker:
    """Holds the receiver to the oracle, line by line."""

    def __init__(self) -> None:
        self.receiver = Receiver()
        self.receiver.reopen(state_ref=1)
        self.receiver.line(frame("HELLO", 0, "1000", "1.0.0", "|".join(FACES)))
        self.receiver.line(frame("ACK", 1, "1", "STATE", "ok"))
        self.faces = FACES
        self.boot = "1000"
        self.last = 1
        assert self.receiver.synced
        self.rolls = 0
        self.lines = 0

    def feed(self, line: bytes):
        before = sum(self.receiver.counts[k] for k in COUNTS if k != "missed")
        event = self.receiver.line(line)
        after = sum(self.receiver.counts[k] for k in COUNTS if k != "missed")
        assert after == before + 1, f"{line!r} was not counted exactly once"
        self.lines += 1
        if event is None:
            return None
        parsed = oracle_frame(line)
        assert parsed is not None, f"accepted a bad frame: {line!r}"
        kind, seq, fields = parsed
        assert event.seq == seq
        if isinstance(event, Hello):
            if fields[0] == self.boot:
                assert (seq - self.last) % 65536 in range(1, 32768), f"accepted an old HELLO {line!r}"
            self.boot, self.faces = fields[0], tuple(fields[2].split("|"))
        else:
            assert (seq - self.last) % 65536 in range(1, 32768), f"accepted a repeated/old frame {line!r}"
        if isinstance(event, Roll):
            assert kind == "ROLL" and event.face in self.faces, f"accepted an unknown face {line!r}"
            assert (event.face, event.trigger) == fields
            self.rolls += 1
        assert isinstance(event, (Hello, Roll, Status, Ack))
        self.last = seq
        return event


def test_a_hundred_thousand_random_and_mutated_frames(capsys):
    rng = random.Random(20261121)
    stream = Stream(rng)
    checker = Checker()
    chunked = Receiver()
    chunked.reopen(state_ref=1)
    chunked.feed(frame("HELLO", 0, "1000", "1.0.0", "|".join(FACES)) + b"\n" + frame("ACK", 1, "1", "STATE", "ok") + b"\n")
    events, chunk_events, pending = [], [], b""
    start = time.perf_counter()
    for _ in range(FRAMES):
        line = stream.line()
        event = checker.feed(line)
        if event is not None:
            events.append(event)
        pending += line + rng.choice((b"\n", b"\r\n"))
        while pending and rng.random() < 0.7:  # the same bytes again, cut anywhere
            cut = rng.randrange(len(pending) + 1)
            chunk_events += chunked.feed(pending[:cut])
            pending = pending[cut:]
    chunk_events += chunked.feed(pending)
    elapsed = time.perf_counter() - start
    with capsys.disabled():
        print(f"\n  fuzz: {FRAMES} lines in {elapsed:.2f} s ({FRAMES / elapsed:,.0f} lines/s, "
              f"{checker.rolls} rolls accepted, {checker.receiver.dropped} dropped)")
    assert checker.rolls > 1000, "the stream should also carry plenty of good rolls"
    assert checker.receiver.dropped > FRAMES // 3
    # Cutting the byte stream anywhere changes nothing (lines that are too long aside,
    # which the line cutter drops before they are parsed).
    assert [e for e in chunk_events] == [e for e in events]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=200), max_size=20))
def test_any_bytes_at_all_never_crash_the_receiver(chunks):
    r = Receiver()
    r.reopen(1)
    r.feed(b"$HELLO,1,1000,1.0.0,1|2*" + checksum("HELLO,1,1000,1.0.0,1|2").encode() + b"\n")
    r.feed(frame("ACK", 2, "1", "STATE", "ok") + b"\n")
    for chunk in chunks:
        for event in r.feed(chunk):
            assert not isinstance(event, Roll) or event.face in ("1", "2")


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(FACES),
    st.sampled_from(("button", "tilt", "host")),
    st.integers(0, 65535),
    st.integers(0, 200),
    st.integers(1, 255),
)
def test_one_changed_byte_never_passes_as_a_different_roll(face, trigger, seq, where, xor):
    good = frame("ROLL", seq, face, trigger)
    bad = bytearray(good)
    bad[where % len(bad)] ^= xor
    r = Receiver()
    r.reopen(1)
    r.line(frame("HELLO", (seq - 2) % 65536, "1000", "1.0.0", "|".join(FACES)))
    r.line(frame("ACK", (seq - 1) % 65536, "1", "STATE", "ok"))
    assert r.line(bytes(bad)) is None  # a single changed byte always breaks the XOR checksum
