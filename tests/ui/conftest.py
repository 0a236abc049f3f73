"""Drive the real Kivy app headless: one window for the run, a fresh app and table per test."""

from pathlib import Path

import pytest

SCREENS = Path(__file__).parent.parent.parent / "artifacts" / "screens"


@pytest.fixture(scope="session")
def window():
    from companion.config import load
    from companion.ui.launch import prepare_kivy

    # The settings a table would have on the Pi's 800x480 touchscreen, as a window.
    prepare_kivy(load(None), sim=True)
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    return EventLoop.window


@pytest.fixture
def make_app(window, tmp_path):
    from tests.ui.driver import AppDriver

    drivers = []

    def make(size=(800, 480), config_text: str = "", devices=()):
        driver = AppDriver(window, tmp_path, size, config_text, devices)
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        driver.close()
