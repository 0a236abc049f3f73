"""Labels whose words are drawn once the layouts above them have settled, not at every width on the way.

Kivy draws a label's words (its texture) in the frame's last steps, from a trigger the label sets
whenever its text or size changes. A label made at a touch gets there before its layouts have
given it a width: its words were drawn once at Kivy's default width or on one long line, again
when its box laid it out, and often a third time when the box above laid out that box. Words are
the most of a new panel's cost (a game's start panel: 65 renders for 25 labels, 30 ms of a 65 ms
frame here, several times that on a Pi). A label with this mixin lets its trigger wait, within
the same frame, while a layout above it is still due: Kivy runs the frame's triggers again until
none is left, so the words are drawn once, at the width they are shown at, before the frame is
drawn.

A direct call of texture_update() (code that needs the label's height at once) draws at once.
"""

from __future__ import annotations

from typing import Any


# How many of the frame's passes a label waits at most: a layout above that is due again at every
# pass (one that settles slowly, its heights following its words) must not keep the words from
# being drawn before the frame (Kivy gives a frame's triggers 20 passes, then draws without them).
MOST_WAITS = 10


class DrawnOnce:
    """Mixed into a Label (before it): see the module's docstring."""

    _waited = 0

    def texture_update(self, *largs: Any) -> None:
        # Kivy's trigger passes the frame's time; a direct call passes nothing.
        if largs and self._waited < MOST_WAITS and _layout_due_above(self):
            self._waited += 1
            self._trigger_texture()  # again after those layouts, in this frame's same steps
            return
        self._waited = 0
        super().texture_update(*largs)  # type: ignore[misc]


def _layout_due_above(widget: Any) -> bool:
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        trigger = getattr(parent, "_trigger_layout", None)
        if trigger is not None and trigger.is_triggered:
            return True
        parent = parent.parent
    return False
