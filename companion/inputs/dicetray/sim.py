"""A simulated dice tray: the tray's own program (pico/tray.py) behind a pseudo-terminal.

The table's driver cannot tell it from the real tray: same frames, same line, same answers.
Used by `companion run --sim`, `companion dicetray-sim` and the tests.

    sim = start_sim_tray()           # runs in its own thread
    DiceTray(sim.device, ...)        # the driver opens it like the real one
    sim.press_roll()                 # the tray's roll button (e.g. on a keyboard key)
    sim.close()
"""

from __future__ import annotations

import errno
import os
import pty
import queue
import select
import threading
import time
import tty
from collections.abc import Callable, Sequence
from pathlib import Path

from companion.inputs.dicetray.pico import tray as tray_logic

DEFAULT_FACES = tray_logic.DEFAULT_FACES
TICK = 0.01  # seconds between the simulated tray's ticks


class SimDisplay:
    """What the tray's LEDs show, as text; `listener` hears every change."""

    def __init__(self, faces: Sequence[str], listener: Callable[[str], None] | None = None) -> None:
        self.faces = tuple(faces)
        self.face: str | None = None
        self.ready = False
        self.identifying = False
        self.listener = listener

    def show_face(self, i: int) -> None:
        self.face = self.faces[i]
        self._tell(f"shows {self.face}")

    def spin(self, step: int) -> None:
        pass  # the LED chase while rolling; not worth a line of text

    def set_ready(self, on: bool) -> None:
        if on != self.ready:
            self.ready = on
            self._tell("ready light on: a roll is expected" if on else "ready light off")

    def identify(self, on: bool) -> None:
        if on != self.identifying:
            self.identifying = on
            if on:
                self._tell("blinks (identify)")

    def clear(self) -> None:
        self.face = None

    def die(self, faces: Sequence[str]) -> None:
        if tuple(faces) != self.faces:
            self.faces = tuple(faces)
            self._tell(f"rolls {' '.join(self.faces)} now (the table's game)")

    def _tell(self, text: str) -> None:
        if self.listener:
            self.listener(text)


class SimTray:
    """The tray program on a pty; plug, unplug and buttons can be worked from any thread."""

    def __init__(
        self,
        faces: Sequence[str] = DEFAULT_FACES,
        *,
        link: str | Path | None = None,
        random_bytes: Callable[[int], bytes] = os.urandom,
        on_display: Callable[[str], None] | None = None,
        on_frame: Callable[[str], None] | None = None,
    ) -> None:
        self.faces = tuple(faces)
        self.link = Path(link) if link else None
        self.random_bytes = random_bytes
        self.display = SimDisplay(self.faces, on_display)
        self.on_frame = on_frame
        self.tray: tray_logic.Tray | None = None
        self._last_boot: str | None = None  # a replugged tray never boots with the same id
        self.path: str | None = None  # the pty's own name, e.g. /dev/pts/3
        self.sent: list[str] = []  # every frame the tray sent, newest last
        self.unheard = 0  # frames dropped because nobody read them (the line was full)
        self._master: int | None = None
        self._slave: int | None = None
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._closing = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def device(self) -> str:
        """The path the table opens: the link if one was asked for, else the pty itself."""
        if self.link:
            return str(self.link)
        assert self.path is not None, "start() the simulated tray first"
        return self.path

    @property
    def plugged(self) -> bool:
        return self._master is not None

    # -- life ------------------------------------------------------------------------------

    def start(self) -> SimTray:
        if self._thread is None:
            self._plug()
            self._thread = threading.Thread(target=self._run, name="dicetray-sim", daemon=True)
            self._thread.start()
        return self

    def close(self) -> None:
        """Stop the tray and remove its pty and link; safe to call more than once."""
        self._closing.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=2)
        self._unplug()

    def __enter__(self) -> SimTray:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the tray's hardware, worked from outside (any thread) -----------------------------

    def press_roll(self) -> None:
        """The tray's roll button."""
        self._jobs.put(lambda: self.tray.press("button") if self.tray else None)

    def shake(self) -> None:
        """Shake the tray: the tilt switch rattles, and a roll follows when it rests."""
        def rattle() -> None:
            if self.tray:
                for _ in range(6):
                    self.tray.tilt_changed()
        self._jobs.put(rattle)

    def unplug(self) -> None:
        """Pull the USB cable: the pty goes away (the table sees its read fail)."""
        done = threading.Event()
        self._jobs.put(lambda: (self._unplug(), done.set()))
        done.wait(2)

    def replug(self) -> None:
        """Plug it back in: a new pty, and the tray boots again (new boot id, HELLO)."""
        done = threading.Event()
        self._jobs.put(lambda: (self._plug(), done.set()))
        done.wait(2)

    # -- inside ----------------------------------------------------------------------------

    def _plug(self) -> None:
        if self._master is not None:
            return
        master, slave = pty.openpty()
        tty.setraw(slave)  # no echo, no line editing: a plain byte pipe like USB serial
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        self.path = os.ttyname(slave)
        if self.link:
            tmp = self.link.with_name(self.link.name + ".new")
            tmp.unlink(missing_ok=True)
            tmp.symlink_to(self.path)
            os.replace(tmp, self.link)
        # A new boot id, as a Pico draws one at power-up; never the last one (1 in 65,536 would be,
        # and the table would take the replugged tray for the same boot).
        boot = self._last_boot
        while boot == self._last_boot:
            boot = "%04X" % int.from_bytes(self.random_bytes(2), "big")
        self._last_boot = boot
        self.display = SimDisplay(self.faces, self.display.listener)
        self.tray = tray_logic.Tray(self.faces, boot, self.random_bytes, self._send, self.display)
        self.tray.start()

    def _unplug(self) -> None:
        master, slave = self._master, self._slave
        self._master = self._slave = None
        self.tray = None
        for fd in (master, slave):
            if fd is not None:
                os.close(fd)
        if self.link and self.link.is_symlink():
            self.link.unlink(missing_ok=True)

    def _send(self, line: str) -> None:
        self.sent.append(line)
        if self.on_frame:
            self.on_frame(line)
        if self._master is None:
            return
        try:
            os.write(self._master, (line + "\r\n").encode("ascii"))
        except BlockingIOError:
            self.unheard += 1  # like the Pico: nobody reads, the line is full, the frame is lost
        except OSError as exc:
            if exc.errno not in (errno.EIO, errno.EBADF):
                raise
            self.unheard += 1

    def _run(self) -> None:
        last = time.monotonic()
        while not self._closing.is_set():
            master = self._master
            if master is not None:
                try:
                    ready, _, _ = select.select([master], [], [], TICK)
                except (OSError, ValueError):
                    ready = []
                if ready and self._master == master:
                    try:
                        data = os.read(master, 4096)
                    except (BlockingIOError, OSError):
                        data = b""
                    if data and self.tray:
                        self.tray.receive(data)
            else:
                time.sleep(TICK)
            while True:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                job()
            elapsed = int((time.monotonic() - last) * 1000)
            last += elapsed / 1000  # keep the fraction of a millisecond for the next tick
            if self.tray and elapsed:
                self.tray.tick(elapsed)


def start_sim_tray(
    faces: Sequence[str] = DEFAULT_FACES,
    *,
    link: str | Path | None = None,
    on_display: Callable[[str], None] | None = None,
) -> SimTray:
    """A running simulated tray for `companion run --sim`: open `.device`, roll with `.press_roll()`."""
    return SimTray(faces, link=link, on_display=on_display).start()
