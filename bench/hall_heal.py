"""How soon the hall has every table current after a cut in the venue's network heals, over many
heals: the spread, not a best case (docs/hall.md, "Measured").

Run: .venv/bin/python -m bench.hall_heal [--tables 3] [--heals 30]
Starts its own venue broker (deploy/hall/venue.conf as venue.sh sets it up: TLS, each table its
own login) and, per table, a Mosquitto with the bridge `companion hall-join` writes, reaching the
venue through a relay that the bench cuts and heals (tests/support/cut_link.py): every connection
through it closed at once, new ones refused until it heals. Each round: cut every table's link,
wait until the venue has each table's Last Will ("link 0"), make a move at every table (so each
has a state the venue lacks), wait a random 0-2 s (a heal falls anywhere in the bridges' retry
cycle), heal, and time, from the heal, each table's bridge back at the venue ("link 1") and the
venue holding every table's current state, as a subscriber on the venue's read-only listener
sees it (the hall page's path, less the page's own few milliseconds).
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import threading
import time
from pathlib import Path

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion

from companion import games
from tests.support.hall import HallTable, venue_broker
from tests.support.tally import Tally


class Venue:
    """A subscriber on the venue's read-only listener: each table's newest state version and
    when each link message came."""

    def __init__(self, port: int) -> None:
        self.versions: dict[str, int] = {}
        self.links: list[tuple[str, bytes, float]] = []
        self.cond = threading.Condition()
        ready = threading.Event()
        self.client = paho.Client(CallbackAPIVersion.VERSION2, protocol=paho.MQTTv311)
        self.client.on_connect = lambda c, *a: c.subscribe([("companion/+/state", 1), ("companion/+/link", 1)])
        self.client.on_subscribe = lambda *a: ready.set()
        self.client.on_message = self._on_message
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        if not ready.wait(30):
            raise RuntimeError("the bench subscriber could not subscribe")

    def _on_message(self, client, userdata, msg) -> None:
        now = time.monotonic()
        table, kind = msg.topic.split("/")[1:3]
        with self.cond:
            if kind == "link":
                self.links.append((table, bytes(msg.payload), now))
            else:
                try:
                    self.versions[table] = max(self.versions.get(table, -1), int(json.loads(msg.payload)["version"]))
                except (ValueError, KeyError, TypeError):
                    pass
            self.cond.notify_all()

    def wait(self, check, timeout: float = 30.0) -> float:
        deadline = time.monotonic() + timeout
        with self.cond:
            while not check():
                left = deadline - time.monotonic()
                if left <= 0:
                    raise RuntimeError("the venue did not get there within the bench's timeout")
                self.cond.wait(left)
        return time.monotonic()

    def link_at(self, table: str, word: bytes, since: float) -> float | None:
        times = [at for t, w, at in self.links if t == table and w == word and at >= since]
        return times[0] if times else None

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def spread(values: list[float]) -> str:
    v = sorted(values)
    at = lambda p: v[min(len(v) - 1, max(0, round(p / 100 * len(v)) - 1))]  # noqa: E731
    return (f"min {v[0]:.2f}  p50 {at(50):.2f}  p90 {at(90):.2f}  max {v[-1]:.2f} s  "
            f"(over 2 s: {sum(1 for x in v if x > 2.0)} of {len(v)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=3)
    parser.add_argument("--heals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    games.register(Tally())
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="bench-heal-"))
    venue = venue_broker(tmp / "venue").start()
    tables = [HallTable(tmp / f"t{i}", venue, f"t{i}", f"Table {i + 1}").start() for i in range(args.tables)]
    watch = Venue(venue.mqtt_port)
    current, bridges = [], []
    try:
        for t in tables:
            t.table.start("tally", ["Ann", "Ben"], {"target": 99})
        watch.wait(lambda: all(watch.versions.get(t.id, -1) >= t.version() for t in tables))
        for _ in range(args.heals):
            cut = time.monotonic()
            for t in tables:
                t.link.cut()
            watch.wait(lambda: all(watch.link_at(t.id, b"0", cut) for t in tables))
            for t in tables:
                t.play({"type": "add", "points": 1})
            time.sleep(rng.uniform(0.0, 2.0))  # the heal lands anywhere in the bridges' retry cycle
            healed = time.monotonic()
            for t in tables:
                t.link.heal()
            done = watch.wait(lambda: all(watch.versions.get(t.id, -1) >= t.version() for t in tables))
            back = [watch.wait(lambda t=t: watch.link_at(t.id, b"1", healed)) and watch.link_at(t.id, b"1", healed)
                    for t in tables]
            current.append(done - healed)
            bridges += [b - healed for b in back]
        print(f"{args.tables} tables, {args.heals} heals, TLS and a login of each table's own")
        print(f"  every table current at the venue after a heal: {spread(current)}")
        print(f"  each bridge back at the venue after a heal:     {spread(bridges)}")
        rest = [c - max(b) for c, b in zip(current, [bridges[i:i + args.tables]
                                                     for i in range(0, len(bridges), args.tables)])]
        print(f"  of which after the last bridge was back:       {spread([max(0.0, r) for r in rest])}")
    finally:
        watch.close()
        for t in tables:
            t.close()
        venue.stop()


if __name__ == "__main__":
    main()
