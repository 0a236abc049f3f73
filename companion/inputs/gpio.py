"""The table's buttons and dial on the Pi's GPIO pins, turned into control names.

    gpio = GpioControls(pins_from(config), on_control=app_callback).start()
    ... gpio.status() ... gpio.close()

`on_control(name)` gets names from companion.core.controls: "confirm", "undo", "redo" (a
long hold on Undo), "pass", "roll", "dial_up", "dial_down", "dial_push". It is called from
this adapter's own thread: the app passes a callback that only hands the name over to its
own thread (Kivy: Clock.schedule_once) and never touches the session here.

How presses are read (see hardware/README.md for the wiring):
- gpiozero's own edge callbacks only record (time, level) and wake a worker thread, so
  they never hold up gpiozero's thread and no release is missed (gpiozero issue 697).
- Buttons are debounced in software from the edges' timestamps (companion.inputs.debounce);
  gpiozero's bounce_time stays off because it drops short presses (issues 550, 1039).
  Edges can come late (the pin library's thread waits for the app's): a button is decided only
  while its line still reads what its last edge said, never on half of a bounce.
- lgpio's own thread waits for edges under a coarse timer slack (companion.inputs.timer_slack):
  an edge wakes it at once, its idle ticks come a few dozen times a second, not 2,000.
- The dial is gpiozero's RotaryEncoder; its state machine tolerates contact wiggle, and an
  RC filter on its two lines (hardware/README.md) keeps fast turns from losing steps.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import warnings
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from companion.core import controls
from companion.inputs.debounce import Debouncer
from companion.inputs.timer_slack import threads_started_with_slack
from companion.status import DeviceStatus

log = logging.getLogger(__name__)

NAME = "GPIO"
NOT_WIRED = -1


@dataclass(frozen=True)
class Binding:
    """A button's meaning: a control on press, or one on a short press and another on a hold."""

    press: str | None = None  # emitted as soon as the press is certain
    tap: str | None = None  # emitted on release of a press shorter than the hold time
    hold: str | None = None  # emitted once when the press reaches the hold time


BUTTONS: dict[str, Binding] = {
    "confirm": Binding(press=controls.CONFIRM),
    # Undo acts on release so that a long hold means Redo alone, not Undo then Redo.
    "undo": Binding(tap=controls.UNDO, hold=controls.REDO),
    "pass": Binding(press=controls.PASS),
    "roll": Binding(press=controls.ROLL),
    "dial_push": Binding(press=controls.DIAL_PUSH),
}
DIAL = ("dial_a", "dial_b")
PINS = (*BUTTONS, *DIAL)  # the config keys of [gpio] that name a BCM pin


def pins_from(config: Any) -> dict[str, int]:
    """The pin map from a loaded Config ([gpio] section)."""
    section = config["gpio"]
    return {name: section[name] for name in PINS}


