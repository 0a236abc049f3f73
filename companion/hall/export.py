"""`companion hall-export`: every finished play the venue's hall holds, in `companion export`'s
formats, for the organiser's spreadsheet or play log (docs/hall.md).

Reads the venue broker's retained `<prefix>/+/plays/+` as any hall screen does (anonymously, read
only), so it works from any machine on the venue's network.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from companion.cli_plays import export_csv
from companion.hall.claims import venue_play
from companion.plays import Play, Seat

QUIET = 0.5  # no new play for this long after subscribing: the broker has sent all it keeps


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion hall-export", description=__doc__.splitlines()[0])
    parser.add_argument("venue", help="the venue broker, HOST or HOST:PORT (plain MQTT, default port 1883)")
    parser.add_argument("--prefix", default="companion", help="the tables' topic prefix (default: companion)")
    parser.add_argument("--day", default="today",
                        help="YYYY-MM-DD, 'today' (the default) or 'all': the plays that ended that day, local time")
    parser.add_argument("--format", choices=("json", "csv"), default="json",
                        help="json: one object a play; csv: one row a player a play (default: json)")
    parser.add_argument("file", type=Path, nargs="?", metavar="FILE", help="where to write (default: standard output)")
    args = parser.parse_intermixed_args(argv)  # FILE may follow the options
    from companion.hall.join import split_venue

    host, port = split_venue(args.venue, 1883)
    try:
        day = None if args.day == "all" else (date.today() if args.day == "today" else date.fromisoformat(args.day))
    except ValueError:
        print(f"companion hall-export: --day {args.day!r} is not YYYY-MM-DD, today or all", file=sys.stderr)
        return 2
    try:
        held = fetch_plays(host, port, args.prefix)
    except OSError as exc:
        print(f"companion hall-export: cannot reach the venue broker at {host}:{port}: {exc}", file=sys.stderr)
        return 2
    chosen = [p for p in unique(held) if day is None or _local_day(p) == day]
    text = export_json(chosen) if args.format == "json" else hall_csv(chosen)
    if args.file is None:
        sys.stdout.write(text)
        return 0
    args.file.write_text(text, encoding="utf-8", newline="")
    print(f"{len(chosen)} play{'' if len(chosen) == 1 else 's'} written to {args.file}", file=sys.stderr)
    return 0


def fetch_plays(host: str, port: int, prefix: str, timeout: float = 10.0) -> list[dict[str, Any]]:
    """The retained plays the venue broker holds now, each its topic's table's (claims.py): a play
    whose payload claims another table is left out."""
    import paho.mqtt.client as paho
    from paho.mqtt.enums import CallbackAPIVersion

    found: list[dict[str, Any]] = []
    last = [time.monotonic()]
    subscribed = threading.Event()
    client = paho.Client(CallbackAPIVersion.VERSION2, protocol=paho.MQTTv311)

    def on_message(c: Any, u: Any, msg: Any) -> None:
        last[0] = time.monotonic()
        play = venue_play(prefix, msg.topic, msg.payload)  # its topic's table's, or None
        if play is not None:
            found.append(play)

    def on_subscribe(*a: Any) -> None:
        last[0] = time.monotonic()
        subscribed.set()

    client.on_message = on_message
    client.on_subscribe = on_subscribe
    client.on_connect = lambda c, *a: c.subscribe(f"{prefix}/+/plays/+", qos=1)
    client.connect(host, port, keepalive=30)
    client.loop_start()
    try:
        if not subscribed.wait(timeout):
            raise OSError("no answer to the subscription")
        while time.monotonic() - last[0] < QUIET:
            time.sleep(0.05)
    finally:
        client.disconnect()
        client.loop_stop()
    return found


def play_key(p: dict[str, Any]) -> str:
    """A play among every table's: its table and its name there (`uid`: its number and start, so
    two Pis of one table never share one), or its bare number as tables sent plays before."""
    return f"{p['table'].get('id')}/{p.get('uid') or p.get('id')}"


def unique(plays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each play once (table and name), oldest first: the bridge may deliver one many times."""
    seen: dict[str, dict[str, Any]] = {}
    for p in plays:
        seen[play_key(p)] = p
    return sorted(seen.values(), key=lambda p: (str(p.get("ended_at")), str(p["table"].get("id")), str(p.get("id"))))


def as_play(p: dict[str, Any]) -> Play:
    """A held play as `companion export` writes it; its id names the table too (names are per table)."""
    seats = tuple(Seat(s["name"], s.get("score"), int(s.get("rank") or 0), bool(s.get("winner")),
                       bool(s.get("start_player"))) for s in p["players"])
    return Play(f"{p['table'].get('id')}-{p.get('uid') or p.get('id')}", p.get("game", ""), p.get("title", ""),  # type: ignore[arg-type]
                p.get("started_at", ""), p.get("ended_at", ""), p.get("summary", ""), seats)


def export_json(plays: list[dict[str, Any]]) -> str:
    """`companion export --format json`'s objects, each with its table's name as the location."""
    out = [{**as_play(p).to_json(), "location": p.get("location") or p["table"].get("name"), "table": p["table"]}
           for p in plays]
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n"


def hall_csv(plays: list[dict[str, Any]]) -> str:
    """`companion export --format csv`'s rows; each play's location is its table's name."""
    parts = [export_csv([as_play(p)], p.get("location") or p["table"].get("name", "")) for p in plays]
    if not parts:
        return export_csv([], "")
    header = parts[0].split("\r\n", 1)[0] + "\r\n"
    return header + "".join(part.split("\r\n", 1)[1] for part in parts)


def _local_day(p: dict[str, Any]) -> date | None:
    try:
        return datetime.fromisoformat(p["ended_at"]).astimezone().date()
    except (KeyError, TypeError, ValueError):
        return None
