"""`companion dicetray-sim`: the simulated tray in a terminal, to try the table without hardware.

    $ companion dicetray-sim --link /tmp/dicetray
    Simulated dice tray on /dev/pts/4 (also /tmp/dicetray): die 1 2 3 4 peek bondo
    Enter: roll · s: shake · u: unplug · p: plug back in · q: quit

Point the table at it with `[dicetray] port = "/tmp/dicetray"` in the configuration.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from companion.inputs.dicetray.pico import frames
from companion.inputs.dicetray.sim import DEFAULT_FACES, SimTray

HELP = "Enter: roll · s: shake · u: unplug · p: plug back in · q: quit"


def run_sim(link: Path | None = None, faces: Sequence[str] = DEFAULT_FACES, show_frames: bool = True) -> int:
    if frames.split_faces(frames.join_faces(faces)) is None:
        print("companion dicetray-sim: faces must be 2 to 20 distinct words (letters, digits, _ or -)", file=sys.stderr)
        return 2

    def say(text: str) -> None:
        print(text, flush=True)

    sim = SimTray(faces, link=link, on_display=lambda text: say(f"tray {text}"))
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    with sim.start():
        also = f" (also {link})" if link else ""
        say(f"Simulated dice tray on {sim.path}{also}: die {' '.join(faces)}")
        say(HELP)
        if show_frames:
            sim.on_frame = lambda line: say(f"  -> {line}")
        reader = threading.Thread(target=_keys, args=(sim, stop, say), daemon=True)
        reader.start()
        try:
            while not stop.wait(0.2):
                pass
        except KeyboardInterrupt:
            pass
    return 0


def _keys(sim: SimTray, stop: threading.Event, say) -> None:
    for line in sys.stdin:
        key = line.strip().lower()
        if key == "q":
            break
        if key == "":
            sim.press_roll()
        elif key == "s":
            sim.shake()
        elif key == "u":
            sim.unplug()
            say("tray unplugged")
        elif key == "p":
            sim.replug()
            say(f"tray plugged in again on {sim.path}")
        else:
            say(HELP)
    else:
        return  # no keyboard (stdin closed): run until stopped
    stop.set()
