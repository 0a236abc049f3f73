"""How long the table takes to start on a damaged database, games copied: a year of evenings.

Run: .venv/bin/python -m bench.recovery
A database of GAMES finished games of MOVES moves each (written straight in the store's schema,
as the store writes them), garbage over one page in its middle, then the table's Store opening
it: setting it aside, reading every game key by key (and with sqlite3 .recover where it works),
copying the readable ones into the new file. Prints the figures; asserts nothing.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
import time
from importlib import resources
from pathlib import Path

from companion.store import Store
from companion.store.migrations import LATEST

GAMES = 1000
MOVES = 150
PAGE = 4096


def build(path: Path) -> None:
    db = sqlite3.connect(path)
    db.executescript(resources.files("companion.store").joinpath("schema.sql").read_text())
    db.execute(f"PRAGMA user_version = {LATEST}")
    move = json.dumps({"type": "dial", "step": 2}, separators=(",", ":"))
    for gid in range(1, GAMES + 1):
        db.execute(
            "INSERT INTO games (id, game, players, options, started_at, ended_at, status, result, cursor, revision,"
            " length) VALUES (?, 'tally', ?, '{\"target\": 10}', '2026-01-01T20:00:00+00:00',"
            " '2026-01-01T21:00:00+00:00', 'finished', ?, ?, ?, ?)",
            (gid, json.dumps([{"name": "Ann"}, {"name": "Ben"}]),
             json.dumps({"winners": ["Ann"], "summary": "Ann won", "scores": {"Ann": 10, "Ben": 3}}),
             MOVES, MOVES, MOVES),
        )
        db.executemany("INSERT INTO actions VALUES (?, ?, ?, '2026-01-01T20:30:00+00:00')",
                       [(gid, i, move) for i in range(MOVES)])
    db.commit()
    db.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "companion.db"
        build(path)
        size = path.stat().st_size
        data = bytearray(path.read_bytes())
        middle = len(data) // PAGE // 2
        data[middle * PAGE:(middle + 1) * PAGE] = b"\xde\xad" * (PAGE // 2)
        path.write_bytes(bytes(data))
        started = time.perf_counter()
        store = Store(path)
        took = time.perf_counter() - started
        print(f"database: {GAMES} games of {MOVES} moves, {size / 1e6:.1f} MB, one page of garbage in its middle")
        print(f"start with recovery: {took:.2f} s")
        print(store.notices[0].split(": ")[-1])
        store.close()


if __name__ == "__main__":
    main()
