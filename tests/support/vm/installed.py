"""The virtual table as install.sh left it, kept with its image for the next run.

Installing under an emulated CPU is most of the virtual table's time (apt-get, a .venv, Kivy's
wheel and every module compiled: about 8 of its minutes). What makes it long is what install.sh
fetches and builds, and that changes only with the pinned dependencies and the system packages,
so the disk after a full install is kept, keyed by the image and those lists (the app's own
dependencies and the Pi's extra, not the test suite's, which a table never installs). A later run
starts from it and does what docs/pi.md tells an owner to do to update a table: the commit under
test fetched into the clone, deploy/pi/install.sh again (it installs nothing that is there, and
restarts the running table on the new code). A run with no kept disk installs from nothing, as
an owner does on a new Pi, and keeps the result.

A fresh install from nothing is proven in every run elsewhere: tests/deploy/test_pi_install.py
(a booted Debian root) and tests/deploy/test_fresh_start.py (the README's commands).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
from pathlib import Path

from tests.support.vm import gpio_sim
from tests.support.vm.image import Image

REPO = Path(__file__).resolve().parents[3]
# The system packages install.sh asks apt for.
SYSTEM_PACKAGES = REPO / "deploy/apt-packages.txt"


def app_dependencies() -> str:
    """What pip installs on a table, as setup.sh's stamp counts it: the package and the Pi's extra."""
    spec = importlib.util.spec_from_file_location("install_key", REPO / "deploy/install_key.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    parts = module.parts(REPO / "pyproject.toml")
    return json.dumps([parts["base"], parts.get("pi")])


def key(image: Image) -> str:
    digest = hashlib.sha256(image.folder.name.encode())
    digest.update(app_dependencies().encode())
    digest.update(SYSTEM_PACKAGES.read_bytes())
    digest.update(gpio_sim.kept_setup().encode())  # the GPIO chip and its library, set up with the install
    return digest.hexdigest()[:16]


def kept(image: Image) -> Path | None:
    """The kept installed disk for this image and these dependencies, or None."""
    disk = image.folder / f"installed-{key(image)}.qcow2"
    return disk if disk.is_file() else None


def keep(image: Image, disk: Path) -> Path:
    """Keep `disk` (a machine's disk after a full install, powered off cleanly) for later runs.
    It stays an overlay of the image's own disk; older installed disks are removed."""
    target = image.folder / f"installed-{key(image)}.qcow2"
    partial = target.with_suffix(".partial")
    shutil.copyfile(disk, partial)
    partial.replace(target)
    for old in image.folder.glob("installed-*.qcow2"):
        if old != target:
            old.unlink(missing_ok=True)
    for old in image.folder.glob("running-*"):  # saved machines of the older install (running.py)
        old.unlink(missing_ok=True)
    return target
