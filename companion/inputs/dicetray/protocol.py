"""The table's end of the dice tray protocol: bytes in, checked events out, drops counted.

Pure (no serial port, no threads): the driver feeds it whatever the port gives and acts on
the events. The wire format itself lives in pico/frames.py, shared with the tray.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from companion.inputs.dicetray.pico import frames

# Why a line was not applied. The first group are bad frames (counted as "dropped" on the
# status screen); "stale" lines came before the tray answered after a (re)connect, and
# "missed" counts sequence numbers skipped over (frames the tray sent that never arrived).
BAD = (
    frames.GARBAGE,
    frames.CHECKSUM,
    frames.UNKNOWN_TYPE,
    frames.BAD_FIELD,
    "unknown_face",
    "repeated",
    "before_hello",
)
COUNTS = ("accepted", *BAD, "stale", "missed")


@dataclass(frozen=True)
class Hello:
    seq: int
    boot: str
    firmware: str
    faces: tuple[str, ...]
    restarted: bool  # the tray was seen before with another boot id: it lost power or reset


@dataclass(frozen=True)
class Roll:
    seq: int
    face: str
    trigger: str  # "button", "tilt" or "host"


@dataclass(frozen=True)
class Status:
    seq: int
    health: str
    battery: int | None
    armed: bool
    dropped: int  # commands the tray could not accept


@dataclass(frozen=True)
class Ack:
    seq: int
    ref: int
    command: str
    result: str


Event = Union[Hello, Roll, Status, Ack]


class Receiver:
    """Checks every line from the tray; only well-formed, fresh, in-order frames come out."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = dict.fromkeys(COUNTS, 0)
        self.boot: str | None = None
        self.firmware: str | None = None
        self.faces: tuple[str, ...] | None = None
        self.synced = False
        self._last_seq: int | None = None
        self._sync_ref: int | None = None
        self._lines = frames.Lines()

    @property
    def dropped(self) -> int:
        """Bad frames so far (not counting the stale bytes expected at every connect)."""
        return sum(self.counts[reason] for reason in BAD)

    def reopen(self, state_ref: int) -> None:
        """The line was (re)opened and STATE sent with `state_ref`: all before its answer is stale."""
        self.synced = False
        self._sync_ref = state_ref
        self._last_seq = None
        self._lines = frames.Lines()

    def feed(self, data: bytes) -> list[Event]:
        events = []
        for line in self._lines.feed(data):
            if not line:
                continue  # a blank line (a lone CR LF) is neither a frame nor noise
            event = self.line(line)
            if event is not None:
                events.append(event)
        return events

    def line(self, line: bytes | str) -> Event | None:
        try:
            kind, seq, fields = frames.parse(line, frames.FROM_TRAY)
        except frames.FrameError as exc:
            return self._drop(exc.reason)
        if kind == "HELLO":
            return self._hello(seq, fields)
        if self._last_seq is None:
            return self._drop("before_hello")
        if not frames.newer(seq, self._last_seq):
            return self._drop("repeated")
        if kind == "ROLL":
            problem = self._roll_problem(fields[0])
            if problem:
                return self._drop(problem)
        # Only a frame that is applied moves the numbering on: a dropped one changes nothing.
        if self.synced:
            self.counts["missed"] += (seq - self._last_seq) % frames.SEQ_MOD - 1
        self._last_seq = seq
        self.counts["accepted"] += 1
        if kind == "ROLL":
            return Roll(seq, fields[0], fields[1])
        if kind == "STATUS":
            health, battery, armed, dropped = fields
            return Status(seq, health, int(battery) if battery else None, armed == "1", int(dropped))
        ref, command, result = fields
        if command == "STATE" and int(ref) == self._sync_ref:
            self.synced = True
        return Ack(seq, int(ref), command, result)

    def _hello(self, seq: int, fields: tuple[str, ...]) -> Hello | None:
        boot, firmware, faces = fields
        same_boot = boot == self.boot
        if same_boot and self._last_seq is not None and not frames.newer(seq, self._last_seq):
            return self._drop("repeated")
        restarted = self.boot is not None and not same_boot
        self.boot, self.firmware, self.faces = boot, firmware, frames.split_faces(faces)
        self._last_seq = seq
        self.counts["accepted"] += 1
        return Hello(seq, boot, firmware, self.faces or (), restarted)

    def _roll_problem(self, face: str) -> str | None:
        if not self.synced:
            # A roll from before the tray answered: the tray was bumped while nobody listened.
            return "stale"
        if self.faces is None or face not in self.faces:
            return "unknown_face"
        return None

    def _drop(self, reason: str) -> None:
        self.counts["stale" if not self.synced else reason] += 1
        return None


class Commands:
    """The table's numbered commands to the tray, ready to write."""

    def __init__(self) -> None:
        self._seq = 0

    def make(self, kind: str, *fields: object) -> tuple[int, bytes]:
        if kind not in frames.FROM_HOST or len(fields) != len(frames.FROM_HOST[kind]):
            raise ValueError(f"not a tray command: {kind} {fields}")
        self._seq = (self._seq + 1) % frames.SEQ_MOD
        return self._seq, (frames.encode(kind, self._seq, fields) + "\r\n").encode("ascii")
