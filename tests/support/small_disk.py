"""A real small disk for the game database: filled up, made read-only, and given back, for real.

A tmpfs mounted with a size limit fails the way an SD card does when it is full (ENOSPC, so
SQLite says SQLITE_FULL) and, remounted read-only, the way a card the kernel turned read-only
after errors does. Nothing stands in for SQLite or the file system. Mounting needs root (or
CAP_SYS_ADMIN): a user mounts through `sudo -n`, the disk then owned by that user; where neither
is allowed the test is skipped and says why.
"""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.support.as_root import as_root, why_not_root


class SmallDisk:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.filler = path / "filler"

    def fill(self) -> None:
        """Take every free byte, as photos copied onto the card would."""
        with open(self.filler, "ab", buffering=0) as f:
            for size in (65536, 4096, 512, 1):  # large steps, then the last partial block
                try:
                    while True:
                        f.write(b"\0" * size)
                except OSError as exc:
                    if exc.errno != errno.ENOSPC:
                        raise

    def free(self) -> None:
        """Give the space back."""
        self.filler.unlink(missing_ok=True)

    def read_only(self) -> None:
        _mount("-o", "remount,ro", str(self.path))

    def writable(self) -> None:
        _mount("-o", "remount,rw", str(self.path))


def _mount(*args: str) -> None:
    subprocess.run(as_root("mount", *args), check=True, capture_output=True, text=True)


@contextmanager
def small_disk(path: Path, size_kb: int = 2048) -> Iterator[SmallDisk]:
    """A tmpfs of `size_kb` at `path` (made if missing), unmounted afterwards whatever happens."""
    path.mkdir(parents=True, exist_ok=True)
    if (reason := why_not_root()) is not None:
        pytest.skip(f"cannot mount a small tmpfs: {reason}")
    owner = f"uid={os.geteuid()},gid={os.getegid()}"  # the user's own disk, as a card mounted for them
    done = subprocess.run(as_root("mount", "-t", "tmpfs", "-o", f"size={size_kb}k,mode=0755,{owner}", "tmpfs", str(path)),
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here (a container without CAP_SYS_ADMIN?): {done.stderr.strip()}")
    try:
        yield SmallDisk(path)
    finally:
        subprocess.run(as_root("mount", "-o", "remount,rw", str(path)), capture_output=True)
        for _ in range(50):  # a connection closing in another thread may hold it a moment
            if subprocess.run(as_root("umount", str(path)), capture_output=True).returncode == 0:
                break
            os.sched_yield()
        else:
            subprocess.run(as_root("umount", "-l", str(path)), capture_output=True)
