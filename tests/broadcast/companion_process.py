"""A table with its broadcaster in a process of its own, so a test can kill it like a crash.

    python -m tests.broadcast.companion_process CONFIG.json DB
reads one JSON action a line on stdin, dispatches it, and answers "ok <revision>" (or
"refused <reason>"). The first line it prints is "ready".
"""

from __future__ import annotations

import json
import sys

from companion import config as companion_config
from companion import games
from companion.broadcast.mqtt import Broadcaster
from companion.core import RuleError
from companion.store import Store
from companion.table import Table
from tests.support.tally import Tally


def main(config_path: str, db: str) -> None:
    values = companion_config.defaults()
    for section, overrides in json.loads(open(config_path, encoding="utf-8").read()).items():
        values[section].update(overrides)
    games.register(Tally())
    table = Table(Store(db))
    broadcaster = Broadcaster(companion_config.Config(values, None), table)
    broadcaster.start()
    session = None
    print("ready", flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        try:
            if command.get("type") == "start":
                session = table.start(command["game"], command["players"], command.get("options", {}))
            else:
                assert session is not None, "start a game first"
                session.dispatch(command)
            print(f"ok {session.revision}", flush=True)
        except RuleError as exc:
            print(f"refused {exc}", flush=True)
    broadcaster.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
