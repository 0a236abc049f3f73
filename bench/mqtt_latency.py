"""From an action entering the session to a subscriber receiving the new state, beside the same
broker's raw publish-to-receive time for a payload of the same size (target: p99 ratio at most 2).

Run: .venv/bin/python -m bench.mqtt_latency [--actions 1000]
Starts its own Mosquitto from deploy/mosquitto/ on free ports (no system service). Each
round is one action through the whole path — Session.dispatch (rules, the durable SQLite
commit), the session listener, the publisher thread, paho, the broker, a subscriber — and
then one raw publish of a payload of the same size by another client with the same login,
QoS and retain flag, to the same subscriber. Rounds alternate so both see the same machine.
The in-memory line leaves the database commit out, to show what the broadcast itself costs.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion

from companion import games
from companion.broadcast.mqtt import Broadcaster
from companion.broadcast.topics import encode, state_payload
from companion.core import Session
from companion.store import Store
from companion.table import Table
from tests.support.mosquitto import PASSWORD, USER, Broker
from tests.support.tally import Tally

WARMUP = 50
STATE = "companion/table1/state"
RAW = "companion/bench/raw"


class Arrivals:
    """A subscriber that notes when each message arrives, per topic."""

    def __init__(self, port: int) -> None:
        self._cond = threading.Condition()
        self.count: dict[str, int] = {}
        self.last: dict[str, float] = {}
        ready = threading.Event()
        self.client = paho.Client(CallbackAPIVersion.VERSION2, client_id="bench-subscriber")
        self.client.on_connect = lambda c, *a: c.subscribe([(STATE, 1), (RAW, 1)])
        self.client.on_subscribe = lambda *a: ready.set()
        self.client.on_message = self._on_message
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        ready.wait(5)

    def _on_message(self, client, userdata, msg) -> None:
        now = time.perf_counter()
        with self._cond:
            self.count[msg.topic] = self.count.get(msg.topic, 0) + 1
            self.last[msg.topic] = now
            self._cond.notify_all()

    def seen(self, topic: str) -> int:
        with self._cond:
            return self.count.get(topic, 0)

    def wait(self, topic: str, count: int, timeout: float = 5.0) -> float:
        with self._cond:
            if not self._cond.wait_for(lambda: self.count.get(topic, 0) >= count, timeout):
                raise TimeoutError(f"no message {count} on {topic}")
            return self.last[topic]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def publisher(port: int) -> paho.Client:
    client = paho.Client(CallbackAPIVersion.VERSION2, client_id="bench-raw")
    client.username_pw_set(USER, PASSWORD)
    connected = threading.Event()
    client.on_connect = lambda *a: connected.set()
    client.connect("127.0.0.1", port)
    client.loop_start()
    connected.wait(5)
    return client


def run(
    session: Session, broker: Broker, broadcaster: Broadcaster, actions: int
) -> tuple[list[float], list[float], list[float], int]:
    sub = Arrivals(broker.mqtt_port)
    raw = publisher(broker.mqtt_port)
    time.sleep(0.3)  # the retained messages of the subscription have arrived
    size = len(encode(state_payload(session.view(), game_number=1, table_id="table1", table_name="Game table")))
    full: list[float] = []
    after: list[float] = []  # from dispatch's return (the change committed) to the subscriber
    plain: list[float] = []
    try:
        for i in range(WARMUP + actions):
            expected = sub.seen(STATE) + 1
            t0 = time.perf_counter()
            session.dispatch({"type": "dial", "step": 1})
            t1 = time.perf_counter()
            got = sub.wait(STATE, expected)
            if i >= WARMUP:
                full.append(got - t0)
                after.append(got - t1)

            payload = b"x" * size
            expected = sub.seen(RAW) + 1
            t0 = time.perf_counter()
            raw.publish(RAW, payload, qos=1, retain=True)
            got = sub.wait(RAW, expected)
            if i >= WARMUP:
                plain.append(got - t0)
    finally:
        sub.close()
        raw.disconnect()
        raw.loop_stop()
    return full, after, plain, size


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(label: str, full: list[float], after: list[float], plain: list[float], size: int) -> None:
    p50, p99 = pct(full, 50), pct(full, 99)
    a50, a99 = pct(after, 50), pct(after, 99)
    r50, r99 = pct(plain, 50), pct(plain, 99)
    print(f"{label}  ({len(full)} actions, state payload {size} bytes)")
    print(f"  action -> subscriber has the state     p50 {p50 * 1e3:7.3f} ms   p99 {p99 * 1e3:7.3f} ms"
          f"   mean {statistics.mean(full) * 1e3:.3f} ms")
    print(f"    of which committed -> subscriber     p50 {a50 * 1e3:7.3f} ms   p99 {a99 * 1e3:7.3f} ms")
    print(f"  raw publish -> subscriber, same size   p50 {r50 * 1e3:7.3f} ms   p99 {r99 * 1e3:7.3f} ms")
    print(f"  ratio action / raw                     p50 {p50 / r50:7.2f}      p99 {p99 / r99:7.2f}"
          "   (target: p99 ratio at most 2)")
    print(f"  ratio committed / raw                  p50 {a50 / r50:7.2f}      p99 {a99 / r99:7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1000)
    args = parser.parse_args()
    games.register(Tally())
    work = Path(tempfile.mkdtemp(prefix="bench-mqtt-"))
    broker = Broker(work / "broker").start()
    try:
        # As shipped: the table's durable store, the session opened by the table.
        store = Store(work / "companion.db")
        table = Table(store)
        b = Broadcaster(broker.companion_config(), table)
        b.start()
        session = table.start("tally", ["Ann", "Ben", "Cy"], {"target": 99})
        _wait_connected(b)
        report("Durable session (SQLite, synchronous=FULL), as the table runs", *run(session, broker, b, args.actions))
        b.close()
        store.close()

        # The broadcast alone: the same session in memory.
        b = Broadcaster(broker.companion_config(), None)
        b.start()
        memory = Session(Tally(), ["Ann", "Ben", "Cy"], {"target": 99})
        b.follow(memory, 2)
        _wait_connected(b)
        print()
        report("In-memory session (no database commit)", *run(memory, broker, b, args.actions))
        b.close()
    finally:
        broker.stop()


def _wait_connected(b: Broadcaster) -> None:
    deadline = time.monotonic() + 5
    while not b.connected:
        if time.monotonic() > deadline:
            raise SystemExit(f"the broadcaster did not connect: {b.status().detail}")
        time.sleep(0.01)


if __name__ == "__main__":
    main()
