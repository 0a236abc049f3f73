"""Pictures of the hall page for docs/screens/: four tables bridged into a venue broker, two
games finished and two under way, one table offline; the page at 1080p and on a phone.

    .venv/bin/python -m tests.hall.screens [OUT_DIR]     (default: docs/screens)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from tests.support.browser import close_browser, phone_browser, wait_for
from tests.support.hall import HallTable, play_script, venue_broker

OUT = Path(__file__).resolve().parent.parent.parent / "docs" / "screens"


def render(out: Path) -> list[Path]:
    tmp = Path(tempfile.mkdtemp(prefix="hall-screens-"))
    venue = venue_broker(tmp / "venue").start()
    names = [("window", "Window table"), ("corner", "Corner booth"), ("t3", "Table 3"), ("bar", "By the bar")]
    tables = [HallTable(tmp / tid, venue, tid, name, through_link=False).start() for tid, name in names]
    shots = []
    try:
        play_script(tables[0], "baon/scripts/whole_game.jsonl", players=["Ann", "Ben", "Cyrus"])
        play_script(tables[0], "baon/scripts/whole_game.jsonl", upto=40, players=["Mia", "Leo", "Ann"])
        play_script(tables[1], "bonc/scripts/full_game_to_one_winner.jsonl", players=["Leo", "Mia", "Zoë"])
        play_script(tables[1], "bonc/scripts/full_game_to_one_winner.jsonl", upto=4, players=["Ben", "Zoë", "Cyrus"])
        play_script(tables[2], "bondcones/scripts/game_summary_28_points_win.jsonl", upto=6)
        play_script(tables[3], "bon/scripts/champion_shared_win.jsonl")
        wait_for(lambda: sum(t.broadcaster.hall.published_plays for t in tables) >= 3, 10)
        tables[3].stop_app()  # says offline, as a table switched off does
        time.sleep(1.5)
        for label, size in (("1080p", (1920, 1080)), ("phone", (390, 844))):
            driver = phone_browser(size)
            try:
                driver.get(venue.phone_url + "hall.html#name=Friday%20games%20night")
                wait_for(lambda: len(driver.find_elements("css selector", "#tables .table")) == 4, 10)
                wait_for(lambda: driver.execute_script("return document.getElementById('standings').dataset.plays") == "3", 10)
                time.sleep(0.5)
                if label == "phone":
                    height = driver.execute_script("return document.documentElement.scrollHeight")
                    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                           {"width": size[0], "height": height, "deviceScaleFactor": 1, "mobile": True})
                    time.sleep(0.3)
                path = out / f"hall-{label}.png"
                driver.save_screenshot(str(path))
                shots.append(path)
            finally:
                close_browser(driver)
    finally:
        for t in tables:
            t.close()
        venue.stop()
    return shots


if __name__ == "__main__":
    from companion import games  # noqa: F401 - the games register themselves

    for shot in render(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(shot)
