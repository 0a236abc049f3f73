"""The broker dies and comes back mid-game: the touchscreen keeps accepting actions, none is
lost, and within 5 s of the broker's return the retained state is current and the table online."""

from __future__ import annotations

import json
import signal
import time
from contextlib import contextmanager

import pytest

from companion.broadcast.mqtt import Broadcaster
from companion.store import Store
from companion.table import Table
from tests.broadcast.conftest import Watcher, retained

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
        assert max(timings) < 0.5, f"an action waited {max(timings):.3f} s"
    finally:
        b.close()
        store.close()
    # ...and durable: the table reopens exactly there.
    reopened = Store(tmp_path / "table.db")
    try:
        assert Table(reopened).resume().revision == accepted
    finally:
        reopened.close()


@contextmanager
def two_playing(broker, tmp_path):
    """A table publishing to the broker, with a game of two begun; yields (broadcaster, session)."""
    store = Store(tmp_path / "table.db")
    table = Table(store)
    b = Broadcaster(broker.companion_config(), table)
    b.start()
    try:
        yield b, table.start("tally", ["Ann", "Ben"], {"target": 99})
    finally:
        b.close()
        store.close()


def within(seconds: float, check, failure: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, failure
        time.sleep(0.01)


@pytest.mark.slow
def test_when_play_stops_during_an_outage_the_broker_still_ends_up_with_the_newest_state(broker, tmp_path):
    """A move the hung broker never acknowledged is sent again on return: it must not land last."""
    with two_playing(broker, tmp_path) as (b, session):
        session.dispatch({"type": "dial", "step": 1})
        within(5, lambda: current_on_broker(broker, session.revision), "the first move never reached the broker")
        broker.proc.send_signal(signal.SIGSTOP)  # hung: takes the next move, acknowledges nothing
        handed = b.published_states
        session.dispatch({"type": "dial", "step": 1})
        within(5, lambda: b.published_states > handed, "the move was never handed to paho")
        broker.kill()
        for _ in range(3):
            session.dispatch({"type": "dial", "step": 1})
        broker.start()
        watcher = Watcher(broker.mqtt_port, STATE)  # every state from the broker's return on, in order
        try:
            within(5, lambda: current_on_broker(broker, session.revision),
                   "the broker was not current 5 s after its return")
            watcher.settled(broker.mqtt_port, via=b._client)  # anything older paho still had to send has landed
            assert json.loads(retained(broker.mqtt_port, STATE))["revision"] == session.revision
            versions = [json.loads(m.payload)["version"] for m in watcher.on(STATE)]
            assert versions == sorted(versions), f"an older state came after a newer one: {versions}"
        finally:
            watcher.close()


@pytest.mark.slow
def test_a_hung_broker_costs_the_table_no_cpu_however_many_moves_wait(broker, tmp_path):
    """A broker that takes the connection but answers nothing (hung, or Wi-Fi gone quiet)."""
    with two_playing(broker, tmp_path) as (b, session):
        within(5, lambda: b.connected, "the table never connected")
        broker.proc.send_signal(signal.SIGSTOP)
        try:
            timings: list[float] = []
            for _ in range(300):  # more than paho would ever queue (MAX_QUEUED)
                t0 = time.monotonic()
                session.dispatch({"type": "dial", "step": 1})
                timings.append(time.monotonic() - t0)
            cpu = time.process_time()
            time.sleep(1.0)
            idle_cpu = time.process_time() - cpu
            assert idle_cpu < 0.2, f"waiting on a hung broker used {idle_cpu:.2f} s of CPU in 1 s"
            assert sorted(timings)[len(timings) // 2] < 0.02, "moves slowed down while the broker hung"
            assert session.revision == 300
        finally:
            broker.proc.send_signal(signal.SIGCONT)  # it wakes up: the newest state arrives
        within(5, lambda: current_on_broker(broker, session.revision), "the woken broker never got the newest state")
