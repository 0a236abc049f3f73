"""Debian 13's sqlite3 program on a Debian 12 machine: a minimal Debian 13 root built once with
debootstrap (tests/support/booted_root.py's), and a `sqlite3` on PATH that runs the root's
program on a copy of the file it is given.

Debian 12's sqlite3 (3.40) is built without the page reader `.recover` needs; Debian 13's (3.46),
today's Raspberry Pi OS, has it. The recovery's second reader (companion/store/recovery.py) is
tested with it here. The root is kept in /var/cache/companion-sqlite-trixie/ (about 200 MB) and
reused by later runs; it is made in a folder beside it and renamed when complete, so a run that
dies while building leaves nothing half-built in its place.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.support.booted_root import debootstrap

CACHE = Path("/var/cache/companion-sqlite-trixie")
ROOT = CACHE / "root"

WRAPPER = """#!/bin/sh
# sqlite3 FILE ARGS..., run by Debian 13's sqlite3 in {root} on a copy of FILE (and its -wal);
# a FILE that is not a file (":memory:") is passed as it is.
set -u
if [ ! -f "$1" ]; then exec {chroot} {root} /usr/bin/sqlite3 "$@"; fi
work=$(mktemp -d {root}/tmp/recover.XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT
cp "$1" "$work/db" || exit 1
if [ -f "$1-wal" ]; then cp "$1-wal" "$work/db-wal"; fi
shift
{chroot} {root} /usr/bin/sqlite3 "/tmp/$(basename "$work")/db" "$@"
"""


def why_not() -> str | None:
    """Why this machine cannot build or run the Debian 13 root, in plain words; None when it can."""
    if os.geteuid() != 0:
        return "building a Debian 13 root and entering it (chroot) needs root"
    for tool in ("debootstrap", "unshare", "setpriv", "chroot"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (deploy/setup.sh test installs debootstrap)"
    return None


def root(timeout: float = 900) -> Path:
    """The Debian 13 root with sqlite3, built now if no earlier run left one."""
    if (ROOT / "usr/bin/sqlite3").exists():
        return ROOT
    CACHE.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix="building-", dir=CACHE))
    log = CACHE / "build.log"
    try:
        # ca-certificates: debootstrap() adds this machine's authority to it.
        debootstrap(building / "root", log, "trixie", ["sqlite3", "ca-certificates"], timeout=timeout)
        os.replace(building / "root", ROOT)
    finally:
        shutil.rmtree(building, ignore_errors=True)
    return ROOT


def program_folder(folder: Path) -> Path:
    """A folder holding a `sqlite3` that is Debian 13's, to put first on PATH."""
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / "sqlite3"
    program.write_text(WRAPPER.format(root=root(), chroot=shutil.which("chroot")))
    program.chmod(0o755)
    return folder


def version(folder: Path) -> str:
    done = subprocess.run([str(folder / "sqlite3"), "/dev/null", "--version"], capture_output=True, text=True,
                          timeout=60)
    return done.stdout.strip()
