"""Headless Chromium (Debian's chromium and chromium-driver) driven by Selenium: no browser download."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable
from typing import Any

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PHONE = (390, 844)  # a common phone's CSS pixels, portrait


def phone_browser(size: tuple[int, int] = PHONE, scale: float = 1.0):
    """A fresh headless Chromium with a phone-sized viewport; quit() it when done."""
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium must never try to fetch a driver
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        raise RuntimeError("Chromium is not installed: apt-get install chromium chromium-driver")
    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--hide-scrollbars",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": size[0], "height": size[1], "deviceScaleFactor": scale, "mobile": True},
    )
    driver._profile_dir = profile  # removed by close_browser
    return driver


def close_browser(driver: Any) -> None:
    profile = getattr(driver, "_profile_dir", None)
    try:
        driver.quit()
    finally:
        if profile:
            shutil.rmtree(profile, ignore_errors=True)


def shown_revision(driver) -> str | None:
    """The revision on the phone page's screen, once drawn as it will stay: not while the game's
    own renderer is still loading (the neutral view stands in until it arrives)."""
    return driver.execute_script(
        "var game = document.getElementById('game');"
        "return game.dataset.renderer === 'loading' ? null : (game.dataset.revision || null)"
    )


def wait_for(check: Callable[[], Any], timeout: float = 5.0, step: float = 0.02) -> Any:
    """Poll until `check()` is truthy; returns its value or raises AssertionError at the timeout."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout} s: {check}")
        time.sleep(step)
