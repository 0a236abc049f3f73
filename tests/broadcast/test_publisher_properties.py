"""Invariants of the publisher over random games and broker flaps, with a fake paho client:
the newest state always ends up published, never more state messages than changes and
reconnects, and versions only grow."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import paho.mqtt.client as paho
from hypothesis import given, settings
from hypothesis import strategies as st
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.reasoncodes import ReasonCode

from companion import config
from companion.broadcast.mqtt import Broadcaster
from companion.core import RuleError, Session
from tests.support.tally import Tally

STATE = "companion/table1/state"


class Info:
    def __init__(self, rc: int) -> None:
        self.rc = rc

    def wait_for_publish(self, timeout: float | None = None) -> None:
        pass


class FakeClient:
    """Just enough of paho's Client: records publishes, and the test says when it connects."""

    def __init__(self, client_id: str) -> None:
        self.connected = False
        self.published: list[tuple[str, bytes, bool]] = []
        self.refused_while_offline = 0
        self.lock = threading.Lock()
        self.on_connect = self.on_connect_fail = self.on_disconnect = self.on_message = None
        self.suppress_exceptions = False

    def username_pw_set(self, *a: Any) -> None: ...
    def will_set(self, *a: Any, **k: Any) -> None: ...
    def reconnect_delay_set(self, *a: Any) -> None: ...
    def max_queued_messages_set(self, *a: Any) -> None: ...
    def connect_async(self, *a: Any, **k: Any) -> None: ...
    def loop_start(self) -> None: ...
    def loop_stop(self) -> None: ...
    def subscribe(self, *a: Any, **k: Any) -> None: ...

    def is_connected(self) -> bool:
        return self.connected

    def disconnect(self) -> None:
        self.connected = False

    def publish(self, topic: str, payload: Any, qos: int = 0, retain: bool = False) -> Info:
        with self.lock:
            if not self.connected:
                self.refused_while_offline += 1
                return Info(paho.MQTT_ERR_NO_CONN)
            data = payload.encode() if isinstance(payload, str) else payload
            self.published.append((topic, data, retain))
            return Info(paho.MQTT_ERR_SUCCESS)

    # -- the test's side --
    def come_online(self) -> None:
        self.connected = True
        self.on_connect(self, None, None, ReasonCode(PacketTypes.CONNACK, "Success"), None)

    def go_offline(self) -> None:
        self.connected = False
        self.on_disconnect(self, None, None, ReasonCode(PacketTypes.DISCONNECT, "Unspecified error"), None)

    def states(self) -> list[dict[str, Any]]:
        with self.lock:
            return [json.loads(p) for t, p, _ in self.published if t == STATE]


def settle(fake: FakeClient, session: Session, timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        states = fake.states()
        if states and states[-1].get("revision") == session.revision:
            return
        assert time.monotonic() < deadline, "the newest state was never published"
        time.sleep(0.002)


steps = st.lists(
    st.sampled_from(["add", "add", "dial", "pass", "undo", "redo", "refused", "online", "offline", "settle"]),
    max_size=40,
)


@settings(max_examples=40, deadline=None)
@given(steps)
def test_the_newest_state_is_published_once_connected_and_never_more_than_the_changes(plan):
    fakes: list[FakeClient] = []

    def factory(client_id: str) -> FakeClient:
        fakes.append(FakeClient(client_id))
        return fakes[-1]

    values = config.defaults()
    values["mqtt"]["password_file"] = ""
    b = Broadcaster(config.Config(values, None), None, client_factory=factory)
    b.start()
    fake = fakes[0]
    session = Session(Tally(), ["Ann", "Ben", "Cy"], {"target": 99})
    b.follow(session, 1)
    changes = connects = 0
    try:
        for step in plan:
            if step == "online" and not fake.connected:
                fake.come_online()
                connects += 1
            elif step == "offline" and fake.connected:
                fake.go_offline()
            elif step == "settle" and fake.connected:
                settle(fake, session)
            elif step in ("add", "dial", "pass", "undo", "redo", "refused"):
                action = {
                    "add": {"type": "add", "points": 1},
                    "dial": {"type": "dial", "step": 1},
                    "pass": {"type": "pass"},
                    "undo": {"type": "undo"},
                    "redo": {"type": "redo"},
                    "refused": {"type": "add", "points": 9},
                }[step]
                try:
                    session.dispatch(action)
                    changes += 1
                except RuleError:
                    pass
        if not fake.connected:
            fake.come_online()
            connects += 1
        settle(fake, session)
        time.sleep(0.01)
        states = fake.states()
        assert states[-1]["view"] == session.view()["view"]
        assert len(states) <= changes + connects  # one per change at most, plus one per connect
        versions = [s["version"] for s in states]
        assert versions == sorted(versions)
    finally:
        b.close()
