"""The MQTT adapter against a real Mosquitto: state, availability, events, coalescing, and failures."""

from __future__ import annotations

import json
import time

import paho.mqtt.client as paho
import pytest

from companion.broadcast import mqtt as adapter
from companion.broadcast.mqtt import Broadcaster
from companion.broadcast.topics import GAME_SPAN
from tests.broadcast.conftest import Watcher, retained
from tests.support.mosquitto import Broker

STATE = "companion/table1/state"
EVENTS = "companion/table1/events"
AVAILABILITY = "companion/table1/availability"


def test_the_state_is_retained_at_qos_1_with_a_version_and_the_table(broker, table, broadcaster, spy):
    session = table.start("tally", ["Ann", "Ben"], {})
    session.dispatch({"type": "add", "points": 2})
    spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 1)
    state = retained(broker.mqtt_port, STATE)
    assert state is not None
    payload = json.loads(state)
    assert payload["view"]["scores"] == {"Ann": 2, "Ben": 0}
    assert payload["version"] == table.record.id * GAME_SPAN + 1
    assert payload["table"] == {"id": "table1", "name": "Game table"}
    assert payload["scores"] == {"Ann": 2, "Ben": 0}
    assert {k: payload[k] for k in session.view()} == session.view()  # the public view, unchanged


def test_availability_is_online_while_connected_and_offline_after_a_clean_close(broker, table, spy):
    b = Broadcaster(broker.companion_config(), table)
    b.start()
    spy.wait_for(lambda w: [m for m in w.on(AVAILABILITY) if m.payload == b"online"])
    assert retained(broker.mqtt_port, AVAILABILITY) == b"online"
    b.close()
    b.close()  # safe twice
    assert retained(broker.mqtt_port, AVAILABILITY) == b"offline"
    assert b.status().level == "off"


def test_events_are_published_once_and_not_retained(broker, table, broadcaster, spy):
    session = table.start("tally", ["Ann", "Ben"], {})
    spy.wait_for(lambda w: w.on(STATE) and broadcaster.connected)
    session.dispatch({"type": "pass"})
    session.dispatch({"type": "undo"})
    spy.wait_for(lambda w: len(w.on(EVENTS)) == 2)
    passed, undo = (m.json() for m in spy.on(EVENTS))
    assert passed["event"] == {"type": "passed", "player": "Ann"} and passed["revision"] == 1
    assert undo["event"] == {"type": "undo"} and undo["version"] > passed["version"]
    assert not any(m.retain for m in spy.on(EVENTS))
    assert retained(broker.mqtt_port, EVENTS) is None


def test_the_version_only_grows_across_undo_and_from_one_game_to_the_next(broker, table, broadcaster, spy):
    first = table.start("tally", ["Ann", "Ben"], {})
    first.dispatch({"type": "add", "points": 1})
    first.dispatch({"type": "undo"})
    table.close_game()
    second = table.start("tally", ["Cy", "Di"], {})
    second.dispatch({"type": "add", "points": 1})
    spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("players", [{}])[0].get("name") == "Cy"
                 and w.last_state(STATE)["revision"] == 1)
    versions = [m.json()["version"] for m in spy.on(STATE)]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)


def test_a_burst_is_coalesced_and_nothing_is_published_when_nothing_changes(broker, table, broadcaster, spy):
    session = table.start("tally", ["Ann", "Ben"], {"target": 99})
    spy.wait_for(lambda w: w.on(STATE) and broadcaster.connected)
    before_publishes, before_seen = broadcaster.published_states, len(spy.on(STATE))
    changes = 300
    for _ in range(changes):
        session.dispatch({"type": "dial", "step": 1})
    spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == changes)
    time.sleep(0.3)
    publishes = broadcaster.published_states - before_publishes
    assert 1 <= publishes <= changes
    assert len(spy.on(STATE)) - before_seen == publishes  # what was handed to paho, arrived
    seen = len(spy.on(STATE))
    with pytest.raises(Exception):
        session.dispatch({"type": "add", "points": 7, "by": "Ben"})  # refused: no change
    time.sleep(1.0)
    assert len(spy.on(STATE)) == seen, "a state was published although nothing changed"


def test_the_touchscreen_works_and_never_waits_with_no_broker_at_all(tmp_path, table):
    absent = Broker(tmp_path / "absent")  # configured, never started
    # The same moves with no broadcaster at all: what this disk takes to commit them.
    alone = table.start("tally", ["Ann", "Ben"], {})
    t0 = time.monotonic()
    for _ in range(20):
        alone.dispatch({"type": "dial", "step": 1})
    baseline = time.monotonic() - t0
    b = Broadcaster(absent.companion_config(), table)
    t0 = time.monotonic()
    b.start()
    session = table.start("tally", ["Ann", "Ben"], {})
    for _ in range(20):
        session.dispatch({"type": "dial", "step": 1})
    elapsed = time.monotonic() - t0
    # Waiting on a broker costs seconds (connect timeouts); the disk's own time is not the broker's.
    assert elapsed < baseline + 0.5, f"the table waited {elapsed - baseline:.2f} s for a broker that is not there"
    time.sleep(0.3)
    status = b.status()
    assert status.level == "waiting" and "no broker at 127.0.0.1" in status.detail
    # The broker turns up later: the table finds it and tells what is being played.
    absent.start()
    try:
        w = Watcher(absent.mqtt_port, STATE)
        w.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 20, timeout=8)
        assert b.status().level == "ok"
        w.close()
    finally:
        b.close()
        absent.stop()


