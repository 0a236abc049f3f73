"""The broker dies and comes back mid-game: the touchscreen keeps accepting actions, none is
lost, and within 5 s of the broker's return the retained state is current and the table online."""

from __future__ import annotations

import json
import time

import pytest

from companion.broadcast.mqtt import Broadcaster
from companion.store import Store
from companion.table import Table
from tests.broadcast.conftest import retained

STATE = "companion/table1/state"
AVAILABILITY = "companion/table1/availability"


def play_for(session, seconds: float, timings: list[float]) -> None:
    """The touchscreen: an action every few milliseconds, each timed."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.monotonic()
        session.dispatch({"type": "dial", "step": 1})
        timings.append(time.monotonic() - t0)
        time.sleep(0.005)


def current_on_broker(broker, revision: int) -> bool:
    state = retained(broker.mqtt_port, STATE, timeout=1)
    return (
        state is not None
        and json.loads(state).get("revision") == revision
        and retained(broker.mqtt_port, AVAILABILITY) == b"online"
    )


@pytest.mark.slow
@pytest.mark.parametrize("outage", [0.3, 2.5], ids=["short", "long"])
def test_a_broker_killed_and_restarted_mid_game_loses_nothing(broker, tmp_path, outage):
    store = Store(tmp_path / "table.db")
    table = Table(store)
    b = Broadcaster(broker.companion_config(), table)
    b.start()
    timings: list[float] = []
    try:
        session = table.start("tally", ["Ann", "Ben", "Cy"], {"target": 99})
        play_for(session, 0.5, timings)
        assert current_on_broker(broker, session.revision)

        broker.kill()
        play_for(session, outage, timings)
        assert b.status().level == "waiting"
        broker.start()
        back = time.monotonic()
        play_for(session, 0.5, timings)
        accepted = len(timings)

        while not current_on_broker(broker, session.revision):
            assert time.monotonic() - back < 5, "the broker was not current 5 s after its return"
            time.sleep(0.05)
        assert time.monotonic() - back < 5
        assert b.status().level == "ok"
        # Every action the touchscreen accepted is in the game, and on the broker.
        assert session.revision == accepted
        assert json.loads(retained(broker.mqtt_port, STATE))["view"]["dial"] == accepted
        # A wait on the broker would be a connect attempt (seconds); a commit to disk is far less.
        assert max(timings) < 1.0, f"an action waited {max(timings):.3f} s"
    finally:
        b.close()
        store.close()
    # ...and durable: the table reopens exactly there.
    reopened = Store(tmp_path / "table.db")
    try:
        assert Table(reopened).resume().revision == accepted
    finally:
        reopened.close()
