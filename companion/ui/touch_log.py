"""Every finger the app receives, one line each in its log file: a maker checking a panel sees
at once whether one tap arrives once (a second touch source in Kivy's [input] delivers each
touch two or three times, PITFALLS.md); a test can count them from the log."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)
DOWN = "Touch: down"  # the words tests count (tests/ui/test_touch_log.py)


class TouchLog:
    """Counts the touches the window receives and logs each at INFO (the log file, never the terminal)."""

    def __init__(self) -> None:
        self.downs = 0
        self._window: Any = None

    def watch(self, window: Any) -> None:
        self._window = window
        window.bind(on_touch_down=self._down)

    def unwatch(self) -> None:
        """Stop counting: the window outlives the app (tests run many apps in one window), and a
        log still bound would count every later app's touches as its own."""
        if self._window is not None:
            self._window.unbind(on_touch_down=self._down)
            self._window = None

    def _down(self, _window: Any, touch: Any) -> None:
        self.downs += 1
        log.info("%s #%d at (%d, %d) from %s", DOWN, self.downs, touch.x, touch.y, touch.device)
        # Returns None: the touch goes on to the widgets.
