"""The GPIO adapter on gpiozero's own mock pins: chatter, holds, the dial, no GPIO at all."""

from __future__ import annotations

import queue
import threading
import time

import pytest
from gpiozero import Device

from companion.inputs.gpio import GpioControls

PINS = {"confirm": 17, "undo": 27, "pass": 22, "roll": 23, "dial_a": 5, "dial_b": 6, "dial_push": 26}


class Heard:
    """The app's side: names arrive from the adapter's thread and are only queued."""

    def __init__(self) -> None:
        self.names: queue.SimpleQueue[tuple[str, str]] = queue.SimpleQueue()

    def __call__(self, name: str) -> None:
        self.names.put((name, threading.current_thread().name))

    def settle(self, quiet: float = 0.25) -> list[str]:
        """Everything heard until nothing more comes for `quiet` seconds (generous: a busy
        machine may run the adapter's thread late, though never with a different result)."""
        out = []
        while True:
            try:
                out.append(self.names.get(timeout=quiet)[0])
            except queue.Empty:
                return out


@pytest.fixture
def heard():
    return Heard()


@pytest.fixture
def controls(mock_pins, heard):
    with GpioControls(PINS, heard, hold_seconds=0.3, debounce_ms=10) as gpio:
        assert gpio.status().level == "ok", gpio.status()
        yield gpio


def pin(number):
    return Device.pin_factory.pin(number)


def bounce(p, to_low: bool, times: int = 6) -> None:
    """Contact chatter: the line flips back and forth within microseconds, then stays."""
    for _ in range(times):
        if to_low:
            p.drive_low()
            p.drive_high()
        else:
            p.drive_high()
            p.drive_low()
    p.drive_low() if to_low else p.drive_high()


def press(number: int, down: float = 0.03, chatter: int = 6) -> None:
    p = pin(number)
    bounce(p, True, chatter)
    time.sleep(down)
    bounce(p, False, chatter)


def turn(a: int, b: int, clockwise: bool, wiggle: bool = False) -> None:
    """One detent of the encoder: A leads B clockwise, B leads A anticlockwise."""
    first, second = (pin(a), pin(b)) if clockwise else (pin(b), pin(a))
    for step in (first.drive_low, second.drive_low, first.drive_high, second.drive_high):
        step()
        if wiggle and step in (first.drive_low, second.drive_low):
            # the contact that just closed bounces once
            (first if step == first.drive_low else second).drive_high()
            step()


def test_a_press_with_contact_chatter_counts_once(controls, heard):
    press(17)
    assert heard.settle() == ["confirm"]


def test_twenty_chattering_presses_count_twenty(controls, heard):
    for _ in range(20):
        press(22, down=0.025)
        time.sleep(0.025)
    assert heard.settle() == ["pass"] * 20


def test_presses_are_handed_over_from_the_adapters_own_thread(controls, heard):
    press(23)
    name, thread = heard.names.get(timeout=1)
    assert name == "roll" and thread == "gpio-controls"


def test_a_short_press_on_undo_is_undo(controls, heard):
    press(27, down=0.05)
    assert heard.settle() == ["undo"]


def test_holding_undo_is_redo_alone(controls, heard):
    p = pin(27)
    bounce(p, True)
    time.sleep(0.45)  # past hold_seconds = 0.3
    assert heard.names.get(timeout=1)[0] == "redo"  # told while still held, not on release
    bounce(p, False)
    assert heard.settle() == []


def test_two_holds_are_two_redos(controls, heard):
    press(27, down=0.4)
    time.sleep(0.05)
    press(27, down=0.4)
    assert heard.settle() == ["redo", "redo"]


def test_encoder_steps_count_exactly_in_both_directions(controls, heard):
    for _ in range(25):
        turn(5, 6, clockwise=True)
    for _ in range(12):
        turn(5, 6, clockwise=False)
    for _ in range(7):
        turn(5, 6, clockwise=True, wiggle=True)
    for _ in range(9):
        turn(5, 6, clockwise=False, wiggle=True)
    names = heard.settle()
    assert names == ["dial_up"] * 25 + ["dial_down"] * 12 + ["dial_up"] * 7 + ["dial_down"] * 9


