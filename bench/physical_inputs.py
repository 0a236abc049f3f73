"""Figures for the physical inputs: tray reconnect after replug, frame parsing rate, and the
time from a button's edge (mock pin) or a tray frame (pty) to the app's callback.

Run: .venv/bin/python -m bench.physical_inputs [--replugs 20]
No hardware: gpiozero's MockFactory pins and pseudo-terminals. Reconnect is measured from
the moment the tray's device appears again to the driver having the tray's answer (the
driver looks for the device every 0.2 s; the target is 2 s).
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.inputs.dicetray.driver import DiceTray
from companion.inputs.dicetray.pico import frames
from companion.inputs.dicetray.protocol import Receiver
from companion.inputs.dicetray.sim import SimTray

FACES = "1|2|3|4|peek|bondo"


def reconnects(n: int) -> list[float]:
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        sim = SimTray(link=Path(tmp) / "dicetray").start()
        tray = DiceTray(sim.device).start()
        try:
            _wait(lambda: tray.connected, 3)
            for _ in range(n):
                sim.unplug()
                _wait(lambda: not tray.connected, 3)
                time.sleep(random.uniform(0.05, 0.4))
                start = time.monotonic()
                sim.replug()
                _wait(lambda: tray.connected, 5)
                times.append(time.monotonic() - start)
        finally:
            tray.close()
            sim.close()
    return times


def parse_rate(lines: int = 200_000) -> float:
    rng = random.Random(1)
    r = Receiver()
    r.reopen(1)
    r.line(frames.encode("HELLO", 1, ("1000", "1.0.0", FACES)))
    r.line(frames.encode("ACK", 2, ("1", "STATE", "ok")))
    data = []
    for seq in range(3, lines + 3):
        line = frames.encode("ROLL", seq % 65536, (rng.choice(FACES.split("|")), "button"))
        data.append((line + "\r\n").encode())
    blob = b"".join(data)
    start = time.perf_counter()
    for i in range(0, len(blob), 4096):
        r.feed(blob[i : i + 4096])
    return lines / (time.perf_counter() - start)


def frame_latency(n: int) -> list[float]:
    got: queue.SimpleQueue = queue.SimpleQueue()
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        import pty
        import tty

        link = Path(tmp) / "dicetray"
        master, slave = pty.openpty()
        tty.setraw(slave)
        link.symlink_to(os.ttyname(slave))
        tray = DiceTray(str(link), on_roll=lambda face, info: got.put(time.perf_counter())).start()
        try:
            buf = b""
            while b"STATE" not in buf:
                buf += os.read(master, 256)
            ref = int(buf.split(b"$STATE,")[1].split(b"*")[0])
            for line in (frames.encode("HELLO", 1, ("1000", "1.0.0", FACES)),
                         frames.encode("ACK", 2, (str(ref), "STATE", "ok"))):
                os.write(master, (line + "\r\n").encode())
            _wait(lambda: tray.connected, 3)
            for seq in range(3, 3 + n):
                line = (frames.encode("ROLL", seq, ("peek", "button")) + "\r\n").encode()
                start = time.perf_counter()
                os.write(master, line)
                times.append(got.get(timeout=2) - start)
                time.sleep(0.01)
        finally:
            tray.close()
            os.close(master)
            os.close(slave)
    return times


def press_latency(n: int) -> list[float]:
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    from companion.inputs.gpio import GpioControls

    Device.pin_factory = MockFactory()
    got: queue.SimpleQueue = queue.SimpleQueue()
    times = []
    gpio = GpioControls({"confirm": 17}, lambda name: got.put(time.perf_counter()), debounce_ms=10).start()
    try:
        pin = Device.pin_factory.pin(17)
        for _ in range(n):
            start = time.perf_counter()
            pin.drive_low()
            times.append(got.get(timeout=1) - start)
            time.sleep(0.02)
            pin.drive_high()
            time.sleep(0.03)
    finally:
        gpio.close()
        Device.pin_factory.reset()
    return times


def _wait(condition, timeout: float) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError("condition not met")
        time.sleep(0.002)


def _ms(values: list[float]) -> str:
    values = sorted(values)
    p = lambda q: values[min(len(values) - 1, int(q * len(values)))] * 1000  # noqa: E731
    return f"median {statistics.median(values) * 1000:.1f} ms, p95 {p(0.95):.1f} ms, max {values[-1] * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replugs", type=int, default=20)
    args = parser.parse_args()
    print(f"tray reconnect after replug ({args.replugs}x): {_ms(reconnects(args.replugs))} (target < 2000 ms)")
    print(f"frame parsing: {parse_rate():,.0f} roll frames/s")
    print(f"tray frame on the pty -> on_roll: {_ms(frame_latency(100))}")
    print(f"button edge on a mock pin -> on_control (10 ms debounce): {_ms(press_latency(50))}")


if __name__ == "__main__":
    main()
