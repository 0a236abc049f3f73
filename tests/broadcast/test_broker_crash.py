"""A broker that crashes on a Pi (Debian's Mosquitto, persistence on in its main file) comes back
with no saved copy of the table's topics: the first state a phone sees is the table's current
one, never one saved moves ago and marked online."""

from __future__ import annotations

import json
import time

from companion.broadcast.mqtt import Broadcaster
from companion.store import Store
from companion.table import Table
from tests.broadcast.conftest import Watcher, retained
from tests.support.mosquitto import Broker

STATE = "companion/table1/state"
AVAILABILITY = "companion/table1/availability"


def revision_on_broker(broker) -> int | None:
    state = retained(broker.mqtt_port, STATE, timeout=0.5)
    return json.loads(state).get("revision") if state else None


def test_after_a_broker_crash_phones_never_see_an_old_state(tmp_path):
    broker = Broker(tmp_path / "broker", debian_persistence=True).start()
    store = Store(tmp_path / "table.db")
    table = Table(store)
    b = Broadcaster(broker.companion_config(), table)
    b.start()
    phone = None
    try:
        session = table.start("tally", ["Ann", "Ben"], {"target": 99})
        for _ in range(3):
            session.dispatch({"type": "dial", "step": 1})
        deadline = time.monotonic() + 5
        while revision_on_broker(broker) != 3:
            assert time.monotonic() < deadline
        # A clean restart (an update, a reboot): with persistence on, the broker saves here.
        broker.stop()
        broker.start()
        for _ in range(40):
            session.dispatch({"type": "dial", "step": 1})
        deadline = time.monotonic() + 5
        while revision_on_broker(broker) != 43:
            assert time.monotonic() < deadline, "the table caught up after the restart"

        broker.kill()  # a crash: nothing saved since the clean restart
        broker.start()
        # A phone reconnecting at once, before the table has: whatever it sees first is current.
        phone = Watcher(broker.ws_port, "companion/table1/#", transport="websockets")
        phone.wait_for(lambda w: w.on(STATE) and w.on(AVAILABILITY), timeout=10)
        first = phone.on(STATE)[0].json()
        assert first["revision"] == 43, f"a phone saw revision {first['revision']} while the table was at 43"
        assert all(m.json()["revision"] == 43 for m in phone.on(STATE))
        online = phone.on(AVAILABILITY)[0]
        assert online.payload == b"online" and online.at >= phone.on(STATE)[0].at - 1.0
    finally:
        if phone is not None:
            phone.close()
        b.close()
        store.close()
        broker.stop()
