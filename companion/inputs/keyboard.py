"""Keyboard keys that stand in for the table's buttons in sim mode (`companion run --sim`).

Key names are Kivy's (Window.on_key_down: keyboard.keycode_to_string(keycode), modifiers):

    control = control_for_key("backspace", ["shift"])   # -> "redo"
    if control: router.control(control, "keyboard")
    if key == TRAY_ROLL_KEY: sim_tray.press_roll()       # the simulated tray's own button
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core import controls

# "shift+" before a key name means the key is pressed with Shift.
SIM_KEYS: dict[str, str] = {
    "enter": controls.CONFIRM,
    "numpadenter": controls.CONFIRM,
    "backspace": controls.UNDO,
    "shift+backspace": controls.REDO,
    "p": controls.PASS,
    "r": controls.ROLL,
    "up": controls.DIAL_UP,
    "down": controls.DIAL_DOWN,
    "spacebar": controls.DIAL_PUSH,
}

# The simulated dice tray's roll button (a roll that comes through the tray, like a real one).
TRAY_ROLL_KEY = "t"

HELP = (
    "Enter confirm · Backspace undo · Shift+Backspace redo · P pass · R roll (the table's button) · "
    "T roll the dice tray · Up/Down dial · Space dial push"
)


def control_for_key(key: str, modifiers: Iterable[str] = ()) -> str | None:
    """The control a key stands for in sim mode, or None."""
    shifted = any(m in ("shift", "lshift", "rshift") for m in modifiers)
    if shifted and f"shift+{key}" in SIM_KEYS:
        return SIM_KEYS[f"shift+{key}"]
    return SIM_KEYS.get(key)
