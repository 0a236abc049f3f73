"""Where to touch the virtual table: the same app on this machine, offscreen at the panel's size.

The guest draws the same Kivy layout at the same 800x480 as this machine's headless copy of the
app, so a button's centre here is its centre on the guest's screen. Every tap is made on both:
the mirror stays on the same screen as the guest, and knows where the next button is. The
mirror uses the touchscreen's settings (Kivy's docked on-screen keyboard), so typing a name is
tapping its keys, as a player does on the Pi.
"""

from __future__ import annotations

from pathlib import Path

from kivy.uix.widget import Widget

from tests.support.finger import tap
from tests.support.touch_table import button_saying, plain
from tests.ui.driver import AppDriver

PANEL = (800, 480)


def make_mirror(tmp_path: Path) -> AppDriver:
    from kivy.base import EventLoop
    from kivy.config import Config

    tmp_path.mkdir(parents=True, exist_ok=True)
    EventLoop.ensure_window()
    window = EventLoop.window
    Config.set("kivy", "keyboard_mode", "systemanddock")  # as launch.py sets it for touch = "auto"
    window.configure_keyboards()
    drawable = tuple(window.system_size)
    mirror = AppDriver(window, tmp_path, PANEL, '[display]\ntouch = "auto"\n', devices=(), drawable=drawable)
    return mirror.start()


def panel_point(widget: Widget, x: float | None = None, y: float | None = None) -> tuple[int, int]:
    """A widget's centre (or a point in window coordinates) as the panel reports it: from the top left."""
    if x is None or y is None:
        x, y = widget.to_window(*widget.center)
    return round(x), round(PANEL[1] - y)


def touch_mirror(mirror: AppDriver, x: float, y: float) -> None:
    """The guest's tap, on the mirror, as a player touches: after what is there has been shown
    a moment (the table's touch guard ignores a touch on a control that has only just appeared)."""
    tap(mirror, x, y)
    mirror.frames(3)


def button_point(mirror: AppDriver, wanted) -> tuple[tuple[int, int], tuple[float, float]]:
    """The live button saying `wanted`: (its point on the panel, its centre in the mirror's window)."""
    mirror.frames(2)
    button = button_saying(mirror, mirror.app.root, wanted)
    x, y = button.to_window(*button.center)
    return panel_point(button, x, y), (x, y)


def keyboard(mirror: AppDriver):
    from kivy.uix.vkeyboard import VKeyboard

    found = [w for w in mirror.window.children if isinstance(w, VKeyboard)]
    assert found, "the docked keyboard is not up in the mirror"
    return found[0]


def key_point(mirror: AppDriver, letter: str) -> tuple[tuple[int, int], tuple[float, float]]:
    """The docked keyboard's key for `letter`: its centre, found by asking the keyboard what is where."""
    board = keyboard(mirror)
    hits = []
    for ly in range(2, int(board.height), 4):
        for lx in range(2, int(board.width), 4):
            key = board.get_key_at_pos(lx, ly)
            if key and key[0][1] == letter:
                hits.append((lx, ly))
    assert hits, f"no key {letter!r} on the docked keyboard"
    lx = (min(h[0] for h in hits) + max(h[0] for h in hits)) / 2
    ly = (min(h[1] for h in hits) + max(h[1] for h in hits)) / 2
    x, y = board.to_parent(lx, ly)  # the keyboard is a Scatter: its own transform (a scale) applies
    return panel_point(board, x, y), (x, y)


__all__ = ["make_mirror", "panel_point", "button_point", "key_point", "touch_mirror", "plain", "keyboard"]


def pixels(path: Path) -> tuple[tuple[int, int], bytes, int]:
    """A PNG's size, its pixels and bytes per pixel, read by Kivy's own image loader (SDL2_image)."""
    from kivy.core.image import Image as CoreImage

    # nocache: a screendump is written again and again under one name; Kivy would keep the first.
    data = CoreImage.load(str(path), keep_data=True, nocache=True).image._data[0]
    return (data.width, data.height), bytes(data.data), 4 if data.fmt in ("rgba", "bgra", "argb") else 3


def likeness(guest_png: Path, mirror: AppDriver, folder: Path) -> float:
    """The share of the guest's screen, in 8x8 blocks, that looks as the mirror draws it now (0 to 1).

    Colours are compared loosely (the guest's llvmpipe and the mirror's need not agree to the
    last bit) and rows are read top down from both (Kivy's screenshot is upright too)."""
    mirror.frames(3)
    written = mirror.window.screenshot(name=str(folder / "mirror-.png"))
    (w1, h1), a, n1 = pixels(guest_png)
    (w2, h2), b, n2 = pixels(Path(written))
    assert (w1, h1) == (w2, h2) == PANEL, f"screens of {w1}x{h1} and {w2}x{h2}"
    same = total = 0
    for by in range(0, h1, 8):
        for bx in range(0, w1, 8):
            total += 1
            x, y = bx + 4, by + 4
            p = a[(y * w1 + x) * n1:(y * w1 + x) * n1 + 3]
            q = b[(y * w2 + x) * n2:(y * w2 + x) * n2 + 3]
            if all(abs(i - j) <= 24 for i, j in zip(p, q)):
                same += 1
    return same / total


def quiet_point(mirror: AppDriver) -> tuple[int, int]:
    """A point of the play screen, as the panel reports it, where a tap and taps 30 and 60 px to
    either side touch nothing that answers a touch (no button, the prompt's "What now?" included,
    and no text field): the board as the mirror draws it now."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.textinput import TextInput

    targets = [w for w in mirror.app.root.walk(restrict=True)
               if isinstance(w, (ButtonBehavior, TextInput)) and not w.disabled and w.opacity > 0
               and w.get_root_window() is not None]

    def takes(x: int, y: int) -> bool:
        wx, wy = x, PANEL[1] - y
        return any(w.collide_point(*w.to_parent(*w.to_widget(wx, wy))) for w in targets)

    for y in range(PANEL[1] - 20, 40, -8):
        for x in range(80, PANEL[0] - 80, 20):
            if not any(takes(x + dx, y) for dx in (0, -60, 60, 30)):
                return x, y
    raise AssertionError("the play screen has no strip where a tap touches nothing")
