"""Whether SDL will find a screen to draw to, known before Kivy opens its window.

With SDL_VIDEODRIVER unset, SDL tries X11, Wayland and KMSDRM, and the pip wheel's SDL then falls
back to drawing offscreen: the app runs and nothing shows. The first line the app prints must say
so, not offer a window to close (tests/ui/test_start_output.py).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

OFFSCREEN_DRIVERS = ("offscreen", "dummy")


def why_offscreen(env: Mapping[str, str] = os.environ, dri: Path = Path("/dev/dri")) -> str | None:
    """Why the app will draw offscreen, in a few words; None when a screen is there to draw to."""
    driver = env.get("SDL_VIDEODRIVER", "").strip().lower()
    if driver in OFFSCREEN_DRIVERS:
        return f"SDL_VIDEODRIVER={driver}"
    if driver or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None  # a driver asked for by name, or a desktop: SDL opens a window there
    cards = sorted(dri.glob("card*")) if dri.is_dir() else []
    if any(os.access(card, os.R_OK | os.W_OK) for card in cards):
        return None  # KMSDRM: the console's screen (the Pi's kiosk)
    if cards:
        return f"no desktop, and {cards[0]} may not be opened by this user (the video and render groups)"
    return "no desktop (DISPLAY and WAYLAND_DISPLAY are unset) and no screen in /dev/dri"
