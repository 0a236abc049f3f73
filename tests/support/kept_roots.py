"""debootstrap's result kept for the week, so that the tests that build a fresh Debian root
(tests/support/booted_root.py, fresh_root.py) unpack it in seconds instead of installing a
hundred packages each time: on CI's two cores three such roots cost minutes of the suite.

What is kept is exactly what debootstrap made, before any test touches it, in
/var/cache/companion-roots/ as one tar file per release and package list. It is made anew every
ISO week, so that the tests still meet a fresh Debian as its updates come out; older ones are
deleted when a new one is kept. A tar file only half written is never used: it is written under
another name and renamed when whole.
"""

from __future__ import annotations

import datetime
import hashlib
import subprocess
from collections.abc import Sequence
from pathlib import Path

from tests.support.as_root import as_root

CACHE = Path("/var/cache/companion-roots")


def name(release: str, packages: Sequence[str]) -> str:
    """The kept root's file name: the release, its package list and this ISO week."""
    listed = hashlib.sha256(",".join(sorted(packages)).encode()).hexdigest()[:12]
    year, week, _ = datetime.date.today().isocalendar()
    return f"{release}-{listed}-{year}w{week:02d}.tar"


def kept(release: str, packages: Sequence[str]) -> Path | None:
    """This week's kept root for `release` with `packages`, or None."""
    tarball = CACHE / name(release, packages)
    return tarball if tarball.is_file() else None


def unpack(tarball: Path, path: Path) -> None:
    """The kept root at `path`, owners, modes and capabilities as debootstrap left them."""
    subprocess.run(as_root("mkdir", "-p", str(path)), check=True)
    subprocess.run(as_root("tar", "-x", "-p", "--numeric-owner", "--xattrs", "--xattrs-include=*",
                           "-f", str(tarball), "-C", str(path)), check=True, timeout=300)


def keep(path: Path, release: str, packages: Sequence[str]) -> None:
    """Keep the root debootstrap just made at `path` for the rest of the week."""
    target = CACHE / name(release, packages)
    partial = target.with_suffix(".partial")
    subprocess.run(as_root("mkdir", "-p", str(CACHE)), check=True)
    subprocess.run(as_root("tar", "-c", "--numeric-owner", "--xattrs", "--xattrs-include=*",
                           "-f", str(partial), "-C", str(path), "."), check=True, timeout=300)
    subprocess.run(as_root("mv", "-f", str(partial), str(target)), check=True)
    # Last week's roots of this release and package list are of no more use.
    stem = target.name.rsplit("-", 1)[0]
    old = [str(p) for p in CACHE.glob(f"{stem}-*.tar") if p != target]
    if old:
        subprocess.run(as_root("rm", "-f", *old), check=True)
