"""The virtual table's disk image, built once by build-image.sh and cached outside the clone.

The cache is keyed by a hash of build-image.sh (its package list and every step) and the scripts it runs, so it is
rebuilt only when that script changes. A cold build takes minutes; it prints what it cost.
"""

from __future__ import annotations

import fcntl
import hashlib
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

SCRIPT = Path(__file__).with_name("build-image.sh")
# What the image is built from: build-image.sh and the scripts it runs.
SCRIPTS = (SCRIPT, SCRIPT.with_name("build-gpio-sim.sh"))
CACHE = Path("/var/cache/companion-vm")
CA_BUNDLE = Path("/etc/ssl/certs/ca-certificates.crt")
PARTS = ("base.qcow2", "vmlinuz", "initrd.img", "id_ed25519")


@dataclass(frozen=True)
class Image:
    folder: Path
    built_now: bool
    build_seconds: float

    @property
    def disk(self) -> Path:
        return self.folder / "base.qcow2"

    @property
    def kernel(self) -> Path:
        return self.folder / "vmlinuz"

    @property
    def initrd(self) -> Path:
        return self.folder / "initrd.img"

    @property
    def key(self) -> Path:
        return self.folder / "id_ed25519"


def key() -> str:
    return hashlib.sha256(b"".join(script.read_bytes() for script in SCRIPTS)).hexdigest()[:16]


def cached_image() -> Image:
    """The image for today's build-image.sh: from the cache, or built now (under a lock, so that
    two test processes never build it twice)."""
    folder = CACHE / key()
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if all((folder / part).exists() for part in PARTS):
            return Image(folder, False, 0.0)
        building = CACHE / f"building-{key()}"
        shutil.rmtree(building, ignore_errors=True)
        building.mkdir()
        started = time.monotonic()
        log = CACHE / f"build-{key()}.log"
        print(f"building the virtual table's image (cold, several minutes; log: {log})", file=sys.stderr)
        with log.open("w") as out:
            done = subprocess.run(["nice", "-n", "10", "bash", str(SCRIPT), str(building), str(CA_BUNDLE)],
                                  stdout=out, stderr=subprocess.STDOUT, timeout=1800)
        if done.returncode != 0:
            tail = log.read_text()[-4000:]
            shutil.rmtree(building, ignore_errors=True)
            raise RuntimeError(f"build-image.sh failed ({done.returncode}):\n{tail}")
        seconds = round(time.monotonic() - started, 1)
        (building / "build-seconds").write_text(f"{seconds}\n")
        # Images of older scripts are of no more use.
        for old in CACHE.iterdir():
            if old.is_dir() and old.name != building.name and not old.name.startswith("building"):
                shutil.rmtree(old, ignore_errors=True)
        building.rename(folder)
        return Image(folder, True, seconds)


def cold_build_seconds(image: Image) -> float | None:
    """What building this image cost when it was built (cached images remember it)."""
    try:
        return float((image.folder / "build-seconds").read_text())
    except (OSError, ValueError):
        return None
