"""The tray's end of a real pseudo-terminal, worked by hand: frames out, commands in, plug and unplug.

The table's driver opens the pty's other end through a symlink, the way the udev rule gives
the real tray a stable name; unplugging closes this end (the driver's reads fail) and
removes the link, replugging makes a new pty and points the link at it.
"""

from __future__ import annotations

import os
import pty
import select
import time
import tty
from pathlib import Path

from companion.inputs.dicetray.pico import frames

FACES = ("1", "2", "3", "4", "peek", "bondo")


class TrayEnd:
    def __init__(self, link: Path, *, plugged: bool = True) -> None:
        self.link = link
        self.master: int | None = None
        self.slave: int | None = None
        self.seq = 0
        self.boot = "BEEF"
        self._buffer = b""
        if plugged:
            self.plug()

    def plug(self) -> None:
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)  # keep the line discipline from echoing or editing anything
        os.set_blocking(self.master, False)
        tmp = self.link.with_name(self.link.name + ".new")
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(os.ttyname(self.slave))
        os.replace(tmp, self.link)
        self._buffer = b""

    def unplug(self) -> None:
        for fd in (self.master, self.slave):
            if fd is not None:
                os.close(fd)
        self.master = self.slave = None
        self.link.unlink(missing_ok=True)

    close = unplug

    # -- tray to table ---------------------------------------------------------------------

    def write(self, data: bytes | str) -> None:
        if isinstance(data, str):
            data = data.encode("latin-1")
        assert self.master is not None
        os.write(self.master, data)

    def frame(self, kind: str, *fields: object, seq: int | None = None) -> str:
        if seq is None:
            self.seq += 1
            seq = self.seq
        line = frames.encode(kind, seq, [str(f) for f in fields])
        self.write(line + "\r\n")
        return line

    def hello(self, faces=FACES, firmware="1.0.0", boot: str | None = None) -> str:
        return self.frame("HELLO", boot or self.boot, firmware, "|".join(faces))

    def roll(self, face: str, trigger: str = "button") -> str:
        return self.frame("ROLL", face, trigger)

    # -- table to tray ---------------------------------------------------------------------

    def commands(self, timeout: float = 0.0) -> list[tuple[str, int, tuple[str, ...]]]:
        """Commands the table has sent so far (waiting up to `timeout` for the first)."""
        deadline = time.monotonic() + timeout
        out = []
        while True:
            assert self.master is not None
            ready, _, _ = select.select([self.master], [], [], max(0.0, deadline - time.monotonic()))
            if ready:
                try:
                    self._buffer += os.read(self.master, 4096)
                except BlockingIOError:
                    pass
            while b"\n" in self._buffer:
                line, self._buffer = self._buffer.split(b"\n", 1)
                out.append(frames.parse(line.rstrip(b"\r"), frames.FROM_HOST))
            if out or time.monotonic() >= deadline:
                return out

    def expect(self, kind: str, timeout: float = 2.0) -> tuple[int, tuple[str, ...]]:
        """Wait for the table's next command of `kind`; returns its (seq, fields)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for got, seq, fields in self.commands(timeout=deadline - time.monotonic()):
                if got == kind:
                    return seq, fields
        raise AssertionError(f"the table sent no {kind} within {timeout} s")

    def answer_state(self, faces=FACES, timeout: float = 2.0) -> None:
        """Answer the table's STATE request as the tray does: HELLO, STATUS, then ACK."""
        ref, _ = self.expect("STATE", timeout)
        self.hello(faces)
        self.frame("STATUS", "ok", "", "0", "0")
        self.frame("ACK", ref, "STATE", "ok")


def wait_until(condition, timeout: float = 2.0, step: float = 0.005) -> float:
    """Seconds it took for `condition()` to hold; fails the test after `timeout`."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"not true within {timeout} s: {condition}")
        time.sleep(step)
    return time.monotonic() - start
