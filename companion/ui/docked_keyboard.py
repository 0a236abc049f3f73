"""Kivy's docked on-screen keyboard, as the screens that type need to know it.

On the touchscreen (keyboard_mode "systemanddock") focusing a text field adds Kivy's keyboard
to the window, over the bottom of whatever screen is shown; a screen moves its own parts above it.
"""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.uix.vkeyboard import VKeyboard


def docked_keyboard_top(field) -> float:
    """Where the docked keyboard ends (window y) while it types into this field; 0 if it is not up."""
    if not field.focus:
        return 0
    for widget in EventLoop.window.children:
        if isinstance(widget, VKeyboard) and widget.docked and widget.target is field:
            (_x, y), (_w, h) = widget.bbox
            return y + h
    return 0
