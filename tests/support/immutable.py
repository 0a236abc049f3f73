"""Marking a file immutable, the only way to make a file read-only for root (chattr, e2fsprogs);
a user marks it through `sudo -n` (only root may set the flag)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.as_root import as_root, why_not_root


def immutable(path: Path, on: bool) -> None:
    """Mark `path` immutable (on) or not; skips the test, saying why, where that cannot be done."""
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not installed (e2fsprogs, in deploy/apt-packages.txt's [test] list)")
    if on and (reason := why_not_root()) is not None:
        pytest.skip(f"cannot mark a file immutable: {reason}")
    done = subprocess.run(as_root("chattr", "+i" if on else "-i", str(path)), capture_output=True, text=True)
    if done.returncode != 0:
        if not on:
            raise AssertionError(f"could not make {path} writable again: {done.stderr.strip()}")
        pytest.skip(f"cannot mark a file read-only for root here: {done.stderr.strip()}")
