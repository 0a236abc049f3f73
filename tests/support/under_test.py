"""The code under test as a commit: what the tests that install the table (a fresh clone, a
booted root, the virtual table) clone and install."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def git(*args: str, env: dict[str, str] | None = None) -> str:
    return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True, check=True,
                          env={**os.environ, **(env or {})}).stdout.strip()


def commit_under_test() -> str:
    """The working tree as it is, new files included (a commit object on HEAD, no branch moved,
    the index untouched): what a run tests is what is in the folder, not HEAD with part of it
    (`git stash create` leaves out new files, and a new module the changed code imports)."""
    with tempfile.TemporaryDirectory() as scratch:
        index = {"GIT_INDEX_FILE": f"{scratch}/index"}
        git("read-tree", "HEAD", env=index)
        git("add", "-A", env=index)
        tree = git("write-tree", env=index)
    return git("commit-tree", tree, "-p", "HEAD", "-m", "the working tree under test")
