"""Configuration keys of the physical inputs ([gpio], [dicetray]).

The default pin map is the wiring in hardware/README.md (and hardware/pinmap.toml).
"""

from typing import Any

from companion.config_keys import Key, between, one_of


def bcm_pin(v: Any) -> str | None:
    return None if v == -1 or 0 <= v <= 27 else "must be a BCM pin number from 0 to 27, or -1 (not wired)"


def _pin(name: str, default: int, what: str) -> Key:
    return Key("gpio", name, default, f"BCM pin of {what}; -1 if not wired.", bcm_pin)


KEYS: tuple[Key, ...] = (
    Key(
        "gpio",
        "enabled",
        True,
        "Read the table's buttons and dial on the Pi's GPIO pins. On a machine without GPIO the "
        "status screen says so and the app runs on touch alone.",
    ),
    Key(
        "gpio",
        "pin_factory",
        "auto",
        "gpiozero pin library: 'auto' (lgpio where installed; the only one that works on a Pi 5), "
        "'lgpio', 'rpigpio', 'pigpio', 'native', or 'mock' (no hardware, for trying things out).",
        one_of("auto", "lgpio", "rpigpio", "pigpio", "native", "mock"),
    ),
    _pin("confirm", 17, "the Confirm / Next button (header pin 11)"),
    _pin("undo", 27, "the Undo button; hold it for Redo (header pin 13)"),
    _pin("pass", 22, "the Pass button (header pin 15)"),
    _pin("roll", 23, "the Roll button, which rolls electronically when there is no dice tray (header pin 16)"),
    _pin("dial_a", 5, "the rotary encoder's A line (header pin 29)"),
    _pin("dial_b", 6, "the rotary encoder's B line (header pin 31); swap A and B if the dial turns the wrong way"),
    _pin("dial_push", 26, "the rotary encoder's push button (header pin 37)"),
    Key(
        "gpio",
        "hold_seconds",
        1.0,
        "How long Undo is held down to mean Redo.",
        between(0.3, 5.0),
    ),
    Key(
        "gpio",
        "debounce_ms",
        10,
        "A press or release counts once the contact has been steady this many milliseconds "
        "(contact chatter is shorter; a finger's press is longer).",
        between(1, 50),
    ),
    Key(
        "dicetray",
        "enabled",
        True,
        "Use the USB dice tray. Without it, the Roll button (or the screen) rolls electronically.",
    ),
    Key(
        "dicetray",
        "port",
        "/dev/dicetray",
        "The tray's serial device: the stable name the udev rule in deploy/udev/ makes, or a "
        "/dev/serial/by-id/... path. Not /dev/ttyACM0: those numbers change on replug.",
    ),
    Key(
        "dicetray",
        "baudrate",
        115200,
        "Serial speed; the Pico's USB serial ignores it, a USB-serial adapter needs it to match.",
        between(1200, 4_000_000),
    ),
)
