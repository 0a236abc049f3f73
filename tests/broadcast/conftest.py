"""A real Mosquitto (deploy/mosquitto/ on free ports), a table with its store, and listening clients."""

from __future__ import annotations

import json
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
from tests.support.mosquitto import Broker

SPY_USER, SPY_PASSWORD = "spy", "spy-password"  # test-only: may read every topic, write none


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
        self.client = paho.Client(CallbackAPIVersion.VERSION2, transport=transport, protocol=protocol)
        if username:
            self.client.username_pw_set(username, password)
        self.client.on_message = self._on_message
        self.client.on_subscribe = lambda *a: self._subscribed.set()
        wanted = [topics] if isinstance(topics, str) else topics
        self.client.on_connect = lambda c, *a: c.subscribe([(t, 1) for t in wanted])
        self.client.connect("127.0.0.1", port, keepalive=10)
        self.client.loop_start()
        if not self._subscribed.wait(5):
            raise AssertionError("the watcher could not subscribe")

    def _on_message(self, client: Any, userdata: Any, msg: paho.MQTTMessage) -> None:
        with self._lock:
            self.messages.append(Message(msg.topic, bytes(msg.payload), bool(msg.retain), time.monotonic()))

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
        time.sleep(0.15)
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
