"""The status screen's Hall line: a table whose venue is unreachable plays on and says so, and says
when it is linked; read from the real broadcaster following the real bridge of the table's
Mosquitto (tests/support/hall.py)."""

from __future__ import annotations

import time

from tests.support.hall import HallTable, venue_broker


def _wait(check, timeout=15.0):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not true in time"
        time.sleep(0.05)


def test_status_says_the_hall_is_unreachable_and_then_linked(make_app, tmp_path):
    venue = venue_broker(tmp_path / "venue")  # made, not started yet: the venue is down
    t = HallTable(tmp_path / "t", venue, "t1", "Window", through_link=False).start()
    try:
        _wait(lambda: t.broadcaster.hall_status()[0].level == "waiting"
              and "cannot reach the hall" in t.broadcaster.hall_status()[0].detail)
        app = make_app(devices=[t.broadcaster.status, t.broadcaster.hall_status]).start()
        app.tap("Status")
        app.frames(3)
        texts = " ".join(app.texts())
        assert "Hall" in texts and "cannot reach the hall" in texts and "the table plays on" in texts
        app.screenshot("status-hall-unreachable")

        venue.start()
        _wait(lambda: t.broadcaster.hall_status()[0].level == "ok")
        app.app.go("home")
        app.app.go("status")
        app.frames(3)
        assert "linked to the hall at 127.0.0.1" in " ".join(app.texts())
    finally:
        t.close()
        venue.stop()
