"""How long correcting an early move of a long game takes: the preview the touchscreen asks for
at every touch, and the commit (replay, checks and one SQLite transaction). Prints figures."""

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import games  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.table import Table  # noqa: E402
from tests.support.tally import Tally  # noqa: E402


def main(moves: int = 600) -> None:
    games.register(Tally())
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "companion.db")
        session = Table(store).start("tally", ["Ann", "Ben"], {"target": 99})
        for k in range(moves):
            session.dispatch({"type": "dial", "step": k % 5 + 1})
        line = session.moves()
        start = time.perf_counter()
        preview = session.preview_correction(1, {"type": "dial", "step": 9})
        previewed = time.perf_counter() - start
        assert preview.ready
        start = time.perf_counter()
        session.dispatch(preview.entry())
        committed = time.perf_counter() - start
        start = time.perf_counter()
        session.dispatch({"type": "undo"})
        session.dispatch({"type": "redo"})
        undo_redo = time.perf_counter() - start
        store.close()
        start = time.perf_counter()
        resumed = Table(Store(Path(folder) / "companion.db")).resume()
        resumed_in = time.perf_counter() - start
        assert resumed.moves() != line
    print(f"game of {moves} moves, move 1 corrected:")
    print(f"  preview (every later move played again): {previewed * 1000:.0f} ms")
    print(f"  commit: {committed * 1000:.0f} ms")
    print(f"  undo + redo of it: {undo_redo * 1000:.0f} ms")
    print(f"  resume after it: {resumed_in * 1000:.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
