"""The real touchscreen app in a process of its own (headless), so a test can stop it the way
systemd does (SIGTERM) or a crash does (SIGKILL), and start it again on the same database.

    python -m tests.support.app_process CONFIG.toml

runs companion.ui.launch as `companion run` does, with the test game registered. Each line on
stdin is one JSON command, handed to the app on its own thread through Kivy's Clock as every
input is: {"type": "start", "game": ..., "players": [...], "options": {...}} starts a game,
anything else is played as a touch. Each is answered on stdout: "ok <revision>" or
"refused <message>".
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import Any


def _perform(command: dict[str, Any]) -> str:
    from kivy.app import App

    app = App.get_running_app()
    if command.get("type") == "start":
        if not app.start_game(command["game"], command["players"], command.get("options", {})):
            return "refused the game did not start"
    else:
        change = app.act(command, "script")
        if change is None:
            return "refused " + (app.toast.text if app.toast is not None else "")
    return f"ok {app.table.session.revision}"


def _read_commands() -> None:
    from kivy.clock import Clock

    for line in sys.stdin:
        command = json.loads(line)

        def run(_dt: float, command: dict[str, Any] = command) -> None:
            try:
                answer = _perform(command)
            except Exception as exc:  # noqa: BLE001 - the test reads why
                answer = f"refused {type(exc).__name__}: {exc}"
            print(answer, flush=True)

        Clock.schedule_once(run, 0)


def main(config_path: str) -> int:
    from companion import games
    from companion.config import load
    from companion.ui.launch import launch, prepare_kivy
    from tests.support.tally import Tally

    games.register(Tally())
    config = load(Path(config_path))
    prepare_kivy(config, sim=False)  # before the command thread imports any of Kivy (launch repeats it)
    threading.Thread(target=_read_commands, name="test-commands", daemon=True).start()
    return launch(config, sim=False)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
