"""The dice tray's program on a Raspberry Pi Pico (MicroPython): the pins and the USB line.

What the tray does (rolling, frames, answering the table) is in pico/tray.py, pico/roll.py
and pico/frames.py, which the table's simulator runs too; this file only connects them to
the hardware. Wiring: hardware/README.md. Installing: firmware/README.md.

Hold the roll button while plugging the tray in to start it in maintenance mode: the
program does not run and Ctrl-C works, so mpremote can copy new files.
"""

import machine
import micropython
import os
import select
import sys
import time

from pico import roll
from pico import tray as tray_logic

# -- the tray's wiring (hardware/README.md); change it here if yours differs ------------------

FACES = tray_logic.DEFAULT_FACES  # at power-up; the table then says which die its game rolls (DIE)
ROLL_BUTTON = 15  # GP15 (pin 20), button to GND
TILT_SWITCH = 14  # GP14 (pin 19), ball tilt switch to GND; None if not fitted
FACE_LEDS = (2, 3, 4, 5, 6, 7)  # GP2-GP7 (pins 4-7, 9, 10), each LED + 330 ohm to GND; the nth face lights the nth
READY_LED = 8  # GP8 (pin 11): lit while the table waits for a roll
BATTERY_ADC = None  # e.g. 28 (GP28/ADC2) with a 1:2 divider from a Li-ion cell; None on USB power
SETTLE_MS = 20  # the roll button counts once it has been steady this long
WATCHDOG_MS = 8000  # a hung program restarts (the table sees a new boot id and carries on)


class Leds:
    """The tray's display: one LED per face, and the ready LED."""

    def __init__(self, face_pins, ready_pin):
        self.faces = [machine.Pin(p, machine.Pin.OUT, value=0) for p in face_pins]
        self.ready = machine.Pin(ready_pin, machine.Pin.OUT, value=0)

    def show_face(self, i):
        for n in range(len(self.faces)):
            self.faces[n].value(1 if n == i else 0)

    def spin(self, step):
        self.show_face(step % len(self.faces))

    def set_ready(self, on):
        self.ready.value(1 if on else 0)

    def identify(self, on):
        for led in self.faces:
            led.value(1 if on else 0)
        self.ready.value(1 if on else 0)

    def clear(self):
        self.show_face(-1)

    def die(self, faces):
        # One LED per face, in order: a die of more faces than LEDs lights none for the faces
        # beyond the last LED (the table's screen shows every roll).
        self.clear()


class Button:
    """A button to GND, debounced: every edge (IRQ) restarts a one-shot timer; when the timer
    runs out the line has been quiet for SETTLE_MS, so the pin is read again and a press is
    handed to micropython.schedule. The main loop collects presses with take(); the tray's
    code itself never runs inside an interrupt or in the middle of the main loop."""

    def __init__(self, pin_no, settle_ms=SETTLE_MS):
        self.pin = machine.Pin(pin_no, machine.Pin.IN, machine.Pin.PULL_UP)
        self.settle_ms = settle_ms
        self.down = self.pin.value() == 0
        self.presses = 0
        self.timer = machine.Timer()
        # Bound methods made once here: creating them inside an interrupt would allocate.
        self._edge_ref = self._edge
        self._settled_ref = self._settled
        self._count_ref = self._count
        self.pin.irq(trigger=machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING, handler=self._edge_ref)

    def _edge(self, pin):
        self.timer.init(mode=machine.Timer.ONE_SHOT, period=self.settle_ms, callback=self._settled_ref)

    def _settled(self, timer):
        down = self.pin.value() == 0
        if down and not self.down:
            micropython.schedule(self._count_ref, 0)
        self.down = down

    def _count(self, _):
        self.presses += 1

    def take(self):
        """Presses since the last call."""
        n, self.presses = self.presses, 0
        return n


class TiltSwitch:
    """A ball tilt switch rattles when the tray is shaken; the tray's logic counts the rattles."""

    def __init__(self, pin_no):
        self.pin = machine.Pin(pin_no, machine.Pin.IN, machine.Pin.PULL_UP)
        self.changes = 0
        self._edge_ref = self._edge
        self.pin.irq(trigger=machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING, handler=self._edge_ref)

    def _edge(self, pin):
        self.changes += 1  # a small int: no allocation

    def take(self):
        n, self.changes = self.changes, 0
        return n


def battery_percent():
    """Charge of a Li-ion cell behind a 1:2 divider on BATTERY_ADC: 3.3 V empty, 4.2 V full."""
    volts = machine.ADC(BATTERY_ADC).read_u16() * 3.3 / 65535 * 2
    return max(0, min(100, int((volts - 3.3) / 0.9 * 100)))


def new_boot_id():
    return "%04X" % ((os.urandom(1)[0] << 8) | os.urandom(1)[0])


def send(line):
    print(line)  # USB serial: print() ends the line with CR LF


class Program:
    """One tray: pins, LEDs and the tray's logic; step() is one turn of the main loop."""

    def __init__(self, send=send):
        self.leds = Leds(FACE_LEDS, READY_LED)
        self.button = Button(ROLL_BUTTON)
        self.tilt = TiltSwitch(TILT_SWITCH) if TILT_SWITCH is not None else None
        random_bytes = roll.Conditioned(os.urandom)  # the Pico's ring-oscillator random bits
        battery = battery_percent if BATTERY_ADC is not None else None
        self.tray = tray_logic.Tray(FACES, new_boot_id(), random_bytes, send, self.leds, battery)
        self._last = time.ticks_ms()

    def step(self, data=b""):
        if data:
            self.tray.receive(data)
        if self.button.take():
            self.tray.press("button")
        if self.tilt is not None:
            for _ in range(self.tilt.take()):
                self.tray.tilt_changed()
        now = time.ticks_ms()
        self.tray.tick(time.ticks_diff(now, self._last))
        self._last = now


def maintenance_requested():
    """The roll button held down at power-up: leave the REPL to mpremote."""
    pin = machine.Pin(ROLL_BUTTON, machine.Pin.IN, machine.Pin.PULL_UP)
    return pin.value() == 0


def main():
    if maintenance_requested():
        leds = Leds(FACE_LEDS, READY_LED)
        leds.identify(True)  # all LEDs on: maintenance mode
        return
    micropython.kbd_intr(-1)  # a 0x03 byte from the table is data, not Ctrl-C
    program = Program(send)
    program.tray.start()
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    watchdog = machine.WDT(timeout=WATCHDOG_MS)
    while True:
        data = b""
        while len(data) < 64 and poller.poll(0):
            data += sys.stdin.buffer.read(1)
        program.step(data)
        watchdog.feed()
        time.sleep_ms(5)


if __name__ == "__main__":
    main()
