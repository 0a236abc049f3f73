"""Screenshots of the phone page at phone size, for docs/screens/ (run by hand, not a test).

    .venv/bin/python -m tests.broadcast.screens [OUT_DIR]     (default: docs/screens)

Each game is played from one of its rulebook scripts through a real table, broadcaster
and test broker; the page is opened part-way so the latest events show too.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from companion import games
from companion.broadcast.mqtt import Broadcaster
from companion.store import Store
from companion.table import Table
from tests.support.browser import close_browser, phone_browser, shown_revision, wait_for
from tests.support.mosquitto import Broker

ROOT = Path(__file__).resolve().parent.parent.parent
# The game a phone screenshot shows: the first of the game's scripts.
def scene(game_id: str) -> Path | None:
    return next(iter(sorted((ROOT / "tests" / "games" / game_id / "scripts").glob("*.jsonl"))), None)

def shoot(driver, broker, table, lines, out: Path, live: int = 4) -> None:
    header, actions = lines[0], lines[1:]
    session = table.start(header["game"], header["players"], header.get("options", {}))
    for action in actions[:-live]:
        session.dispatch(action)
    driver.get(f"{broker.phone_url}#table=table1&prefix=companion")
    status = "return document.getElementById('status').dataset.status"
    wait_for(lambda: driver.execute_script(status) == "online")
    for action in actions[-live:]:
        session.dispatch(action)
        time.sleep(0.15)
    wait_for(lambda: shown_revision(driver) == str(session.revision))
    time.sleep(0.4)
    driver.save_screenshot(str(out))
    table.close_game()
    print(out)


def main(out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="phone-screens-"))
    broker = Broker(work / "broker").start()
    store = Store(work / "companion.db")
    table = Table(store)
    config = broker.companion_config(table={"name": "Kitchen table"})
    broadcaster = Broadcaster(config, table)
    broadcaster.start()
    driver = phone_browser(scale=2)
    try:
        for game in games.all_games(listed_only=True):
            game_id, script = game.id, scene(game.id)
            if script is not None:
                lines = [json.loads(x) for x in script.read_text().splitlines() if x.strip()]
                shoot(driver, broker, table, lines, out_dir / f"phone-{game_id}.png")
        # The table goes away: the page says so and keeps the last state, dimmed. A game players
        # know (the test-only Tally showed its "secret: None" to the readers of the docs).
        session = table.start("bonbon", ["Ann", "Ben", "Cy"], {})
        for action in ({"type": "start", "tiles": ["three", "zeros", "sets"]},
                       {"type": "draw", "face": "up", "kind": "regular", "value": 4}):
            session.dispatch(action)
        driver.get(f"{broker.phone_url}#table=table1&prefix=companion")
        wait_for(lambda: shown_revision(driver) == str(session.revision))
        broadcaster.close()
        wait_for(lambda: driver.execute_script("return document.getElementById('status').dataset.status") == "offline")
        time.sleep(0.3)
        driver.save_screenshot(str(out_dir / "phone-offline.png"))
        print(out_dir / "phone-offline.png")
    finally:
        close_browser(driver)
        broadcaster.close()
        store.close()
        broker.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screens")
