"""Pulling the plug: a table killed at random moments loses nothing it acknowledged."""

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
from tests.support.killable_table import op
from tests.support.tally import Tally

ROOT = Path(__file__).parent.parent
KILLS = 50


class Reference:
    """The same script played in memory: what the table must show after `revision` changes."""

    def __init__(self) -> None:
        self.session = Session(Tally(), ["Ann", "Ben"], {"target": 99})

    def state_after(self, revision: int) -> dict:
        while self.session.revision < revision:
            self.session.dispatch(op(self.session.revision))
        return self.session.state


def run_until_killed(db: Path, rng: random.Random) -> int:
    """Start the table, kill it with SIGKILL after a random time; the last acknowledged revision."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.support.killable_table", str(db)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    acked = []
    reader = threading.Thread(target=lambda: acked.extend(int(l.split()[1]) for l in child.stdout))
    reader.start()
    time.sleep(rng.uniform(0.05, 0.6))  # sometimes during start-up, mostly mid-game
    child.send_signal(signal.SIGKILL)
    child.wait()
    reader.join()
    err = child.stderr.read()
    assert "Traceback" not in err, err
    return acked[-1] if acked else -1


@pytest.mark.slow
def test_sigkill_at_random_moments_keeps_every_acknowledged_action_and_nothing_else(tmp_path):
    db = tmp_path / "companion.db"
    rng = random.Random(20261121)
    last_revision = 0
    reference = Reference()
    for kill in range(KILLS):
        acked = run_until_killed(db, rng)
        with sqlite3.connect(db) as con:
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            # A kill during start-up may come before the store made its tables: nothing was
            # acknowledged then, and nothing may be there.
            made = con.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone()
            row = con.execute("SELECT revision, cursor FROM games WHERE status = 'playing'").fetchone() if made else None
        revision = row[0] if row else 0
        # Every acknowledged change is there; at most the one in flight at the kill is extra.
        assert revision >= max(acked, last_revision), f"kill {kill}: lost acknowledged changes"
        assert revision <= max(acked, last_revision) + 1, f"kill {kill}: changes nobody made"
        last_revision = revision
        if row:
            store = Store(db)
            resumed = Table(store).resume()
            assert resumed.state == reference.state_after(revision), f"kill {kill}: state differs"
            store.close()
    assert last_revision > KILLS, "the table hardly ran: the kills proved nothing"
