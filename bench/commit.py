"""What a tap waits for on this disk: the table's durable commit, beside the bare flushes it is made of.

Run: .venv/bin/python -m bench.commit [--actions 500]
Prints, for the first moves after a start (the log freshly reserved by Store):
- a move through Session.dispatch with the SQLite store as shipped (WAL, synchronous=FULL);
- the store's commit alone (StoredTimeline.record);
- the two kinds of flush underneath, on the same disk: a page appended to a growing file
  (what every commit paid before the store reserved its log), and a page rewritten in place
  (what a commit pays now).
The flush is the floor of every durable move: bench/mqtt_latency.py starts from it.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from companion import games
from companion.store import Store
from companion.table import Table
from tests.support.tally import Tally

PAGE = 4096
# One WAL frame: a page and its 24-byte header. A move's commit writes two: the game's row
# and the last page of its actions.
FRAME = PAGE + 24


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def line(label: str, values: list[float]) -> None:
    print(f"  {label:<44} p50 {pct(values, 50) * 1e3:7.3f} ms   p99 {pct(values, 99) * 1e3:7.3f} ms"
          f"   max {max(values) * 1e3:7.3f} ms")


def moves(work: Path, count: int) -> tuple[list[float], list[float]]:
    store = Store(work / "companion.db")
    session = Table(store).start("tally", ["Ann", "Ben", "Cy"], {"target": 99})
    timeline = session.timeline
    record = timeline.record
    commits: list[float] = []

    def timed(action, state):  # the store's own share of each move
        t0 = time.perf_counter()
        record(action, state)
        commits.append(time.perf_counter() - t0)

    timeline.record = timed
    dispatches = []
    for _ in range(count):
        t0 = time.perf_counter()
        session.dispatch({"type": "dial", "step": 1})
        dispatches.append(time.perf_counter() - t0)
    store.close()
    return dispatches, commits


def flushes(path: Path, count: int, *, in_place: bool) -> list[float]:
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        if in_place:
            os.write(fd, b"\0" * (2 * FRAME * count))
            os.fsync(fd)
        times = []
        for i in range(count):
            os.pwrite(fd, os.urandom(2 * FRAME), 2 * FRAME * i)
            t0 = time.perf_counter()
            os.fdatasync(fd)
            times.append(time.perf_counter() - t0)
        return times
    finally:
        os.close(fd)
        path.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=500)
    args = parser.parse_args()
    games.register(Tally())
    with tempfile.TemporaryDirectory(prefix="bench-commit-") as tmp:
        work = Path(tmp)
        dispatches, commits = moves(work, args.actions)
        appended = flushes(work / "appended", args.actions, in_place=False)
        in_place = flushes(work / "in-place", args.actions, in_place=True)
    print(f"The first {args.actions} moves after a start, on {work.parent}'s disk")
    line("a move (rules, commit, listeners)", dispatches)
    line("  of which the store's commit", commits)
    line("flush of two pages appended to a file", appended)
    line("flush of two pages rewritten in place", in_place)


if __name__ == "__main__":
    main()
