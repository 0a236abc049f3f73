"""Which screen the app really draws to, said once the window is open.

SDL_VIDEODRIVER only asks; SDL may fall back or fail. The log line is read back from SDL
itself (the SDL library Kivy loaded), so that "KMSDRM" in the Pi's log means the app took the
screen, and "offscreen" means it did not. The OpenGL renderer says whether the GPU draws or
Mesa's software renderer (llvmpipe) does.
"""

from __future__ import annotations

import ctypes
from pathlib import Path


def sdl_video_driver() -> str | None:
    """The video driver SDL is using now ("KMSDRM", "x11", "offscreen"...), or None when unknown."""
    for line in Path("/proc/self/maps").read_text().splitlines():
        path = line.split(maxsplit=5)[-1] if len(line.split()) >= 6 else ""
        if "libSDL2-2" in path or path.endswith("libSDL2-2.0.so.0"):
            sdl = ctypes.CDLL(path)
            sdl.SDL_GetCurrentVideoDriver.restype = ctypes.c_char_p
            name = sdl.SDL_GetCurrentVideoDriver()
            return name.decode() if name else None
    return None


def gl_renderer() -> str | None:
    try:
        from kivy.graphics.opengl import GL_RENDERER, glGetString

        value = glGetString(GL_RENDERER)
        return value.decode() if isinstance(value, bytes) else str(value)
    except Exception:  # noqa: BLE001 - a report, never a reason to stop the app
        return None


def screen_report() -> str:
    """One line for the log: 'Screen: SDL video driver KMSDRM, OpenGL renderer llvmpipe (...)'."""
    try:
        driver = sdl_video_driver()
    except OSError:
        driver = None
    return f"Screen: SDL video driver {driver or 'unknown'}, OpenGL renderer {gl_renderer() or 'unknown'}"
