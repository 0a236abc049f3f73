"""A test's hands and eyes on the app: real touches on real widgets, frames, screenshots."""

from __future__ import annotations

from pathlib import Path

from kivy.base import EventLoop
from tests.support.finger import tap, use_test_clock
from kivy.uix.widget import Widget

from companion.config import load
from companion.store import Store
from companion.table import Table
from companion.ui.app import CompanionApp
from tests.support.colour_vision import colour_only
from tests.support.placement import misplaced, under_scroll_bars
from tests.support.readable import unreadable

SCREENS = Path(__file__).parent.parent.parent / "artifacts" / "screens"


class AppDriver:
    def __init__(self, window, tmp_path: Path, size, config_text: str, devices, drawable) -> None:
        # The headless window draws into a buffer fixed when it was created (see conftest.py):
        # a bigger screen would lay out in full but be drawn, and captured, only in part.
        assert size[0] <= drawable[0] and size[1] <= drawable[1], (
            f"a {size[0]}x{size[1]} screen does not fit the test window's {drawable[0]}x{drawable[1]} "
            "drawable: raise LARGEST in tests/ui/conftest.py"
        )
        self.window = window
        window.size = size
        config_file = tmp_path / "config.toml"
        config_file.write_text(f'[data]\ndir = "{tmp_path / "data"}"\n' + config_text)
        self.config = load(config_file)
        self.store = Store(self.config.database)
        self.table = Table(self.store)
        self.app = CompanionApp(self.config, self.table, devices=devices)
        use_test_clock(self.app)  # touches and the table's touch guard on the test's clock
        self.started = False

    def start(self) -> "AppDriver":
        self.app._run_prepare()  # build and add to the window, as App.run() does before its loop
        self.app.dispatch("on_start")
        self.started = True
        self.frames(3)
        return self

    def close(self) -> None:
        if self.started:
            self.window.remove_widget(self.app.root)
            self.app.dispatch("on_stop")
        self.store.close()

    def frames(self, n: int = 2) -> None:
        for _ in range(n):
            EventLoop.idle()

    def settle(self, seconds: float = 0.5) -> None:
        """Let animations (a dialog opening or closing) run their course."""
        import time

        end = time.monotonic() + seconds
        while time.monotonic() < end:
            EventLoop.idle()
            time.sleep(0.01)

    def settle_until(self, condition, timeout: float = 10.0) -> bool:
        """Run frames until `condition()` holds or `timeout` seconds pass; whether it held.

        For something the app does on a timer: on a loaded two-core machine a frame can take
        longer than the timer, so waiting a fixed time for it makes a test that fails by chance."""
        import time

        end = time.monotonic() + timeout
        while not condition():
            if time.monotonic() >= end:
                return False
            EventLoop.idle()
            time.sleep(0.01)
        return True

    @property
    def screen(self) -> str:
        return self.app.screens.current

    def layers(self) -> list[list[Widget]]:
        """The visible widgets of each layer of the window (the screens, an open dialog, the
        message strip), bottom layer first."""
        return [list(self.visible(layer)) for layer in reversed(self.window.children)]

    def visible(self, root: Widget | None = None):
        """Widgets on screen, topmost layer first (an open dialog before the screen under it)."""
        layers = [root] if root is not None else list(self.window.children)
        for layer in layers:
            for w in layer.walk(restrict=True):  # within the layer only: Kivy's walk() goes on past it
                if w.get_root_window() is not None and w.opacity > 0:
                    yield w

    def find(self, text: str, root: Widget | None = None) -> Widget:
        """The visible widget showing exactly this text (a button's or label's), topmost first."""
        matches = [w for w in self.visible(root) if getattr(w, "text", None) == text]
        assert matches, f"nothing on screen says {text!r}"
        return matches[0]

    def tap(self, text: str) -> None:
        """Touch the centre of the widget showing this text, as a finger would."""
        self.frames(2)  # let layouts settle so the widget is where a person sees it
        widget = self.find(text)
        tap(self, *widget.to_window(*widget.center))
        self.frames(2)

    def texts(self) -> list[str]:
        return [w.text for w in self.visible(self.app.root) if isinstance(getattr(w, "text", None), str) and w.text]

    def screenshot(self, name: str, readable: bool = True) -> Path:
        """The window as a person sees it, in artifacts/screens/<name>.png; and since every screen
        worth a picture is one a player reads, it fails on words under 20 px, cut short or wrapped
        past the bottom of their box (tests/support/readable.py), and on a label or button drawn
        over another or partly off the screen, or under a scroll bar (tests/support/placement.py),
        and on the program's raw names shown as words, and on two suits or players told apart by
        colour alone where a colour-blind player sees them alike (tests/support/colour_vision.py)."""
        self.frames(3)
        SCREENS.mkdir(parents=True, exist_ok=True)
        path = SCREENS / f"{name}.png"
        # The window, not just the app's root: an open dialog is part of what a person sees.
        written = self.window.screenshot(name=str(SCREENS / f"{name}-.png"))  # Kivy adds a counter
        Path(written).replace(path)
        # Nothing drawn over anything nor off the screen, in every picture: a notice too long for
        # the top bar makes the bar taller rather than lie over what is under it.
        problems = misplaced(self.layers(), self.window.size) + under_scroll_bars(self.layers())
        # Colour is never the only sign of a suit or a player, whatever the viewer's colour vision.
        session = self.table.session
        problems += colour_only(self.visible(), [seat.colour for seat in session.players] if session else ())
        if readable:  # False only for a picture of a known limit, said where it is taken
            problems = unreadable(self.visible()) + problems
        assert not problems, f"{name} ({path}): " + "; ".join(problems)
        return path
