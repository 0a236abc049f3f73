"""Screenshots of B.O.N on a phone, for docs/screens/ (run by hand, not a test).

    .venv/bin/python -m tests.games.bon.phone_screens [OUT_DIR]     (default: docs/screens)
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from companion.broadcast.mqtt import Broadcaster
from companion.store import Store
from companion.table import Table
from tests.broadcast.screens import shoot
from tests.support.browser import close_browser, phone_browser
from tests.support.mosquitto import Broker

ROOT = Path(__file__).resolve().parents[3]
SCRIPTS = Path(__file__).parent / "scripts"
SCENES = {"bon-phone-trick": "rulebook_example_julie_takes_it", "bon-phone-scored": "scoring_exact_zero_and_missed"}


def main(out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="bon-phone-"))
    broker = Broker(work / "broker").start()
    store = Store(work / "companion.db")
    table = Table(store)
    broadcaster = Broadcaster(broker.companion_config(table={"name": "Kitchen table"}), table)
    broadcaster.start()
    driver = phone_browser(scale=2)
    try:
        for out, name in SCENES.items():
            lines = [json.loads(x) for x in (SCRIPTS / f"{name}.jsonl").read_text().splitlines() if x.strip()]
            shoot(driver, broker, table, lines, out_dir / f"{out}.png", live=2)
    finally:
        close_browser(driver)
        broadcaster.close()
        store.close()
        broker.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screens")
