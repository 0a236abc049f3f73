"""What reading the write-ahead log and checking the moves cost a start: a year of evenings.

Run: .venv/bin/python -m bench.wal_check
1. The checks every start makes on the database (companion/store/soundness.py: every table there,
   every move's text readable) on GAMES games of MOVES moves (bench/recovery.py's database).
2. Reading the log a pulled plug left (companion/store/wal.py): a full-length reserved log whose
   current pass holds PASS frames, as after an evening's moves; once sound, once with a byte
   flipped in its first frame (every frame after it then checked, and the database rebuilt).
Prints the figures; asserts nothing.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from bench.recovery import GAMES, MOVES, build
from companion.store import Store, soundness, wal
from companion.table import Table
from tests.support.tally import Tally

PASS_MOVES = 300


def checks(folder: Path) -> None:
    path = folder / "year.db"
    build(path)
    db = sqlite3.connect(path)
    started = time.perf_counter()
    soundness.problem(db)
    took = time.perf_counter() - started
    db.close()
    print(f"start checks on {GAMES} games of {MOVES} moves ({path.stat().st_size / 1e6:.1f} MB): {took * 1000:.0f} ms")


def crashed_log(folder: Path) -> Path:
    from companion import games

    games.register(Tally())
    live = folder / "live" / "companion.db"
    live.parent.mkdir()
    store = Store(live)
    store.db.execute("PRAGMA wal_autocheckpoint = 0")
    session = Table(store).start("tally", ["Ann", "Ben"], {"target": 99})
    for i in range(PASS_MOVES):
        session.dispatch({"type": "dial", "step": 1 + i % 3})
    crashed = folder / "crashed" / "companion.db"
    crashed.parent.mkdir()
    shutil.copyfile(live, crashed)
    shutil.copyfile(f"{live}-wal", f"{crashed}-wal")
    store.close()
    return crashed


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        checks(folder)
        crashed = crashed_log(folder)
        log_path = Path(f"{crashed}-wal")
        size = log_path.stat().st_size
        started = time.perf_counter()
        wal.inspect(log_path)
        sound = time.perf_counter() - started
        print(f"log left by a pulled plug after {PASS_MOVES} moves ({size / 1e6:.1f} MB): read in {sound * 1000:.0f} ms")
        data = bytearray(log_path.read_bytes())
        data[32 + 24 + 100] ^= 0x40
        log_path.write_bytes(bytes(data))
        started = time.perf_counter()
        damage = wal.inspect(log_path)
        read = time.perf_counter() - started
        started = time.perf_counter()
        store = Store(crashed)
        salvaged = time.perf_counter() - started
        print(f"the same log with its first frame damaged: read in {read * 1000:.0f} ms "
              f"({len(damage.committed_after()) if damage else 0} intact frames after it); "
              f"start with the salvage: {salvaged * 1000:.0f} ms")
        print(f"  {store.notices[0] if store.notices else 'nothing said'}")
        store.close()


if __name__ == "__main__":
    main()