def test_half_a_detent_and_back_is_no_step(controls, heard):
    pin(5).drive_low()
    pin(6).drive_low()
    pin(6).drive_high()
    pin(5).drive_high()
    assert heard.settle() == []


def test_the_dial_push_button(controls, heard):
    press(26)
    assert heard.settle() == ["dial_push"]


def test_close_twice_and_the_pins_are_free_again(mock_pins, heard):
    gpio = GpioControls(PINS, heard).start()
    gpio.close()
    gpio.close()
    again = GpioControls(PINS, heard).start()
    assert again.status().level == "ok"
    again.close()


def test_unwired_controls_are_left_alone(mock_pins, heard):
    with GpioControls({**PINS, "roll": -1, "dial_a": -1, "dial_b": -1}, heard) as gpio:
        assert gpio.status().level == "ok"
        press(23)
        assert heard.settle() == []


def test_two_controls_on_one_pin_is_a_clear_error(mock_pins, heard):
    with GpioControls({**PINS, "pass": 17}, heard) as gpio:
        status = gpio.status()
    assert status.level == "error"
    assert "gpio.confirm and gpio.pass both use GPIO 17" in status.detail


def test_a_machine_without_gpio_starts_with_a_notice_not_a_crash(monkeypatch, heard):
    # As on a desktop, even when this suite runs on a Pi: no pin library works, and not a Pi.
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-pin-library")
    monkeypatch.setattr("companion.inputs.gpio._is_raspberry_pi", lambda: False)
    previous = Device.pin_factory
    Device.pin_factory = None
    try:
        with GpioControls(PINS, heard) as gpio:
            status = gpio.status()
    finally:
        Device.pin_factory = previous
    assert status.level == "off"
    assert "No GPIO on this machine" in status.detail


def test_a_pin_library_that_is_not_installed_is_a_notice(mock_pins, heard):
    with GpioControls(PINS, heard, pin_factory="pigpio") as gpio:
        status = gpio.status()
    assert status.level in ("off", "error")
    assert status.detail


def test_without_gpiozero_installed_the_buttons_are_off_not_broken(monkeypatch, heard):
    import sys

    for name in ("gpiozero", "gpiozero.exc"):
        monkeypatch.setitem(sys.modules, name, None)  # "import gpiozero" now fails
    with GpioControls(PINS, heard) as gpio:
        assert gpio.status().level in ("off", "error")


def test_a_bounce_whose_edges_come_late_is_one_undo(mock_pins, heard):
    """gpiozero hands edges over from the pin library's thread, which can run late (it waits for
    the app's thread): the worker must never judge a level on the edges that have come while
    later ones are on their way. Judged so, the short pulse in a release's chatter passed for a
    press, and one Undo counted twice (seen through a kernel GPIO chip in the virtual table).
    This test is the worker here, edge by edge, each judged a second after it happened."""
    gpio = GpioControls(PINS, heard, hold_seconds=5, debounce_ms=10)
    gpio._open_devices()  # the pins without the worker's thread
    held_back = []
    gpio._edge = lambda name, ticks, state: held_back.append((name, ticks, state))
    try:
        undo = pin(PINS["undo"])
        bounce(undo, True)  # pressed, chattering
        time.sleep(0.03)  # a finger's short press
        pressed = list(held_back)
        held_back.clear()
        bounce(undo, False, times=2)  # let go: release, press, release, press, release
        r0, p1, r2, p3, r4 = held_back
        for edges in (pressed, [r0], [p1, r2, p3], [r4]):
            for edge in edges:
                GpioControls._edge(gpio, *edge)
            gpio._drain(gpio._edge_time(edges[-1][1]) + 1.0)
        assert heard.settle(quiet=0.05) == ["undo"]
    finally:
        gpio._close_devices()
