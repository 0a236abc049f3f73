"""Pulling the plug while a correction is committed: nothing acknowledged is lost, and a
correction is either all there or not there at all."""

import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.core import Session
from companion.store import Store
from companion.table import Table
from tests.support.correcting_table import OPENING, TARGET, op
from tests.support.tally import Tally

ROOT = Path(__file__).parent.parent
KILLS = 25


class Reference:
    """The same changes made in memory: what the table must show after `revision` of them."""

    def __init__(self) -> None:
        self.session = Session(Tally(), ["Ann", "Ben"], {"target": TARGET})
        self.views: dict[int, dict] = {0: self.session.view()["view"]}

    def view_after(self, revision: int) -> dict:
        while self.session.revision < revision:
            self.session.dispatch(op(self.session))
            self.views[self.session.revision] = self.session.view()["view"]
        return self.views[revision]


def run_until_killed(db: Path, rng: random.Random, after: int) -> int:
    """Start the table, kill it with SIGKILL once it acknowledged `after` changes plus a random
    moment; the last acknowledged revision."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.support.correcting_table", str(db)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    acked: list[int] = []
    reader = threading.Thread(target=lambda: acked.extend(int(x.split()[1]) for x in child.stdout))
    reader.start()
    deadline = time.monotonic() + 60
    while (not acked or acked[-1] < after) and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.01)
    time.sleep(rng.uniform(0.0, 0.25))
    child.send_signal(signal.SIGKILL)
    child.wait()
    reader.join()
    err = child.stderr.read()
    assert "Traceback" not in err, err
    return acked[-1] if acked else -1


@pytest.mark.slow
def test_sigkill_while_correcting_loses_nothing_and_applies_nothing_half(tmp_path):
    db = tmp_path / "companion.db"
    rng = random.Random(20261123)
    reference = Reference()
    last = 0
    corrections_seen = 0
    for kill in range(KILLS):
        acked = run_until_killed(db, rng, after=OPENING if kill == 0 else last + 1)
        with sqlite3.connect(db) as con:
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            revision, status = con.execute("SELECT revision, status FROM games").fetchone()
            corrections_seen = con.execute(
                "SELECT count(*) FROM actions WHERE action LIKE '{\"type\":\"correct\"%'").fetchone()[0]
        assert revision >= max(acked, last), f"kill {kill}: lost acknowledged changes"
        assert revision <= max(acked, last) + 1, f"kill {kill}: changes nobody made"
        assert status == "playing"
        last = revision
        store = Store(db)
        resumed = Table(store).resume()
        # All of a correction or none of it: the table shows exactly the state after `revision`
        # whole changes, worked out again in memory.
        assert resumed.view()["view"] == reference.view_after(revision), f"kill {kill}: state differs"
        assert resumed.moves() == reference.session.moves(), f"kill {kill}: the line of play differs"
        store.close()
    assert last > OPENING + KILLS, "the corrections hardly ran: the kills proved nothing"
    assert corrections_seen > 0