class GpioControls:
    """Buttons and the rotary encoder; never raises out of start(): status() says what is wrong."""

    def __init__(
        self,
        pins: Mapping[str, int],
        on_control: Callable[[str], None],
        *,
        hold_seconds: float = 1.0,
        debounce_ms: float = 10,
        pin_factory: str = "auto",
    ) -> None:
        self.pins = dict(pins)
        self.on_control = on_control
        self.hold_seconds = hold_seconds
        self.settle = debounce_ms / 1000
        self.factory_name = pin_factory
        self._factory: Any = None
        self._devices: list[Any] = []
        self._watches: list[_Watch] = []  # gpiozero keeps only weak references to callbacks
        self._debouncers: dict[str, Debouncer] = {}
        self._buttons: dict[str, Any] = {}  # name -> its gpiozero InputDevice
        self._edges_late = False  # a line reads otherwise than its last edge said (see _drain)
        self._edges: deque[tuple[str, float, bool]] = deque()
        self._dial_steps: deque[str] = deque()
        self._wake = threading.Event()
        self._closing = threading.Event()
        self._thread: threading.Thread | None = None
        self._status = DeviceStatus(NAME, "off", "GPIO buttons have not been started")
        self._started = False
        self._tried: list[str] = []  # gpiozero's notes on pin libraries that did not load
        self.presses = 0  # controls emitted, for the status screen and tests

    @classmethod
    def from_config(cls, config: Any, on_control: Callable[[str], None]) -> GpioControls:
        section = config["gpio"]
        return cls(
            pins_from(config),
            on_control,
            hold_seconds=section["hold_seconds"],
            debounce_ms=section["debounce_ms"],
            pin_factory=section["pin_factory"],
        )

    # -- life ----------------------------------------------------------------------------

    def start(self) -> GpioControls:
        """Claim the pins and start the worker; on a machine without GPIO, status says so."""
        if self._started:
            return self
        self._started = True
        problem = self._check_pins()
        if problem:
            self._status = DeviceStatus(NAME, "error", problem)
            return self
        try:
            self._open_devices()
        except Exception as exc:  # noqa: BLE001 - any failure here must leave the app running
            self._close_devices()
            self._status = self._failure(exc)
            log.info("GPIO not available: %s", self._status.detail)
            return self
        self._thread = threading.Thread(target=self._work, name="gpio-controls", daemon=True)
        self._thread.start()
        self._status = DeviceStatus(NAME, "ok", self._describe())
        return self

    def close(self) -> None:
        """Release the pins and stop the worker; safe to call more than once."""
        self._closing.set()
        self._wake.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        self._thread = None
        self._close_devices()
        if self._status.level == "ok":
            self._status = DeviceStatus(NAME, "off", "GPIO buttons stopped")

    def __enter__(self) -> GpioControls:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def status(self) -> DeviceStatus:
        return self._status

    # -- gpiozero callbacks (gpiozero's thread: record and hand over, nothing else) --------

    def _edge(self, name: str, ticks: float, state: bool) -> None:
        self._edges.append((name, self._edge_time(ticks), not state))  # pulled up: low = pressed
        self._wake.set()

    def _step(self, control: str) -> None:
        self._dial_steps.append(control)
        self._wake.set()

    def _edge_time(self, ticks: Any) -> float:
        # The pin library's own timestamp is exact even when callbacks run late. Use it when
        # it is on the monotonic clock (the mock factory; lgpio with the kernel's default
        # event clock); a timestamp from another clock is replaced by the time of arrival.
        now = time.monotonic()
        try:
            t = float(ticks)
        except (TypeError, ValueError):
            return now
        return t if abs(now - t) < 5 else now

    # -- the worker (this adapter's thread) -----------------------------------------------

    def _work(self) -> None:
        while not self._closing.is_set():
            self._wake.wait(self._timeout())
            self._wake.clear()
            self._drain(time.monotonic())

    def _timeout(self) -> float:
        if self._edges_late:
            return self.settle  # they wake the worker as they come; this only looks again
        deadlines = [d for d in (b.deadline() for b in self._debouncers.values()) if d is not None]
        if not deadlines:
            return 1.0
        return min(1.0, max(0.0, min(deadlines) - time.monotonic()) + 0.0005)

    def _drain(self, now: float) -> None:
        out: list[tuple[float, str]] = []
        while self._dial_steps:
            out.append((now, self._dial_steps.popleft()))
        while self._edges:
            name, t, active = self._edges.popleft()
            out += self._emit(name, self._debouncers[name].edge(t, active))
        # A level is judged on the edges that have come. Edges come late when the pin library's
        # thread waits (for the app's thread to let it run): judged at `now` without them, a
        # bounce's short pulse would pass for a level that lasted, and one Undo count twice. So
        # a button is decided only while its line still reads what its last edge said; if not,
        # its edges are on the way, and it is decided when they are in.
        self._edges_late = False
        for name, debouncer in self._debouncers.items():
            due = debouncer.deadline()
            if due is not None and due <= now and self._reads_otherwise(name, debouncer):
                self._edges_late = True
                continue
            out += self._emit(name, debouncer.poll(now))
        out.sort(key=lambda item: item[0])
        for _, control in out:
            self.presses += 1
            try:
                self.on_control(control)
            except Exception:  # noqa: BLE001 - a failing callback must not stop the buttons
                log.exception("GPIO controls: handing over %r failed", control)

    def _reads_otherwise(self, name: str, debouncer: Debouncer) -> bool:
        """The button's line reads otherwise than its last edge said (edges on their way)."""
        try:
            active = not bool(self._buttons[name].pin.state)  # pulled up: low = pressed
        except Exception:  # noqa: BLE001 - a line that cannot be read is judged on its edges
            return False
        return active != debouncer.level

    def _emit(self, name: str, events: list[Any]) -> list[tuple[float, str]]:
        binding = BUTTONS[name]
        out = []
        for event in events:
            if event.kind == "press" and binding.press:
                out.append((event.at, binding.press))
            elif event.kind == "hold" and binding.hold:
                out.append((event.at, binding.hold))
            elif event.kind == "release" and binding.tap and not event.held:
                out.append((event.at, binding.tap))
        return out

    # -- pins ------------------------------------------------------------------------------

    def _check_pins(self) -> str | None:
        used: dict[int, str] = {}
        for name, pin in self.pins.items():
            if pin == NOT_WIRED:
                continue
            if not isinstance(pin, int) or not 0 <= pin <= 27:
                return f"gpio.{name} must be a BCM pin number from 0 to 27 (or -1: not wired), not {pin!r}"
            if pin in used:
                return f"gpio.{used[pin]} and gpio.{name} both use GPIO {pin}: give each its own pin"
            used[pin] = name
        if (self.pins.get("dial_a", NOT_WIRED) == NOT_WIRED) != (self.pins.get("dial_b", NOT_WIRED) == NOT_WIRED):
            return "the dial needs both gpio.dial_a and gpio.dial_b (or neither: -1)"
        return None

    def _open_devices(self) -> None:
        from gpiozero import InputDevice, RotaryEncoder  # only here: the app runs without it

        chosen = self.factory_name if self.factory_name != "auto" else os.environ.get("GPIOZERO_PIN_FACTORY", "lgpio")
        if chosen == "lgpio":  # gpiozero's first choice on every Pi
            # lgpio starts its Python thread as it loads: that one hands edges over under the
            # GIL, whose switches are timed, so it keeps the app's own timer slack.
            try:
                import lgpio  # noqa: F401
            except Exception:  # noqa: BLE001 - not on this machine: gpiozero says so below
                pass
        # lgpio's C thread, started as the chip opens, then wakes only when it must (timer_slack.py).
        with warnings.catch_warnings(record=True) as caught, threads_started_with_slack():
            warnings.simplefilter("always")
            try:
                self._open_pins(InputDevice, RotaryEncoder)
            finally:
                self._tried = [str(w.message) for w in caught if "Falling back" in str(w.message)]

    def _open_pins(self, InputDevice: Any, RotaryEncoder: Any) -> None:  # noqa: N803 - classes
        self._factory = self._make_factory()
        now = time.monotonic()
        for name in BUTTONS:
            pin = self.pins.get(name, NOT_WIRED)
            if pin == NOT_WIRED:
                continue
            device = InputDevice(pin, pull_up=True, pin_factory=self._factory)
            self._devices.append(device)
            self._buttons[name] = device
            device.pin.bounce = None
            device.pin.edges = "both"
            active = bool(device.is_active)
            self._debouncers[name] = Debouncer(self.settle, self._hold_for(name), active, now)
            watch = _Watch(self, name)
            self._watches.append(watch)
            device.pin.when_changed = watch.changed
        if self.pins.get("dial_a", NOT_WIRED) != NOT_WIRED:
            dial = RotaryEncoder(
                self.pins["dial_a"], self.pins["dial_b"], max_steps=0, pin_factory=self._factory
            )
            self._devices.append(dial)
            turn = _Turn(self)
            self._watches.append(turn)
            dial.when_rotated_clockwise = turn.up
            dial.when_rotated_counter_clockwise = turn.down

    def _hold_for(self, name: str) -> float | None:
        return self.hold_seconds if BUTTONS[name].hold else None

    def _make_factory(self) -> Any:
        """The pin factory named in the configuration; None lets gpiozero choose ("auto")."""
        if self.factory_name == "auto":
            return None
        for ep in entry_points(group="gpiozero_pin_factories"):
            if ep.name == self.factory_name:
                return ep.load()()
        raise LookupError(f"gpiozero has no pin factory {self.factory_name!r}")

    def _close_devices(self) -> None:
        for device in reversed(self._devices):
            try:
                device.close()
            except Exception:  # noqa: BLE001 - closing must not fail the app's shutdown
                log.exception("GPIO: closing %r failed", device)
        self._devices.clear()
        self._buttons.clear()
        self._watches.clear()
        if self._factory is not None:  # made here from gpio.pin_factory, so ours to close
            try:
                self._factory.close()
            except Exception:  # noqa: BLE001
                log.exception("GPIO: closing the pin factory failed")
            self._factory = None

    def _failure(self, exc: Exception) -> DeviceStatus:
        try:
            from gpiozero.exc import BadPinFactory
        except ImportError:  # gpiozero itself is missing: the same as no pin library
            BadPinFactory = ImportError  # noqa: N806
        if isinstance(exc, (BadPinFactory, ImportError, LookupError)):
            if _is_raspberry_pi():
                return DeviceStatus(
                    NAME,
                    "error",
                    "This Raspberry Pi has no working GPIO library: run the install step again "
                    "(it installs lgpio, the only one that works on a Pi 5). " + self._notes(exc),
                )
            return DeviceStatus(
                NAME,
                "off",
                "No GPIO on this machine: the table's buttons and dial are off; touch works as usual",
            )
        return DeviceStatus(NAME, "error", f"GPIO buttons could not start: {exc}. Check [gpio] in the configuration")

    def _notes(self, exc: Exception) -> str:
        return "; ".join([*self._tried, str(exc)])

    def _describe(self) -> str:
        wired = [f"{name.replace('_', ' ')} {pin}" for name, pin in self.pins.items() if pin != NOT_WIRED]
        factory = type(self._factory or _current_factory()).__name__.replace("Factory", "")
        return f"Buttons ready (BCM pins: {', '.join(wired)}; {factory})"


class _Watch:
    """One button's pin callback, kept alive by the adapter (gpiozero holds it weakly)."""

    def __init__(self, owner: GpioControls, name: str) -> None:
        self.owner, self.name = owner, name

    def changed(self, ticks: float, state: bool) -> None:
        self.owner._edge(self.name, ticks, state)


class _Turn:
    def __init__(self, owner: GpioControls) -> None:
        self.owner = owner

    def up(self) -> None:
        self.owner._step(controls.DIAL_UP)

    def down(self) -> None:
        self.owner._step(controls.DIAL_DOWN)


def _current_factory() -> Any:
    from gpiozero import Device

    return Device.pin_factory


def _is_raspberry_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


