"""The table's driver for the USB dice tray: finds it, keeps it connected, reports its rolls.

    tray = DiceTray("/dev/dicetray", on_roll=..., on_status=...).start()
    tray.arm(True)        # the game expects a roll: the tray lights its ready LED
    tray.request_roll()   # roll on the tray (its LEDs show it; the frame comes back as on_roll)
    tray.identify(5)      # blink the tray's LEDs for 5 s
    tray.use_die(faces)   # the game being played rolls this die: the tray is told (DIE)
    tray.status()         # DeviceStatus for the status screen
    tray.close()

`on_roll(face, info)` and `on_status(DeviceStatus)` are called from this driver's thread:
the app passes callbacks that only hand over to its own thread. `info` holds "seq",
"trigger" ("button", "tilt" or "host"), "port", "firmware" and "boot".

One thread does everything (open, read, write, retry), so the protocol state needs no lock
and the app's calls only queue a command. pyserial's ReaderThread is not used: on a USB
unplug its `in_waiting` can raise OSError, which ends that thread without calling
connection_lost, and it has no reconnect; here every failure leads back to "reopen".

The die: the tray rolls the faces the game being played declares (`Game.die`). A tray that
has other faces is sent DIE; a tray whose firmware predates DIE (1.0.0) never answers it,
and is then used only while its own faces are the game's die (`fits`): for any other game
the status screen says so and the Roll button rolls electronically.
"""

from __future__ import annotations

import errno
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import serial

from companion.inputs.dicetray.pico import frames
from companion.inputs.dicetray.protocol import Ack, Commands, Hello, Receiver, Roll, Status
from companion.status import DeviceStatus

log = logging.getLogger(__name__)

NAME = "Dice tray"

RollCallback = Callable[[str, dict[str, Any]], None]
StatusCallback = Callable[[DeviceStatus], None]


