"""The installed table, running on its Home screen, kept with its image for the next run.

Every run of the virtual table starts from the table as a full install left it
(tests/support/vm/installed.py) and updates it, as docs/pi.md tells an owner: the update of a
running table. Booting that table first is two minutes of an emulated CPU that prove nothing
the run does not prove again (the reboot in the game and every pulled plug are real boots of
the updated table). So the first run after an install boots it, waits for its Home screen,
and saves the running machine (QEMU's migration to a file, and its disk as of that moment);
later runs go on from there in seconds, with the clock set to now, as a table left on all along.

The saved machine fits only the QEMU and the hardware it was saved with, so they are in its key
with the installed disk's; a state that will not load anyway is removed and the table booted.
QEMU cannot save a USB serial adapter: the dice tray is unplugged while the machine is saved,
and plugged in again once it runs (as an owner plugs a tray into a table that is on).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tests.support.vm.machine import QEMU, VirtualTable


@dataclass(frozen=True)
class Running:
    disk: Path  # an overlay of the installed disk, as the saved machine had it
    state: Path  # the machine's memory and devices (QEMU's migration stream)


def key(vt: VirtualTable, installed: Path) -> str:
    version = subprocess.run([QEMU, "--version"], capture_output=True, text=True, check=True).stdout
    digest = hashlib.sha256(json.dumps([installed.name, version, vt.hardware(tray=False)]).encode())
    return digest.hexdigest()[:16]


def _files(vt: VirtualTable, installed: Path) -> Running:
    name = f"running-{key(vt, installed)}"
    return Running(installed.with_name(f"{name}.qcow2"), installed.with_name(f"{name}.state"))


def kept(vt: VirtualTable, installed: Path) -> Running | None:
    """The saved running machine for this installed disk and this machine, or None."""
    files = _files(vt, installed)
    return files if files.disk.is_file() and files.state.is_file() else None


def keep(vt: VirtualTable, installed: Path) -> None:
    """Save `vt` (running from `installed`, its Home screen shown) for later runs; it runs on.
    Older saved machines are removed."""
    files = _files(vt, installed)
    partial_state, partial_disk = files.state.with_suffix(".partial-state"), files.disk.with_suffix(".partial-disk")
    try:
        vt.save_running(partial_state, partial_disk)
        partial_disk.replace(files.disk)
        partial_state.replace(files.state)
    finally:
        for old in installed.parent.glob("running-*"):
            if old not in (files.disk, files.state):
                old.unlink(missing_ok=True)


def forget(running: Running) -> None:
    running.disk.unlink(missing_ok=True)
    running.state.unlink(missing_ok=True)
