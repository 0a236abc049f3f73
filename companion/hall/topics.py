"""The topics a table and the hall share, beyond the table's own (docs/mqtt.md, docs/hall.md)."""

from __future__ import annotations

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


def play(topics: Topics, play_id: int) -> str:
    return f"{topics.base}/plays/{play_id}"


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


def held_play_id(topics: Topics, topic: str) -> int | None:
    """The play id of a `<base>/held/plays/<id>` topic, else None."""
    head = f"{topics.base}/held/plays/"
    if not topic.startswith(head):
        return None
    tail = topic[len(head):]
    return int(tail) if tail.isdigit() else None
