"""Pulled plugs on the whole appliance: 30 or more cuts in a virtual machine, and what they cost.

Run (as root, on a machine with QEMU; about a minute a cut with an emulated CPU):
    SDL_VIDEODRIVER=offscreen KIVY_NO_ARGS=1 .venv/bin/python -m bench.vm_plug_pull [CUTS] [SEED]

The table is installed in the virtual machine as the test does it (tests/support/vm/), a
BondCones game is started by touch, and the dice tray rolls while QEMU is killed (SIGKILL) at
random moments. Printed: moves acknowledged (seen by a subscriber before a cut), lost (seen
then gone after the boot), phantom (in the table's log, made by no roll), states the log does
not rebuild, and the time from power-on to the game on screen. Asserts nothing.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

# Everything a run writes (the guest's disk, screenshots, the subscriber's record, Kivy's home)
# goes in one folder: removed when every cut came back whole, kept and named when one did not.
WORK = Path(tempfile.mkdtemp(prefix="vm-plug-pull-"))
os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_HOME", str(WORK / "kivy"))

from companion.inputs.dicetray.sim import SimTray  # noqa: E402
from tests.support.vm import appliance, plug_pull  # noqa: E402
from tests.support.vm import image as vm_image  # noqa: E402
from tests.support.vm import machine  # noqa: E402
from tests.support.vm import installed  # noqa: E402
from tests.support.vm.touch_start import TouchedTable  # noqa: E402
from tests.support.vm.machine import VirtualTable  # noqa: E402


def main(cuts: int = 30, seed: int = 1) -> int:
    reason = machine.why_not()
    if reason:
        print(f"bench.vm_plug_pull: cannot run here: {reason}")
        shutil.rmtree(WORK, ignore_errors=True)
        return 1
    image = vm_image.cached_image()
    print(f"image: {'built now in %s s' % image.build_seconds if image.built_now else 'cached'} "
          f"(a cold build took {vm_image.cold_build_seconds(image)} s)")
    folder = WORK
    vt = VirtualTable(image, folder / "vm", start_from=installed.kept(image))
    print(f"accelerator: {vt.accel.upper()} ({vt.accel_reason})")
    tray = SimTray(plug_pull.FACES, random_bytes=plug_pull.AlternatingTurnEnds()).start()
    vt.tray_chardev = tray.path
    figures: dict = {}
    started = time.monotonic()
    try:
        appliance.install(vt, folder, figures)
        with TouchedTable(vt, folder / "touch") as table:
            appliance.play_by_touch(vt, table)
        print(f"installed and playing after {round(time.monotonic() - started)} s: {figures}")
        results = plug_pull.pull_plugs(vt, tray, folder, cuts=cuts, seed=seed,
                                       report=lambda line: print(f"  {line}", flush=True))
    finally:
        vt.close()
        tray.close()
    print(results.summary())
    for line in results.mismatched:
        print(f"  not rebuilt: {line}")
    print(f"moves acknowledged {results.acknowledged}, lost {results.lost}, phantom {results.phantom}")
    if results.lost or results.phantom or results.mismatched:
        print(f"kept for a look: {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    try:
        sys.exit(main(*args))
    except Exception:  # noqa: BLE001 - said here: Kivy takes stderr over for its log once loaded
        traceback.print_exc(file=sys.stdout)
        print(f"kept for a look: {WORK}")
        sys.exit(1)
