"""A touch that ends something for its player (an action marked `weighty`, such as a Pass that ends
one's round): quiet rather than bright, outlined in red, and it takes two touches.

The first touch only arms the button: it turns red and says "Tap again to confirm". A second touch
within ARMED_SECONDS acts; after that it quietly goes back to its first look. So a finger aiming
at the value beside it, or brushing the screen, never ends a round, and the table sees why.
Every game gets the same look from the same flag: `action_button(spec, ...)` reads it.

The second touch counts on what the player saw: the button goes back to sleep only as a frame is
drawn (Kivy runs a frame's timers, then hands on the touches that came during the last frame, then
draws), so a confirming touch made while "Tap again to confirm" was on the screen is never read
after it went back; on a busy Pi a frame can take longer than the moment left. A finger that went
down on it while it was armed decides as it lifts, whenever that is (a tap lasts several frames).
The 3 s are counted on the clock touches are stamped with (the app's `touch_clock`), which a test
moves by itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from kivy.app import App
from kivy.clock import Clock

from companion.ui import theme
from companion.ui.kit.outline import Outline
from companion.ui.widgets import BigButton

ARMED_SECONDS = 3.0  # long enough to read the words and tap again, short enough to forget a slip
CONFIRM = "Tap again to confirm"
OUTLINE = 2  # px: the red edge that marks a weighty button before it is touched


class WeightyButton(BigButton):
    """Two touches to act: the first arms it (red, "Tap again to confirm"), the second acts."""

    def __init__(self, text: str, on: Callable[[], Any], confirm: str = CONFIRM, **kwargs: Any) -> None:
        kwargs.setdefault("markup", True)
        kwargs.setdefault("color", theme.DANGER)
        super().__init__(text=text, primary=False, **kwargs)
        self.idle_text = text
        self.confirm = confirm
        self.on = on
        self.armed = False
        self._armed_at = 0.0  # when the first touch armed it, on the touch clock
        self._idle_colour = list(self.color)
        self._timer: Any = None  # the Clock event that will put it back to sleep
        with self.canvas.after:
            self._edge = Outline(OUTLINE, theme.DANGER)
        self.bind(pos=self._redraw, size=self._redraw, disabled=self._redraw, state=self._lifted)
        self.bind(on_release=lambda *_: self._touched())

    def _touched(self) -> None:
        if self.armed:
            self.disarm()
            self.on()
            return
        self.armed = True
        self.text = f"[b]{self.confirm}[/b]"
        self.color = theme.ACCENT_TEXT
        self._normal = theme.DANGER
        self.background_color = theme.DANGER
        self._armed_at = self._clock()
        self._wait(ARMED_SECONDS)

    @staticmethod
    def _clock() -> float:
        return getattr(App.get_running_app(), "touch_clock", time.time)()

    def _wait(self, seconds: float) -> None:
        self._cancel_timer()
        self._timer = Clock.schedule_once(self._time_up, seconds)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _time_up(self, *_) -> None:
        left = self._armed_at + ARMED_SECONDS - self._clock()
        if 0 < left <= ARMED_SECONDS:
            self._wait(left)  # the touch clock is behind Kivy's (a test's, which moves when it waits)
        else:  # (a wall clock set back by the network counts as time up)
            self._sleep_as_drawn()

    def _sleep_as_drawn(self) -> None:
        # Kivy's -1: as this frame is drawn, after the touches that came during the last frame.
        self._timer = Clock.schedule_once(self._sleep_if_still_armed, -1)

    def _sleep_if_still_armed(self, *_) -> None:
        self._timer = None
        if self.state != "down":
            self.disarm()
        # else a finger is on it, down since before the time was up: its lift decides (_lifted)

    def _lifted(self, _button: Any, state: str) -> None:
        # Lifted on the button, it has acted already (on_release); slid off, it goes to sleep now.
        if state == "normal" and self.armed and self._timer is None \
                and self._clock() - self._armed_at >= ARMED_SECONDS:
            self._sleep_as_drawn()

    def disarm(self) -> None:
        """Back to the first look: the next touch arms it again."""
        self._cancel_timer()
        if not self.armed:
            return
        self.armed = False
        self.text = self.idle_text
        self.color = self._idle_colour
        self._normal = theme.PANEL_LIGHT
        self.background_color = theme.PANEL_LIGHT

    def _redraw(self, *_) -> None:
        inset = OUTLINE / 2
        self._edge.place("rectangle", self.x + inset, self.y + inset, self.width - OUTLINE, self.height - OUTLINE)
        self._edge.fade(0 if self.disabled else 1)


def action_button(spec: Mapping[str, Any], on: Callable[[], Any], text: str | None = None,
                  primary: bool = False, **kwargs: Any) -> BigButton:
    """The button of a legal action (its JSON spec): a weighty one takes two touches and never
    shines as the main button; any other is a plain button (`primary` for the main one)."""
    words = spec["label"] if text is None else text
    if spec.get("weighty"):
        return WeightyButton(words, on, **kwargs)
    kwargs.setdefault("markup", True)
    widget = BigButton(text=words, primary=primary, **kwargs)
    widget.bind(on_release=lambda *_: on())
    return widget
