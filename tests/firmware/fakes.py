"""Small stand-ins for MicroPython's `machine` and `micropython` modules, and its time functions.

Just enough of the rp2 port's API for firmware/main.py to run on CPython: pins that a test
drives, timers that a test fires, a watchdog that counts feeds.
"""

from __future__ import annotations

import types


class Pin:
    IN, OUT = 0, 1
    PULL_UP, PULL_DOWN = 1, 2
    IRQ_FALLING, IRQ_RISING = 4, 8
    board: dict[int, "Pin"] = {}

    def __new__(cls, id, mode=None, pull=None, value=None):
        pin = cls.board.get(id)
        if pin is None:
            pin = super().__new__(cls)
            pin.id, pin.level, pin.handler, pin.trigger = id, 1, None, 0
            cls.board[id] = pin
        return pin

    def __init__(self, id, mode=None, pull=None, value=None):
        if mode is not None:
            self.mode = mode
        if value is not None:
            self.level = value

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0
        return None

    def irq(self, trigger=0, handler=None):
        self.trigger, self.handler = trigger, handler

    def drive(self, level):
        """The outside world sets an input pin; the IRQ handler runs on a matching edge."""
        old, self.level = self.level, level
        edge = Pin.IRQ_FALLING if old and not level else Pin.IRQ_RISING if level and not old else 0
        if edge & self.trigger and self.handler:
            self.handler(self)


class Timer:
    ONE_SHOT, PERIODIC = 0, 1
    made: list["Timer"] = []

    def __init__(self, *args, **kwargs):
        self.callback = None
        self.period = None
        Timer.made.append(self)

    def init(self, mode=ONE_SHOT, period=0, callback=None):
        self.mode, self.period, self.callback = mode, period, callback  # restarts a running timer

    def deinit(self):
        self.callback = None

    def fire(self):
        """The period has passed with no restart: run the callback once."""
        callback, self.callback = self.callback, None
        if callback:
            callback(self)


class WDT:
    def __init__(self, timeout=0):
        self.timeout, self.feeds = timeout, 0

    def feed(self):
        self.feeds += 1


class ADC:
    reading = 50000

    def __init__(self, pin):
        self.pin = pin

    def read_u16(self):
        return ADC.reading


def machine_module() -> types.ModuleType:
    Pin.board = {}
    Timer.made = []
    m = types.ModuleType("machine")
    m.Pin, m.Timer, m.WDT, m.ADC = Pin, Timer, WDT, ADC
    return m


def micropython_module() -> types.ModuleType:
    m = types.ModuleType("micropython")
    m.kbd_intr_calls = []
    m.scheduled = []
    m.kbd_intr = lambda chr: m.kbd_intr_calls.append(chr)
    m.schedule = lambda fn, arg: m.scheduled.append((fn, arg)) or fn(arg)
    m.const = lambda x: x
    return m


class Clock:
    """MicroPython's time.ticks_ms / ticks_diff / sleep_ms on a clock the test moves."""

    def __init__(self) -> None:
        self.now = 0

    def ticks_ms(self) -> int:
        return self.now

    def ticks_diff(self, a: int, b: int) -> int:
        return a - b

    def sleep_ms(self, ms: int) -> None:
        self.now += ms

    def advance(self, ms: int) -> None:
        self.now += ms
