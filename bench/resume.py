"""Resume time for games of 100 and 10,000 actions, and their ratio (target: at most 1.5).

Run: .venv/bin/python -m bench.resume
Resume = reopening the unfinished game on an open database: reading the game's
record, its latest snapshot and the actions after it, and rebuilding the state.
Opening the file (with its integrity check) is printed separately: it grows
with the whole database, not with one game.
"""

from __future__ import annotations

import gc
import statistics
import tempfile
import time
from pathlib import Path

from companion import games
from companion.store import Store
from companion.table import Table
from tests.support.tally import Tally

SIZES = (100, 10_000)
REPEATS = 200


def build(path: Path, actions: int) -> None:
    store = Store(path)
    store.db.execute("PRAGMA synchronous = OFF")  # building the fixture only; resume is measured as shipped
    session = Table(store).start("tally", ["Ann", "Ben", "Cy"], {"target": 99})
    for i in range(actions):
        session.dispatch({"type": "dial", "step": i % 3 + 1})
    store.close()


def measure_once(path: Path) -> tuple[float, float]:
    """One open and one resume, with the garbage collector held off as timeit does."""
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        store = Store(path)
        t1 = time.perf_counter()
        session = Table(store).resume()
        t2 = time.perf_counter()
    finally:
        gc.enable()
    assert session is not None
    store.close()
    return t1 - t0, t2 - t1


def main() -> None:
    games.register(Tally())
    with tempfile.TemporaryDirectory() as tmp:
        paths = {n: Path(tmp) / f"game-{n}.db" for n in SIZES}
        for n, path in paths.items():
            build(path, n)
        samples: dict[int, list[tuple[float, float]]] = {n: [] for n in SIZES}
        for _ in range(REPEATS):  # interleaved, so drift on a busy machine hits both sizes alike
            for n, path in paths.items():
                samples[n].append(measure_once(path))
        medians = {}
        for n, path in paths.items():
            opens = statistics.median(s[0] for s in samples[n])
            resumes = statistics.median(s[1] for s in samples[n])
            medians[n] = resumes
            print(f"{n:>6} actions: resume {resumes * 1000:7.3f} ms   open+check {opens * 1000:7.3f} ms   "
                  f"database {path.stat().st_size / 1024:5.0f} KiB")
    ratio = medians[SIZES[1]] / medians[SIZES[0]]
    print(f"resume ratio {SIZES[1]}/{SIZES[0]}: {ratio:.2f} (target <= 1.5)")


if __name__ == "__main__":
    main()
