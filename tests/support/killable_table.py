"""A table process that plays a fixed script forever, printing "ack REVISION" after each change
returns; the power-cut test kills it with SIGKILL at random moments and restarts it."""

import sys

from companion import games
from companion.store import Store
from companion.table import Table
from tests.support.tally import Tally


def op(k: int) -> dict:
    """The k-th change of the script (k counts from 0): dials, with an undo and a redo every 7."""
    if k % 7 == 5:
        return {"type": "undo"}
    if k % 7 == 6:
        return {"type": "redo"}
    return {"type": "dial", "step": k % 5 + 1}


def main(db_path: str) -> None:
    games.register(Tally())
    table = Table(Store(db_path))
    session = table.resume() or table.start("tally", ["Ann", "Ben"], {"target": 99})
    while True:
        session.dispatch(op(session.revision))
        print(f"ack {session.revision}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