class DiceTray:
    def __init__(
        self,
        port: str = "/dev/dicetray",
        *,
        baudrate: int = 115200,
        on_roll: RollCallback | None = None,
        on_status: StatusCallback | None = None,
        retry_interval: float = 0.2,
        answer_timeout: float = 1.0,
        ping_interval: float = 5.0,
    ) -> None:
        self.port = port
        self.baudrate = baudrate
        self.on_roll = on_roll or (lambda face, info: None)
        self.on_status = on_status or (lambda status: None)
        self.retry_interval = retry_interval
        self.answer_timeout = answer_timeout
        self.ping_interval = ping_interval
        self.receiver = Receiver()
        self.connects = 0  # successful (re)connections, for the status screen and tests
        self._commands = Commands()
        self._outbox: deque[tuple[str, tuple[Any, ...]]] = deque()
        self._armed = False
        self._serial: serial.Serial | None = None
        self._closing = threading.Event()
        self._thread: threading.Thread | None = None
        self._status = DeviceStatus(NAME, "off", "Dice tray not started")
        self._status_lock = threading.Lock()
        self._state_sent = 0.0
        self._state_tries = 0
        self._heard = 0.0
        self._pinged = 0.0
        self._battery: int | None = None
        self._health = "ok"
        self._die: tuple[str, ...] | None = None  # the game's die; None: no game with a die yet
        self._die_ref: int | None = None  # the DIE sent and not yet acknowledged
        self._die_sent = 0.0
        self._die_tries = 0
        self._die_unheard = False  # this tray did not answer DIE: its firmware cannot change its die

    # -- the app's side (any thread) ------------------------------------------------------

    def start(self) -> DiceTray:
        if self._thread is None:
            self._set_status("waiting", f"Plug in the dice tray (looking for {self.port})")
            self._thread = threading.Thread(target=self._run, name="dicetray", daemon=True)
            self._thread.start()
        return self

    def close(self) -> None:
        """Stop and release the port; safe to call more than once."""
        self._closing.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=3)
        self._disconnect()
        if self._status.level != "off":
            self._set_status("off", "Dice tray stopped")

    def __enter__(self) -> DiceTray:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def status(self) -> DeviceStatus:
        return self._status

    @property
    def connected(self) -> bool:
        """Open and answering: rolls from the tray will arrive."""
        return self._serial is not None and self.receiver.synced

    @property
    def faces(self) -> tuple[str, ...] | None:
        """The die's faces as the tray announced them, once it has."""
        return self.receiver.faces

    def arm(self, expecting: bool) -> None:
        """Tell the tray whether the game waits for a roll (it lights its ready LED)."""
        if bool(expecting) == self._armed:
            return  # unchanged; a (re)connected tray is told again anyway
        self._armed = bool(expecting)
        self._outbox.append(("ARM", ("1" if expecting else "0",)))

    def identify(self, seconds: int = 5) -> None:
        """Blink the tray's LEDs, to find which tray is this table's."""
        self._outbox.append(("IDENT", (max(1, min(60, int(seconds))),)))

    def use_die(self, faces: Sequence[str] | None) -> None:
        """The die of the game being played (None: it rolls none): the tray rolls these faces."""
        die = tuple(faces) if faces else None
        if die == self._die:
            return
        if die is not None and frames.split_faces(frames.join_faces(die)) is None:
            raise ValueError(f"not a die the tray can roll: {die!r} (2 to 20 distinct words)")
        self._die = die
        self._outbox.append(("DIE", ()))  # sent by the driver's thread, if the tray's faces differ

    def fits(self, faces: Sequence[str] | None) -> bool:
        """Whether the tray rolls exactly these faces now (a game without a die: any tray does)."""
        if not faces:
            return True
        return self.receiver.faces is not None and set(self.receiver.faces) == set(faces)

    @property
    def die_problem(self) -> str | None:
        """Why this tray cannot roll the game's die, in words for the screen; None when it can."""
        die = self._die
        if die is None or self.fits(die) or not self._die_unheard:
            return None
        return (f"The dice tray rolls {' '.join(self.receiver.faces or ())}, not this game's die "
                f"({' '.join(die)}), and its firmware {self.receiver.firmware} cannot be told: "
                "update the tray (firmware/README.md); rolls are electronic meanwhile")

    def request_roll(self) -> bool:
        """Ask the tray to roll as if its button was pressed; False when no tray is connected."""
        if not self.connected:
            return False
        self._outbox.append(("ROLL", ()))
        return True

    # -- the driver's thread --------------------------------------------------------------

    def _run(self) -> None:
        while not self._closing.is_set():
            try:
                if self._serial is None:
                    if not self._open():
                        self._closing.wait(self.retry_interval)
                    continue
                self._serve()
            except Exception:  # noqa: BLE001 - the tray must never take the app down
                log.exception("dice tray: unexpected failure; reconnecting")
                self._lost(None)
        self._disconnect()

    def _open(self) -> bool:
        if not os.path.exists(self.port):
            if self._status.level != "waiting":  # keep "unplugged" and other waiting notes
                self._set_status("waiting", f"Plug in the dice tray (looking for {self.port})")
            return False
        try:
            port = serial.Serial(self.port, self.baudrate, timeout=0.05, write_timeout=1, exclusive=True)
        except (serial.SerialException, OSError) as exc:
            self._set_status(*_open_failure(self.port, exc))
            return False
        port.reset_input_buffer()  # bytes the tray sent while nobody listened
        self._serial = port
        self._heard = self._pinged = time.monotonic()
        self._state_tries = 0
        self._outbox.clear()
        self._forget_die_answers()
        try:
            self._send_state()
        except (serial.SerialException, OSError) as exc:
            self._lost(exc)
            return False
        self._set_status("waiting", f"Opened {self.port}; waiting for the dice tray to answer")
        return True

    def _serve(self) -> None:
        port = self._serial
        assert port is not None
        try:
            data = port.read(port.in_waiting or 1)
        except (serial.SerialException, OSError) as exc:
            self._lost(exc)
            return
        now = time.monotonic()
        if data:
            self._heard = now
            was_synced = self.receiver.synced
            for event in self.receiver.feed(data):
                self._handle(event)
            if self.receiver.synced and not was_synced:
                # The tray answered the STATE request: from here on its rolls count.
                self.connects += 1
                self._outbox.append(("DIE", ()))
                self._outbox.append(("ARM", ("1" if self._armed else "0",)))
            if self.receiver.synced:
                self._set_status(*self._level_and_words())
        try:
            self._housekeeping(now)
        except (serial.SerialException, OSError) as exc:
            self._lost(exc)

    def _handle(self, event: Any) -> None:
        if isinstance(event, Roll):
            info = {
                "seq": event.seq,
                "trigger": event.trigger,
                "port": self.port,
                "firmware": self.receiver.firmware,
                "boot": self.receiver.boot,
            }
            try:
                self.on_roll(event.face, info)
            except Exception:  # noqa: BLE001 - a failing callback is not a failing tray
                log.exception("dice tray: the roll callback failed")
        elif isinstance(event, Hello) and event.restarted and self.receiver.synced:
            # The tray restarted while connected: it has forgotten its die and whether a roll is expected.
            self._forget_die_answers()
            self._outbox.append(("DIE", ()))
            self._outbox.append(("ARM", ("1" if self._armed else "0",)))
        elif isinstance(event, Ack) and event.command == "DIE" and event.ref == self._die_ref:
            self._die_ref = None  # its HELLO with the new faces came just before
        elif isinstance(event, Status):
            self._battery, self._health = event.battery, event.health

    def _housekeeping(self, now: float) -> None:
        port = self._serial
        if port is None:
            return
        if not self.receiver.synced:
            if now - self._state_sent >= self.answer_timeout:
                if self._state_tries >= 3:
                    self._set_status(
                        "error",
                        f"{self.port} does not answer like a dice tray: is the tray's firmware on it? "
                        "(see firmware/README.md)",
                    )
                self._send_state()
            return
        while self._outbox:
            kind, fields = self._outbox.popleft()
            if kind == "DIE":
                self._tell_die(now)
                self._set_status(*self._level_and_words())  # a game whose die this tray fits, or not
            else:
                self._write(kind, *fields)
        if self._die_ref is not None and now - self._die_sent >= self.answer_timeout:
            if self._die_tries >= 3:
                # Firmware from before DIE drops it unanswered: this tray keeps its own die.
                self._die_ref = None
                self._die_unheard = True
                log.warning("dice tray on %s (firmware %s) does not answer DIE", self.port, self.receiver.firmware)
                self._set_status(*self._level_and_words())
            else:
                self._tell_die(now, again=True)
        quiet = now - self._heard
        if quiet >= self.ping_interval and now - self._pinged >= self.ping_interval:
            self._pinged = now
            self._write("PING")
        if quiet >= 3 * self.ping_interval:
            silence = 3 * self.ping_interval
            self._set_status("error", f"The dice tray on {self.port} stopped answering (nothing for {silence:g} s)")
        elif self._status.level == "error" and self.die_problem is None:
            self._set_status("ok", self._describe())

    def _tell_die(self, now: float, again: bool = False) -> None:
        """Send DIE if the tray's faces are not the game's die (each change of die: three tries)."""
        die = self._die
        if die is None or self.fits(die) or (self._die_unheard and not again):
            self._die_ref = None
            return
        self._die_tries = self._die_tries + 1 if again else 1
        self._die_sent = now
        self._die_ref = self._write("DIE", frames.join_faces(die))

    def _forget_die_answers(self) -> None:
        self._die_ref = None
        self._die_tries = 0
        self._die_unheard = False

    def _send_state(self) -> None:
        self._state_tries += 1
        self._state_sent = time.monotonic()
        seq = self._write("STATE")
        self.receiver.reopen(seq)

    def _write(self, kind: str, *fields: Any) -> int:
        seq, line = self._commands.make(kind, *fields)
        assert self._serial is not None
        self._serial.write(line)
        return seq

    def _lost(self, exc: Exception | None) -> None:
        log.info("dice tray on %s lost: %s", self.port, exc)
        self._disconnect()
        self._set_status("waiting", f"Dice tray unplugged: plug it back in (waiting for {self.port})")

    def _disconnect(self) -> None:
        port, self._serial = self._serial, None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass

    # -- status ---------------------------------------------------------------------------

    def _level_and_words(self) -> tuple[str, str]:
        problem = self.die_problem
        return ("error", problem) if problem else ("ok", self._describe())

    def _describe(self) -> str:
        r = self.receiver
        parts = [f"Connected on {self.port}: firmware {r.firmware}, die {' '.join(r.faces or ())}"]
        if self._battery is not None:
            parts.append(f"battery {self._battery}%")
        if self._health != "ok":
            parts.append("the tray reports a problem" if self._health == "fault" else "battery low")
        if r.dropped:
            parts.append(f"{r.dropped} bad frame{'s' if r.dropped != 1 else ''} dropped")
        return "; ".join(parts)

    def _set_status(self, level: str, detail: str) -> None:
        status = DeviceStatus(NAME, level, detail)
        with self._status_lock:
            if status == self._status:
                return
            self._status = status
        try:
            self.on_status(status)
        except Exception:  # noqa: BLE001
            log.exception("dice tray: the status callback failed")


def _open_failure(port: str, exc: Exception) -> tuple[str, str]:
    text = str(exc)
    code = getattr(exc, "errno", None)
    if "exclusively lock" in text or code in (errno.EBUSY, errno.EAGAIN):
        return "error", f"{port} is in use by another program (mpremote or a serial monitor?): close it"
    if code == errno.EACCES or "Permission denied" in text:
        return "error", f"No permission to open {port}: the app's user needs the dialout group"
    if code == errno.ENOENT:
        return "waiting", f"Plug in the dice tray (looking for {port})"
    return "waiting", f"Cannot open {port} yet: {_short(exc)}"


def _short(exc: Exception) -> str:
    return str(exc).split("\n")[0][:120] or type(exc).__name__
