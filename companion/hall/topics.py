"""The topics a table and the hall share, beyond the table's own (docs/mqtt.md, docs/hall.md)."""

from __future__ import annotations

import re
from datetime import datetime, timezone

from companion.broadcast.topics import Topics

BRIDGE_OUT = "hall"  # the bridge connection that carries the table's topics to the venue
BRIDGE_IN = "hall-index"  # the one that reads back which plays the venue holds
LINK_UP = "1"  # what Mosquitto publishes on a bridge's notification topic
LINK_DOWN = "0"


def link(topics: Topics) -> str:
    """"1" while the table's bridge is up, "0" once down: on the table's broker and the venue's
    (there as the bridge's Last Will too)."""
    return f"{topics.base}/link"


def plays(topics: Topics) -> str:
    """Filter of the table's finished plays, one retained message each: `<base>/plays/<id>`."""
    return f"{topics.base}/plays/#"


def play_name(number: int, started_at: str) -> str:
    """A finished play's name at the venue: its game's number at the table and when it started,
    to the second, in UTC (`7-20261128T213417Z`). The number alone is not enough: a Pi replaced
    with a fresh database counts from 1 again, and its game 1 would overwrite the old Pi's."""
    try:
        at = datetime.fromisoformat(started_at).astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    except (TypeError, ValueError):
        at = "unknown"
    return f"{number}-{at}"


def play(topics: Topics, name: str | int) -> str:
    return f"{topics.base}/plays/{name}"


def held_prefix(topics: Topics) -> str:
    """Local only: the venue's retained plays copied back in, `<base>/held/plays/<id>`."""
    return f"{topics.base}/held/"


def held(topics: Topics) -> str:
    return f"{topics.base}/held/plays/#"


def held_state(topics: Topics) -> str:
    """Local only: the state the venue holds for this table, copied back in."""
    return f"{topics.base}/held/state"


def held_link(topics: Topics) -> str:
    """Local only: "1" while the read-back bridge is up."""
    return f"{topics.base}/held/link"


_NAME = re.compile(r"(\d+)(?:-(\d{8}T\d{6}Z|unknown))?")


def held_play_name(topics: Topics, topic: str) -> str | None:
    """The play's name of a `<base>/held/plays/<name>` topic (play_name, or a bare number as
    tables named their plays before), else None."""
    head = f"{topics.base}/held/plays/"
    if not topic.startswith(head):
        return None
    tail = topic[len(head):]
    return tail if _NAME.fullmatch(tail) else None


def name_number(name: str) -> int:
    """The game number a play's name starts with."""
    return int(name.split("-", 1)[0])
