"""Rows read from raw SQLite pages, without SQLite: for the pages a damaged write-ahead log still
holds intact, which SQLite itself will never read (companion/store/wal.py).

The format is SQLite's (https://sqlite.org/fileformat2.html, "B-tree Pages" and "Record
Format"): a page's header says its kind and how many cells it has; a cell holds a record (a
header of serial types, then the values), of which a long one keeps its start on the page and
the rest on a chain of overflow pages. Table leaves (kind 13) carry a rowid with each record;
index pages, leaves (10) and interior pages (2) alike, carry whole records: a WITHOUT ROWID
table such as the moves' is one of these.

Every read is bounded by the page: a spoilt byte gives a cell that cannot be read (skipped),
never an exception or a value read from outside the page.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass

TABLE_LEAF, INDEX_LEAF, INDEX_INTERIOR = 13, 10, 2

# A value past the part of a record that could be read (its overflow page is lost).
UNREAD = object()


class Unreadable(Exception):
    """A cell or record whose bytes do not make sense."""


@dataclass(frozen=True)
class Cell:
    rowid: int | None  # a table leaf's rowid; None in an index
    values: tuple  # the record's values; UNREAD for those that could not be read


def varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at `at`: (value, where the next thing starts)."""
    value = 0
    for i in range(9):
        if at + i >= len(data):
            raise Unreadable("a number runs off the page")
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise AssertionError("unreachable")


def cells(page: bytes, number: int, usable: int, overflow: Callable[[int], bytes | None]) -> Iterator[Cell]:
    """Each readable cell of a table leaf or an index page; other kinds of page give none.

    `number` is the page's number (page 1 starts after the 100-byte file header); `overflow(n)`
    gives page n as it stands, or None when it cannot be had."""
    start = 100 if number == 1 else 0
    if len(page) < start + 8:
        return
    kind = page[start]
    if kind not in (TABLE_LEAF, INDEX_LEAF, INDEX_INTERIOR):
        return
    (count,) = struct.unpack_from(">H", page, start + 3)
    pointers = start + (12 if kind == INDEX_INTERIOR else 8)
    if pointers + 2 * count > len(page):
        return
    for i in range(count):
        (at,) = struct.unpack_from(">H", page, pointers + 2 * i)
        try:
            yield _cell(page, kind, at, usable, overflow)
        except (Unreadable, struct.error, UnicodeDecodeError):
            continue


def _cell(page: bytes, kind: int, at: int, usable: int, overflow: Callable[[int], bytes | None]) -> Cell:
    if at >= len(page):
        raise Unreadable("a cell starts off the page")
    if kind == INDEX_INTERIOR:
        at += 4  # the left child's page number
    size, at = varint(page, at)
    rowid = None
    if kind == TABLE_LEAF:
        rowid, at = varint(page, at)
        if rowid >= 1 << 63:
            rowid -= 1 << 64
    local = _local_size(size, usable, kind == TABLE_LEAF)
    if at + local > len(page):
        raise Unreadable("a cell runs off the page")
    payload = page[at: at + local]
    if local < size:
        payload += _overflow(page, at + local, size - local, usable, overflow)
    return Cell(rowid, record(payload, complete=len(payload) >= size))


def _local_size(size: int, usable: int, table: bool) -> int:
    """How much of a record of `size` bytes stays on its page (the file format's rule)."""
    most = usable - 35 if table else (usable - 12) * 64 // 255 - 23
    if size <= most:
        return size
    least = (usable - 12) * 32 // 255 - 23
    local = least + (size - least) % (usable - 4)
    return local if local <= most else least


def _overflow(page: bytes, at: int, wanted: int, usable: int, overflow: Callable[[int], bytes | None]) -> bytes:
    """As much of the rest of a record as its overflow chain still gives."""
    if at + 4 > len(page):
        return b""
    (next_page,) = struct.unpack_from(">I", page, at)
    out = bytearray()
    seen = set()
    while next_page and len(out) < wanted and next_page not in seen:
        seen.add(next_page)
        data = overflow(next_page)
        if data is None or len(data) < usable:
            break
        (following,) = struct.unpack_from(">I", data, 0)
        out += data[4: usable][: wanted - len(out)]
        next_page = following
    return bytes(out)


def record(payload: bytes, complete: bool = True) -> tuple:
    """A record's values; those past the end of an incomplete payload are UNREAD."""
    header_size, at = varint(payload, 0)
    if header_size > len(payload) or header_size < at:
        raise Unreadable("a record's header runs past its end")
    types = []
    while at < header_size:
        kind, at = varint(payload, at)
        types.append(kind)
    if at != header_size:
        raise Unreadable("a record's header is spoilt")
    values = []
    body = header_size
    for kind in types:
        width = _width(kind)
        if body + width > len(payload):
            if complete:
                raise Unreadable("a record's values run past its end")
            values.append(UNREAD)
            body += width
            continue
        values.append(_value(kind, payload[body: body + width]))
        body += width
    if complete and body != len(payload):
        raise Unreadable("a record's size does not match its values")
    return tuple(values)


_FIXED = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8, 7: 8, 8: 0, 9: 0}


def _width(kind: int) -> int:
    if kind in _FIXED:
        return _FIXED[kind]
    if kind in (10, 11):
        raise Unreadable("a reserved serial type")
    return (kind - 12) // 2 if kind % 2 == 0 else (kind - 13) // 2


def _value(kind: int, raw: bytes) -> object:
    if kind == 0:
        return None
    if kind in (8, 9):
        return kind - 8
    if 1 <= kind <= 6:
        return int.from_bytes(raw, "big", signed=True)
    if kind == 7:
        return struct.unpack(">d", raw)[0]
    if kind % 2 == 0:
        return bytes(raw)
    return raw.decode("utf-8")
