"""Drive the real Kivy app headless: one window for the run, a fresh app and table per test."""

import sys
from pathlib import Path

import pytest

SCREENS = Path(__file__).parent.parent.parent / "artifacts" / "screens"

# The largest screen a test may ask for (the 1024x600 panels the app supports).
LARGEST = (1024, 600)


def _create_window() -> tuple[int, int]:
    """Create Kivy's one window, with a drawable big enough for every screen size a test uses.

    SDL's offscreen driver (SDL_VIDEODRIVER=offscreen) draws into an EGL pbuffer made once, at
    the size the window has when it is created; resizing the window later changes what Kivy
    believes (Window.size, its viewport and projection) but never the pbuffer. A window created
    at 800x480 and then set to 1024x600 lays out and draws at 1024x600, but only the pbuffer's
    800x480 keeps any pixels, and Window.screenshot reads 1024x600 back: everything outside is
    whatever was in the read buffer (black or noise). So the window starts at the largest size,
    and every smaller size a test sets uses the lower-left part of the pbuffer, which is exactly
    where Kivy's viewport and glReadPixels(0, 0, w, h) put it.

    This runs while this conftest is imported, before the test modules: they import the app,
    and importing kivy.core.window (even through kivy.metrics) creates the window there and then.
    """
    from companion.config import load
    from companion.ui.launch import prepare_kivy

    already = "kivy.core.window" in sys.modules
    # The settings a table would have on the Pi's touchscreen, as a window.
    prepare_kivy(load(None), sim=True)
    from kivy.config import Config

    if not already:
        Config.set("graphics", "width", str(LARGEST[0]))
        Config.set("graphics", "height", str(LARGEST[1]))
    # Tests run their frames themselves (AppDriver.frames): Kivy's pacing to 60 frames a second
    # only made each of them sleep up to 16 ms (a tenth of a board test's time, the CPU idle).
    Config.set("graphics", "maxfps", "0")
    if "kivy.clock" in sys.modules:
        from kivy.clock import Clock

        Clock._max_fps = 0.0  # the Clock was made before: it read maxfps then
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    # If something imported the window before this conftest, its drawable is the size it was made at.
    return tuple(EventLoop.window.system_size)


DRAWABLE = _create_window()


@pytest.fixture(scope="session")
def window():
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    return EventLoop.window


@pytest.fixture
def make_app(window, tmp_path):
    from tests.ui.driver import AppDriver

    drivers = []

    def make(size=(800, 480), config_text: str = "", devices=()):
        driver = AppDriver(window, tmp_path, size, config_text, devices, drawable=DRAWABLE)
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        driver.close()
