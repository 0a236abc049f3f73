"""From an action entering the session to a subscriber receiving the new state, beside the same
broker's raw publish-to-receive time for a payload of the same size (target: p99 ratio at most 2).

Run: .venv/bin/python -m bench.mqtt_latency [--actions 1000]
Starts its own Mosquitto from deploy/mosquitto/ on free ports (no system service). Each
round is one action through the whole path — Session.dispatch (rules, the durable SQLite
commit), the session listener, the publisher thread, paho, the broker, a subscriber — and
then one raw publish of a payload of the same size by another client with the same login,
QoS and retain flag, to the same subscriber. Rounds alternate so both see the same machine.
Each action's own commit (StoredTimeline.record: one SQLite flush) is timed too, so the
report can say how much of the total is the disk's flush and how much is everything else.
The in-memory line leaves the database commit out, to show what the broadcast itself costs.
bench/commit.py breaks the commit down further.
"""

from __future__ import annotations

import argparse
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


class Rounds:
    """Per-round times in seconds, after the warm-up."""

    def __init__(self) -> None:
        self.full: list[float] = []  # the action entering the session -> the subscriber has the state
        self.after: list[float] = []  # dispatch returned (the change committed) -> the subscriber
        self.commit: list[float] = []  # the session's commit of the action (the timeline's record)
        self.plain: list[float] = []  # raw publish -> the subscriber, same size
        self.size = 0


def run(session: Session, broker: Broker, broadcaster: Broadcaster, actions: int) -> Rounds:
    rounds = Rounds()
    record = session.timeline.record
    commits: list[float] = []

    def timed_record(action, state):
        t = time.perf_counter()
        record(action, state)
        commits.append(time.perf_counter() - t)

    session.timeline.record = timed_record
    sub = Arrivals(broker.mqtt_port)
    raw = publisher(broker.mqtt_port)
    time.sleep(0.3)  # the retained messages of the subscription have arrived
    size = len(encode(state_payload(session.view(), game_number=1, table_id="table1", table_name="Game table")))
    rounds.size = size
    try:
        for i in range(WARMUP + actions):
            expected = sub.seen(STATE) + 1
            t0 = time.perf_counter()
            session.dispatch({"type": "dial", "step": 1})
            t1 = time.perf_counter()
            got = sub.wait(STATE, expected)
            if i >= WARMUP:
                rounds.full.append(got - t0)
                rounds.after.append(got - t1)
                rounds.commit.append(commits[-1])

            payload = b"x" * size
            expected = sub.seen(RAW) + 1
            t0 = time.perf_counter()
            raw.publish(RAW, payload, qos=1, retain=True)
            got = sub.wait(RAW, expected)
            if i >= WARMUP:
                rounds.plain.append(got - t0)
    finally:
        session.timeline.record = record
        sub.close()
        raw.disconnect()
        raw.loop_stop()
    return rounds


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(label: str, r: Rounds) -> None:
    def line(text: str, values: list[float]) -> None:
        print(f"  {text:<40} p50 {pct(values, 50) * 1e3:7.3f} ms   p99 {pct(values, 99) * 1e3:7.3f} ms")

    def ratio(text: str, values: list[float], note: str = "") -> None:
        p50 = pct(values, 50) / pct(r.plain, 50)
        p99 = pct(values, 99) / pct(r.plain, 99)
        print(f"  {text:<40} p50 {p50:7.2f}      p99 {p99:7.2f}{note}")

    rest = [f - c for f, c in zip(r.full, r.commit)]
    print(f"{label}  ({len(r.full)} actions, state payload {r.size} bytes)")
    line("action -> subscriber has the state", r.full)
    line("  of which the session's commit", r.commit)
    line("  of which committed -> subscriber", r.after)
    line("raw publish -> subscriber, same size", r.plain)
    ratio("ratio action / raw", r.full, "   (target: p99 ratio at most 2)")
    ratio("ratio action without its commit / raw", rest)


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
        report("Durable session (SQLite, synchronous=FULL), as the table runs", run(session, broker, b, args.actions))
        b.close()
        store.close()

        # The broadcast alone: the same session in memory.
        b = Broadcaster(broker.companion_config(), None)
        b.start()
        memory = Session(Tally(), ["Ann", "Ben", "Cy"], {"target": 99})
        b.follow(memory, 2)
        _wait_connected(b)
        print()
        report("In-memory session (no database commit)", run(memory, broker, b, args.actions))
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
