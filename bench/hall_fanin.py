"""Many tables, one hall: from a move at a table to the hall's data, through each table's own
Mosquitto and its bridge into one venue broker, beside the same for one table alone.

Run: .venv/bin/python -m bench.hall_fanin [--tables 50] [--moves 20]
Starts its own brokers on loopback ports (no system service): one venue broker from
deploy/hall/venue.conf and, per table, a Mosquitto from deploy/mosquitto/ with the bridge drop-in
`companion hall-join` writes. Each table is the real thing in this process: a Table with its
SQLite store and its Broadcaster (paho). Every table plays `--moves` Tally moves at random
moments (0.1-0.5 s apart), all tables at once. A subscriber on the venue's websockets listener,
as the hall page is, notes when each state arrives; a move's time runs from Session.dispatch
(rules and the durable commit included) to that arrival. The same figures for one table: one table
through its bridge into a venue broker of its own (what a table adds to a venue, and the venue
broker's memory with one table); and, for the bridge's cost, the same table with no bridge: a move
to a subscriber on its own broker's websockets listener (the phone page). Memory is each broker's
resident set (VmRSS, and VmHWM, its peak) read from /proc.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion

from companion import games
from tests.support.hall import HallTable, venue_broker
from tests.support.mosquitto import Broker
from tests.support.tally import Tally


class Arrivals:
    """A websockets subscriber to every table's state: when each (table, version) first arrived."""

    def __init__(self, port: int, what: str = "") -> None:
        self.first: dict[tuple[str, int], float] = {}
        self._lock = threading.Lock()
        ready = threading.Event()
        self.client = paho.Client(CallbackAPIVersion.VERSION2, transport="websockets")
        self.client.ws_set_options(path="/mqtt")
        self.client.on_connect = lambda c, *a: c.subscribe("companion/+/state", qos=1)
        self.client.on_subscribe = lambda *a: ready.set()
        self.client.on_message = self._on_message
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        if not ready.wait(30):
            raise RuntimeError(f"the bench subscriber could not subscribe to {what or port}")

    def _on_message(self, client, userdata, msg) -> None:
        now = time.perf_counter()
        try:
            state = json.loads(msg.payload)
        except ValueError:
            return
        key = (msg.topic.split("/")[1], state.get("version"))
        with self._lock:
            self.first.setdefault(key, now)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def rss(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of a process in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def play(tables: list[HallTable], moves: int, seed: int) -> list[tuple[str, int, float]]:
    """Every table plays `moves` moves at random moments, all at once: (table, version, when)."""
    sent: list[tuple[str, int, float]] = []
    lock = threading.Lock()

    def run(t: HallTable, rng: random.Random) -> None:
        for _ in range(moves):
            time.sleep(rng.uniform(0.1, 0.5))
            start = time.perf_counter()
            t.play({"type": "add", "points": 1})
            with lock:
                sent.append((t.id, t.version(), start))

    threads = [threading.Thread(target=run, args=(t, random.Random(seed + i))) for i, t in enumerate(tables)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return sent


def latencies(sent, arrivals: Arrivals, timeout: float = 20.0) -> tuple[list[float], int]:
    """Per move, the time until the hall had its state or a newer one (the table sends only the
    newest of a burst of moves: a move superseded before it left is shown by the next state)."""

    def seen(table: str, version: int) -> float | None:
        times = [at for (t, v), at in list(arrivals.first.items()) if t == table and v >= version]
        return min(times) if times else None

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(seen(t, v) is None for t, v, _ in sent[-50:]):
        time.sleep(0.05)
    got, missing = [], 0
    for t, v, start in sent:
        at = seen(t, v)
        if at is None:
            missing += 1
        else:
            got.append(max(0.0, at - start) * 1000)
    return got, missing

def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def report(label: str, values: list[float], missing: int, memory: str) -> None:
    """`never`: moves whose state (or a newer one) never reached the subscriber."""
    print(f"{label:<44} moves {len(values):5d}  p50 {pct(values, 50):7.1f} ms  p99 {pct(values, 99):7.1f} ms  "
          f"max {max(values):7.1f} ms  never {missing}  {memory}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    games.register(Tally())
    tmp = Path(tempfile.mkdtemp(prefix="bench-hall-"))

    # One table alone: a move to a subscriber on its own broker (the phone page's path).
    alone = HallTable(tmp / "alone", venue_broker(tmp / "unused"), "alone", "Alone", through_link=False)
    alone.broker.set_extra_conf("")  # no bridge
    alone.config = alone.broker.companion_config(table={"id": "alone", "name": "Alone"})
    alone.start()
    phone = Arrivals(alone.broker.ws_port)
    alone.table.start("tally", ["Ann", "Ben"], {"target": 99})
    time.sleep(0.5)
    sent = play([alone], args.moves * 5, args.seed)
    values, missing = latencies(sent, phone)
    used, peak = rss(alone.broker.proc.pid)
    report("1 table, its own broker only (no bridge)", values, missing, f"broker {used:.1f} MB (peak {peak:.1f} MB)")
    phone.close()
    alone.close()

    # One table into a venue broker, then many: the same measure, the same venue configuration.
    through_venue(tmp / "one", 1, args.moves * 5, args.seed, "1 table through its bridge into a venue")
    through_venue(tmp / "many", args.tables, args.moves, args.seed,
                  f"{args.tables} tables through bridges into one venue")


def through_venue(tmp: Path, count: int, moves: int, seed: int, label: str) -> None:
    """`count` tables bridged into one fresh venue broker, each playing `moves` moves: one line."""
    venue = venue_broker(tmp / "venue").start()
    tables: list[HallTable] = []
    subscribers: list[Arrivals] = []
    try:
        idle_venue = rss(venue.proc.pid)[0]
        for i in range(count):
            t = HallTable(tmp / f"t{i:03d}", venue, f"t{i:03d}", f"Table {i + 1}", through_link=False)
            tables.append(t)
            t.start()
        hall = Arrivals(venue.ws_port, "the venue")
        subscribers.append(hall)
        # The same states on up to ten tables' own brokers, for the bridge's share.
        local = [Arrivals(t.broker.ws_port, f"table {t.id}'s broker") for t in tables[:: max(1, len(tables) // 10)]]
        subscribers += local
        for t in tables:
            t.table.start("tally", ["Ann", "Ben"], {"target": 99})
        time.sleep(2.0)  # every bridge up, every first state in
        sent = play(tables, moves, seed)
        values, missing = latencies(sent, hall)
        used, peak = rss(venue.proc.pid)
        table_broker = statistics.mean(rss(t.broker.proc.pid)[0] for t in tables)
        report(label, values, missing, f"venue {used:.1f} MB (peak {peak:.1f} MB, idle {idle_venue:.1f} MB); "
               f"{'each table' if count > 1 else 'the table'}'s broker {table_broker:.1f} MB")
        # The bridge's own share: from a state reaching the table's broker to it reaching the venue's.
        hops = [max(0.0, hall.first[key] - at) * 1000 for arrivals in local for key, at in arrivals.first.items()
                if key in hall.first]
        if hops:
            print(f"{'  of which the bridge, table broker -> venue':<44} states {len(hops):4d}  "
                  f"p50 {pct(hops, 50):7.1f} ms  p99 {pct(hops, 99):7.1f} ms  max {max(hops):7.1f} ms")
    finally:
        for arrivals in subscribers:
            arrivals.close()
        for t in tables:
            t.close()
        venue.stop()


if __name__ == "__main__":
    main()
