"""SQLite's write-ahead log (the -wal file beside the database) read byte by byte, before SQLite
opens it: where it is damaged, and which later frames are still intact.

SQLite replays the log up to the first frame whose salt or checksum is wrong and ignores every
frame after it, by design (https://sqlite.org/fileformat2.html, "The WAL File Format"): one
flipped bit in a frame loses every move committed after it, and the database then looks sound.
The format is small enough to read here:

- a 32-byte header: magic (0x377f0682: checksums read as little-endian words, 0x377f0683:
  big-endian), format version, page size, checkpoint sequence, two salts, and a checksum of the
  first 24 bytes;
- frames: a 24-byte header (page number, the database's size in pages after a commit, 0 in the
  other frames of a transaction, the two salts, and a checksum) and one page. The checksum is
  cumulative: each frame's starts from the one before it, over its first 8 header bytes and its
  page.

A frame whose own checksum is right, counted from the checksum its predecessor carries, is
intact even when a frame before it is not: damage to one frame's page breaks SQLite's chain
there, but the next frame still checks against the checksum the damaged one carries. Frames of
an earlier pass over the log (after a checkpoint SQLite writes it again from its start, with
new salts) carry the old salts and are not part of the log's story.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, replace
from pathlib import Path

HEADER = 32
FRAME_HEADER = 24
_MAGIC_LITTLE = 0x377F0682
_MAGIC_BIG = 0x377F0683
_MASK = 0xFFFFFFFF


@dataclass(frozen=True)
class Frame:
    """One frame of the current pass over the log: its place (0 for the first), the page it
    holds, and whether it commits a transaction (`commit`: the database's size then, else 0)."""

    number: int
    page: int
    commit: int
    data: bytes
    intact: bool  # its checksum is right, counted from the checksum the frame before it carries


@dataclass(frozen=True)
class LogDamage:
    """A log SQLite would stop replaying at `first_bad` (a frame number) although committed
    frames of the same pass follow it: those, intact or not, are in `after`."""

    page_size: int
    replayed: int  # frames SQLite replays: up to the last commit before the first bad frame
    first_bad: int
    before: tuple[Frame, ...]  # the frames SQLite replays
    after: tuple[Frame, ...]  # every frame of this pass from the first bad one on
    torn: bool  # the file ends in the middle of a frame

    def committed_after(self) -> list[Frame]:
        """The intact frames after the damage, up to the last intact commit frame: the pages of
        transactions that were committed (a transaction still being written when the table
        stopped was never acknowledged, and is left out)."""
        last = max((i for i, f in enumerate(self.after) if f.intact and f.commit), default=-1)
        return [f for f in self.after[: last + 1] if f.intact]


def checksum(data: bytes, big_endian: bool, s0: int = 0, s1: int = 0) -> tuple[int, int]:
    """SQLite's WAL checksum of `data` (a multiple of 8 bytes), continued from (s0, s1)."""
    words = iter(struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data))
    for x0, x1 in zip(words, words):  # pairs of words, as SQLite adds them
        s0 = (s0 + x0 + s1) & _MASK
        s1 = (s1 + x1 + s0) & _MASK
    return s0, s1


def inspect(wal: Path) -> LogDamage | None:
    """The damage in the log at `wal`: None when there is no log, or SQLite reads all of its
    current pass that was committed (a torn frame at the end, or an unfinished transaction,
    is what a pulled plug leaves, and SQLite rightly drops it)."""
    try:
        raw = wal.read_bytes()
    except FileNotFoundError:
        return None
    if len(raw) < HEADER + FRAME_HEADER:
        return None
    magic, _version, page_size, _seq, salt1, salt2, c0, c1 = struct.unpack(">8I", raw[:HEADER])
    if page_size < 512 or page_size > 65536 or page_size & (page_size - 1):
        return None  # no page size to read frames by: nothing can be read of it
    size = FRAME_HEADER + page_size
    count = (len(raw) - HEADER) // size
    if count == 0:
        return None
    orders = {_MAGIC_LITTLE: (False,), _MAGIC_BIG: (True,)}.get(magic, (False, True))
    found = [_walk(raw, big, page_size, count) for big in orders]
    damage = max(found, key=lambda d: -1 if d is None else sum(f.intact for f in d.after))
    if damage is None:
        return None
    before, after, replayed = damage.before, damage.after, damage.replayed
    if magic not in (_MAGIC_LITTLE, _MAGIC_BIG):  # SQLite reads none of a log it does not recognise
        before, after, replayed = (), before + after, 0
    torn = (len(raw) - HEADER) % size != 0
    return LogDamage(page_size, replayed, max(damage.first_bad, 0), before, after, torn)


def _walk(raw: bytes, big: bool, page_size: int, count: int) -> LogDamage | None:
    """The log read with checksums in this byte order (see inspect)."""
    size = FRAME_HEADER + page_size
    header_ok = checksum(raw[:24], big) == struct.unpack(">2I", raw[24:32])
    # A spoilt header: SQLite reads no frame at all. The current pass starts at the first frame.
    salts = struct.unpack(">2I", raw[16:24]) if header_ok else struct.unpack(">2I", raw[HEADER + 8: HEADER + 16])
    previous = struct.unpack(">2I", raw[24:32])  # the checksum the header (or frame before) carries
    computed = checksum(raw[:24], big)  # the one it should carry, from its own bytes
    first_bad = None if header_ok else -1
    replayed = 0
    frames: list[Frame] = []
    previous_salted = True
    for n in range(count):
        at = HEADER + n * size
        page, commit, s1, s2, k0, k1 = struct.unpack(">6I", raw[at: at + FRAME_HEADER])
        salted = (s1, s2) == salts
        body = raw[at: at + 8] + raw[at + FRAME_HEADER: at + size]
        mine = checksum(body, big, *previous)
        own = mine == (k0, k1)
        if not own and computed != previous and checksum(body, big, *computed) == (k0, k1):
            # The frame before carries a spoilt checksum, yet this one checks against the one it
            # should carry: so its bytes are as written, and only its checksum field is spoilt.
            own = True
            if frames:
                frames[-1] = replace(frames[-1], intact=True)
        if not salted and not own and first_bad is None:
            break  # the end of this pass: an earlier pass's frames follow (or filler)
        if first_bad is None:
            # Before any damage SQLite's chain is the carried one: it replays a frame that checks.
            if salted and mine == (k0, k1):
                if commit:
                    replayed = n + 1
            else:
                first_bad = n
        computed = mine
        # A spoilt salt alone (salts are outside the checksum) between two frames of this pass;
        # an earlier pass's frame never checks against a frame of this one.
        intact = own and (salted or previous_salted)
        previous, previous_salted = (k0, k1), salted
        frames.append(Frame(n, page, commit, raw[at + FRAME_HEADER: at + size], intact))
    if first_bad is None:
        return None
    start = max(first_bad, 0)
    after = tuple(frames[start:])
    if not any(f.intact and f.commit for f in after):
        return None  # nothing committed follows: a transaction cut short, as a pulled plug leaves it
    return LogDamage(page_size, replayed, first_bad, tuple(frames[:replayed]), after, False)