def test_a_wrong_password_shows_on_the_status_screen(broker, table, tmp_path):
    wrong = tmp_path / "wrong-password"
    wrong.write_text("not-the-password\n")
    b = Broadcaster(broker.companion_config(mqtt={"password_file": str(wrong)}), table)
    b.start()
    try:
        deadline = time.monotonic() + 5
        while b.status().level != "error" and time.monotonic() < deadline:
            time.sleep(0.05)
        status = b.status()
        assert status.level == "error" and "refused the table's login" in status.detail
        assert "password_file" in status.detail
    finally:
        b.close()


def test_a_missing_password_file_is_named_on_the_status_screen(broker, table, tmp_path):
    b = Broadcaster(broker.companion_config(mqtt={"password_file": str(tmp_path / "nope")}), table)
    b.start()
    status = b.status()
    b.close()
    assert status.level == "error" and str(tmp_path / "nope") in status.detail


def test_switched_off_it_never_connects(broker, table):
    b = Broadcaster(broker.companion_config(mqtt={"enabled": False}), table)
    b.start()
    table.start("tally", ["Ann", "Ben"], {}).dispatch({"type": "pass"})
    assert b.status().level == "off" and "enabled is false" in b.status().detail
    b.close()
    assert retained(broker.mqtt_port, STATE) is None


def test_an_exception_in_a_paho_callback_does_not_stop_publishing(broker, table, spy, monkeypatch):
    real = paho.Client.subscribe

    def broken(self, *args, **kwargs):
        if self._client_id.startswith(b"companion-"):
            raise RuntimeError("a callback broke")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(paho.Client, "subscribe", broken)  # on_connect raises half-way through
    b = Broadcaster(broker.companion_config(), table)
    b.start()
    try:
        session = table.start("tally", ["Ann", "Ben"], {})
        session.dispatch({"type": "add", "points": 3})
        spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 1)
        session.dispatch({"type": "add", "points": 2})
        spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 2)
        assert b.status().level == "ok" and "a callback broke" in b.status().detail
    finally:
        b.close()


def test_a_payload_that_fails_to_build_does_not_stop_the_next_one(broker, table, broadcaster, spy, monkeypatch):
    session = table.start("tally", ["Ann", "Ben"], {})
    spy.wait_for(lambda w: w.on(STATE) and broadcaster.connected)
    real = adapter.state_payload
    calls = {"n": 0}

    def once_broken(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            raise ValueError("cannot build this one")
        return real(*args, **kwargs)

    monkeypatch.setattr(adapter, "state_payload", once_broken)
    session.dispatch({"type": "add", "points": 1})
    time.sleep(0.2)
    session.dispatch({"type": "add", "points": 1})
    spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 2)
    assert calls["n"] >= 2


def test_a_game_resumed_before_the_broadcaster_starts_is_published(broker, tmp_path):
    from companion.store import Store
    from companion.table import Table

    store = Store(tmp_path / "resume.db")
    t = Table(store)
    t.start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 2})
    store.close()
    store = Store(tmp_path / "resume.db")
    t = Table(store)
    t.resume()
    b = Broadcaster(broker.companion_config(), t)
    b.start()
    try:
        w = Watcher(broker.mqtt_port, STATE)
        w.wait_for(lambda w: (w.last_state(STATE) or {}).get("view", {}).get("scores") == {"Ann": 2, "Ben": 0})
        w.close()
    finally:
        b.close()
        store.close()


def test_many_tables_share_one_broker_by_prefix_and_table_id(broker, tmp_path, spy):
    from companion.store import Store
    from companion.table import Table

    tables = []
    for n in (1, 2):
        store = Store(tmp_path / f"t{n}.db")
        t = Table(store)
        cfg = broker.companion_config(table={"id": f"cafe{n}", "name": f"Table {n}"})
        b = Broadcaster(cfg, t)
        b.start()
        tables.append((store, t, b))
    try:
        tables[0][1].start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 1})
        tables[1][1].start("tally", ["Cy", "Di"], {}).dispatch({"type": "add", "points": 3})
        spy.wait_for(lambda w: (w.last_state("companion/cafe1/state") or {}).get("revision") == 1
                     and (w.last_state("companion/cafe2/state") or {}).get("revision") == 1)
        assert spy.last_state("companion/cafe1/state")["scores"] == {"Ann": 1, "Ben": 0}
        assert spy.last_state("companion/cafe2/state")["table"]["name"] == "Table 2"
    finally:
        for store, _, b in tables:
            b.close()
            store.close()


def test_a_stale_offline_from_an_old_connection_is_put_right(broker, table, broadcaster, spy):
    """A Last Will of a connection the broker has not yet noticed was lost may arrive late."""
    spy.wait_for(lambda w: broadcaster.connected)
    late = paho.Client(paho.CallbackAPIVersion.VERSION2)
    late.username_pw_set("companion", "table-password-for-tests")
    late.connect("127.0.0.1", broker.mqtt_port)
    late.loop_start()
    late.publish(AVAILABILITY, "offline", qos=1, retain=True).wait_for_publish(3)
    late.disconnect()
    late.loop_stop()
    said = lambda w: [m.payload for m in w.on(AVAILABILITY)]  # noqa: E731
    spy.wait_for(lambda w: b"offline" in said(w) and said(w)[-1] == b"online")
    assert retained(broker.mqtt_port, AVAILABILITY) == b"online"
