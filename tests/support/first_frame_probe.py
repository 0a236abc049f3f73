"""The real app, started as `companion run` starts it, telling what it had built at its first frame.

    COMPANION_FIRST_FRAME=exit python -m tests.support.first_frame_probe CONFIG.toml

prints one JSON line when the second frame is drawn ("probe-shown {...}") and one when the
start-up work that waits for the first frame is done and the app stops ("probe-settled {...}"):
the screens built, the one shown, the board on it, Home's phone code (its address, drawn or not), the devices the status screen lists, and which
of the modules a first frame should not wait for are imported.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

# Modules whose import the first frame must not wait for (unless it shows them).
WATCHED = ("companion.ui.screens.", "companion.ui.boards.", "companion.broadcast.mqtt", "companion.inputs.",
           "paho", "serial", "gpiozero")


def snapshot(app: Any) -> dict[str, Any]:
    play = app.screens.built("play")
    board = getattr(play, "board", None)
    home = app.screens.built("home")
    code = getattr(home, "phone_code", None)
    return {
        "phone_code": None if code is None else {"url": code.url, "drawn": code.image.texture is not None},
        "screens": list(app.screens.screen_names),
        "current": app.screens.current,
        "board": type(board).__module__ if board is not None else None,
        "devices": [status.name for status in app.device_statuses()],
        "modules": sorted(m for m in sys.modules if m.startswith(WATCHED)),
    }


def _watch(_dt: float) -> None:
    from kivy.app import App
    from kivy.core.window import Window

    app = App.get_running_app()
    drawn = [0]

    def flipped(_window: Any) -> None:
        drawn[0] += 1
        if drawn[0] == 2:  # before the app's own count runs the work that waited for this frame
            print("probe-shown " + json.dumps(snapshot(app)), flush=True)
            Window.unbind(on_flip=flipped)

    Window.bind(on_flip=flipped)
    app.bind(on_stop=lambda *_: print("probe-settled " + json.dumps(snapshot(app)), flush=True))


def main(config_path: str) -> int:
    from companion.config import load
    from companion.ui.launch import launch, prepare_kivy

    config = load(Path(config_path))
    prepare_kivy(config, sim=False)
    from kivy.clock import Clock

    Clock.schedule_once(_watch, 0)
    return launch(config, sim=False)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
