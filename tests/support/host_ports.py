"""This machine's ports 1883 and 9001, for one test at a time.

The install tests' roots share this machine's network, and each root's Mosquitto takes the
table's own ports 1883 and 9001. Tests that do hold a lock on them for their whole run, so that
whichever worker runs them, one waits for the other instead of reading the other's broker.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK = Path("/run/lock/companion-tests-ports-1883-9001")


@contextmanager
def host_ports() -> Iterator[None]:
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with LOCK.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # released when the file closes, or the process dies
        yield
