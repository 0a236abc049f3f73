"""A table process that corrects past moves of a long game over and over, printing "ack REVISION"
after each change returns; the power-cut test for corrections kills it with SIGKILL at random
moments and restarts it. Each correction rewrites the whole line after an early move, so a kill
often lands while one is being worked out or committed."""

import sys

from companion import games
from companion.core import Session
from companion.store import Store
from companion.table import Table
from tests.support.tally import Tally

OPENING = 150  # plain moves before the corrections start
TARGET = 99  # Tally's target: dials score nothing, so the game never ends


def op(session: Session) -> dict:
    """The next change, from the session alone, so that a reference in memory makes the same."""
    k = session.revision - OPENING
    if k < 0:
        return {"type": "dial", "step": session.revision % 5 + 1}
    if k % 4 == 2:
        return {"type": "undo"}
    if k % 4 == 3:
        return {"type": "redo"}
    move = k % 40 + 1
    line = session.moves()
    # A step the move does not have: the line's own are 1 to 5; a correction's is -1 to -9, and the
    # last correction of the same move (40 changes before) had another one (40 is not a multiple of 9).
    return {"type": "correct", "move": move, "action": {"type": "dial", "step": -(1 + k % 9)}, "later": line[move:]}


def main(db_path: str) -> None:
    games.register(Tally())
    table = Table(Store(db_path))
    session = table.resume() or table.start("tally", ["Ann", "Ben"], {"target": TARGET})
    while True:
        session.dispatch(op(session))
        print(f"ack {session.revision}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
