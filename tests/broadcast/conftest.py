"""A real Mosquitto (deploy/mosquitto/ on free ports), a table with its store, and listening clients."""

from __future__ import annotations

import json
import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import paho.mqtt.client as paho
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion.broadcast.mqtt import Broadcaster
from companion.store import Store
from companion.table import Table
from tests.support.mosquitto import PASSWORD, USER, Broker

SPY_USER, SPY_PASSWORD = "spy", "spy-password"  # test-only: may read every topic, write none
MARKER = "companion/test-marker/"  # a topic every reader may read; what a watcher sees there is not recorded
_markers = itertools.count()


@dataclass(frozen=True)
class Message:
    topic: str
    payload: bytes
    retain: bool
    at: float

    def json(self) -> Any:
        return json.loads(self.payload)


class Watcher:
    """An MQTT client that records every message it receives; ready once its subscription is acked."""

    def __init__(
        self,
        port: int,
        topics: str | list[str] = "#",
        *,
        username: str | None = None,
        password: str | None = None,
        transport: str = "tcp",
        protocol: int = paho.MQTTv311,
    ) -> None:
        self.messages: list[Message] = []
        self._lock = threading.Lock()
        self._subscribed = threading.Event()
        self._acked: set[int] = set()
        self._markers: set[str] = set()
        self._changed = threading.Condition(self._lock)
        self.client = paho.Client(CallbackAPIVersion.VERSION2, transport=transport, protocol=protocol)
        if username:
            self.client.username_pw_set(username, password)
        self.client.on_message = self._on_message
        self.client.on_subscribe = self._on_subscribe
        wanted = [topics] if isinstance(topics, str) else topics
        self.client.on_connect = lambda c, *a: c.subscribe([(t, 1) for t in wanted])
        self.client.connect("127.0.0.1", port, keepalive=10)
        self.client.loop_start()
        if not self._subscribed.wait(5):
            raise AssertionError("the watcher could not subscribe")

    def _on_subscribe(self, client: Any, userdata: Any, mid: int, *rest: Any) -> None:
        with self._lock:
            self._acked.add(mid)
            self._changed.notify_all()
        self._subscribed.set()

    def _on_message(self, client: Any, userdata: Any, msg: paho.MQTTMessage) -> None:
        with self._lock:
            if msg.topic.startswith(MARKER):
                self._markers.add(msg.topic)
            else:
                self.messages.append(Message(msg.topic, bytes(msg.payload), bool(msg.retain), time.monotonic()))
            self._changed.notify_all()

    def _wait(self, seen: Callable[[], bool], what: str, timeout: float) -> None:
        with self._lock:
            if not self._changed.wait_for(seen, timeout):
                raise AssertionError(f"{what} not within {timeout} s")

    def synced(self, timeout: float = 5.0) -> None:
        """Return once every retained message of this watcher's subscriptions is in: the broker
        answers a later subscription only after it has sent what it keeps for the earlier ones."""
        _, mid = self.client.subscribe(f"{MARKER}sync/{next(_markers)}", 1)
        self._wait(lambda: mid in self._acked, "the broker's answer to a second subscription", timeout)

    def settled(self, port: int, timeout: float = 5.0, via: paho.Client | None = None) -> None:
        """Return once everything the broker took before now has reached this watcher (or never
        will): a marker published now, by the table's login, arrives after all of it. `via`: the
        marker goes through that client (the table's own), after everything it had queued."""
        topic = f"{MARKER}settle/{next(_markers)}"
        _, mid = self.client.subscribe(topic, 1)
        self._wait(lambda: mid in self._acked, "the subscription to a marker", timeout)
        writer = via
        if writer is None:
            writer = paho.Client(CallbackAPIVersion.VERSION2)
            writer.username_pw_set(USER, PASSWORD)
            writer.connect("127.0.0.1", port, keepalive=10)
            writer.loop_start()
        try:
            writer.publish(topic, b"marker", qos=1).wait_for_publish(timeout)
            self._wait(lambda: topic in self._markers, "a marker published after it", timeout)
        finally:
            if via is None:
                writer.disconnect()
                writer.loop_stop()

    def on(self, topic: str) -> list[Message]:
        with self._lock:
            return [m for m in self.messages if m.topic == topic]

    def wait_for(self, check: Callable[[Watcher], Any], timeout: float = 5.0) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = check(self)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"not seen within {timeout} s; got {len(self.messages)} messages")
            time.sleep(0.01)

    def last_state(self, topic: str) -> dict[str, Any] | None:
        msgs = self.on(topic)
        return msgs[-1].json() if msgs else None

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def retained(port: int, topic: str, timeout: float = 2.0, **login: Any) -> bytes | None:
    """What the broker keeps on a topic now, as a new subscriber gets it (None when nothing)."""
    w = Watcher(port, topic, **login)
    try:
        w.synced(timeout)
        msgs = [m for m in w.on(topic) if m.retain]
        return msgs[-1].payload if msgs else None
    finally:
        w.close()


@pytest.fixture
def broker(tmp_path):
    b = Broker(
        tmp_path / "broker",
        extra_users={SPY_USER: SPY_PASSWORD, "homeassistant": "ha-password"},
        extra_acl=f"\nuser {SPY_USER}\ntopic read #\n",
    )
    b.start()
    yield b
    b.stop()


@pytest.fixture
def spy(broker):
    """Sees every message on the broker (the test user 'spy' may read '#')."""
    w = Watcher(broker.mqtt_port, "#", username=SPY_USER, password=SPY_PASSWORD)
    yield w
    w.close()


@pytest.fixture
def table(tmp_path):
    store = Store(tmp_path / "companion.db")
    yield Table(store)
    store.close()


@pytest.fixture
def broadcaster(broker, table):
    b = Broadcaster(broker.companion_config(), table)
    b.start()
    yield b
    b.close()
