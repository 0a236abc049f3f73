"""This machine's ports 1883 and 9001, for one test at a time.

The install tests' roots share this machine's network, and each root's Mosquitto takes the
table's own ports 1883 and 9001. Tests that do hold a lock on them for their whole run, so that
whichever worker runs them, one waits for the other instead of reading the other's broker.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.as_root import as_root

LOCK = Path("/run/lock/companion-tests-ports-1883-9001")


@contextmanager
def host_ports() -> Iterator[None]:
    if not LOCK.exists():  # made by root (only root may write /run/lock on some systems), for everyone
        subprocess.run(as_root("sh", "-c", f'mkdir -p "{LOCK.parent}" && touch "{LOCK}" && chmod 666 "{LOCK}"'),
                       check=True, capture_output=True)
    fd = os.open(LOCK, os.O_RDONLY)  # to read: a lock file another account made serves as well
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # released when the file closes, or the process dies
        yield
    finally:
        os.close(fd)
