"""Labels whose words are drawn once the layouts above them have settled, not at every width on the way.

Kivy draws a label's words (its texture) in the frame's last steps, from a trigger the label sets
whenever its text or size changes. A label made at a touch gets there before its layouts have
given it a width: its words were drawn once at Kivy's default width or on one long line, again
when its box laid it out, and often a third time when the box above laid out that box. Words are
the most of a new panel's cost (a game's start panel: 65 renders for 25 labels, 30 ms of a 65 ms
frame here, several times that on a Pi). A label with this mixin lets its trigger wait, within
the same frame, while a layout above it is still due: Kivy runs the frame's triggers again until
none is left, so the words are drawn once, at the width they are shown at, before the frame is
drawn (that start panel: 35 renders). Waiting is bounded (MOST_WAITS, FRAME_WAITS): a layout that
never settles costs a label its saving, never its words on the screen.

A direct call of texture_update() (code that needs the label's height at once) draws at once.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock


# How long labels wait, in the frame's passes: each label at most MOST_WAITS, and none after the
# frame's FRAME_WAITS-th pass. Kivy gives a frame's triggers 20 passes, then draws the frame
# without what is left (a label's old words shown a frame longer); layouts that settle after the
# words (heights following them) need passes of their own.
MOST_WAITS = 10
FRAME_WAITS = 12
# The frame being prepared: its number, the pass it is in (as far as the labels can tell: a label
# that waited in one pass and is run again is in the next), the labels that waited in this pass.
_frame: dict[str, Any] = {"number": -1, "pass": 0, "waiting": set()}


class DrawnOnce:
    """Mixed into a Label (before it): see the module's docstring."""

    _waited = 0  # passes this label has waited in this frame
    _frame_number = -1

    def texture_update(self, *largs: Any) -> None:
        # Kivy's trigger passes the frame's time; a direct call passes nothing.
        if largs and self._may_wait() and _layout_due_above(self):
            self._waited += 1
            _frame["waiting"].add(id(self))
            self._trigger_texture()  # again after those layouts, in this frame's same steps
            return
        self._waited = 0
        super().texture_update(*largs)  # type: ignore[misc]

    def _may_wait(self) -> bool:
        if Clock.frames != _frame["number"]:
            _frame.update({"number": Clock.frames, "pass": 0, "waiting": set()})
        if self._frame_number != Clock.frames:
            self._frame_number, self._waited = Clock.frames, 0
        if id(self) in _frame["waiting"]:  # it waited in the last pass: this is the next one
            _frame["pass"] += 1
            _frame["waiting"] = set()
        return self._waited < MOST_WAITS and _frame["pass"] < FRAME_WAITS


def _layout_due_above(widget: Any) -> bool:
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        # A layout's trigger is a Clock trigger (RecycleView's layouts have a plain method instead).
        if getattr(getattr(parent, "_trigger_layout", None), "is_triggered", False):
            return True
        parent = parent.parent
    return False
