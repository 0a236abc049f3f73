"""Home Assistant MQTT discovery: one sensor per player's score, pure messages and no network.

Each sensor reads the table's retained state (`scores` in it) and shares the table's
availability, so Home Assistant shows the scores as unavailable when the table is off.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence

from companion.broadcast.topics import OFFLINE, ONLINE, Topics, encode

STATUS = "status"  # Home Assistant announces itself on <prefix>/status with "online"


def status_topic(ha_prefix: str) -> str:
    return f"{ha_prefix}/{STATUS}"


def node_id(topics: Topics) -> str:
    """One Home Assistant device per table."""
    return _slug(f"{topics.prefix}_{topics.table}")


def config_topic(topics: Topics, ha_prefix: str, player: str) -> str:
    return f"{ha_prefix}/sensor/{node_id(topics)}/score_{_slug(player)}/config"


def config_topics(topics: Topics, ha_prefix: str, players: Sequence[str]) -> dict[str, str]:
    """Each player's discovery topic, and whose it is."""
    return {config_topic(topics, ha_prefix, p): p for p in players}


def sensor_config(topics: Topics, table_name: str, player: str) -> dict:
    """The discovery payload of one player's score sensor."""
    node = node_id(topics)
    return {
        "name": f"{player} score",
        "unique_id": f"{node}_score_{_slug(player)}",
        "state_topic": topics.state,
        # json.dumps makes a string literal that Jinja reads back as the same name.
        "value_template": "{{ value_json.scores.get(%s) }}" % json.dumps(player),
        "availability_topic": topics.availability,
        "payload_available": ONLINE,
        "payload_not_available": OFFLINE,
        "state_class": "measurement",
        "icon": "mdi:cards-playing",
        "device": {
            "identifiers": [node],
            "name": table_name,
            "manufacturer": "The table companion",
            "model": "Game table",
        },
    }


def discovery(
    topics: Topics, ha_prefix: str, table_name: str, players: Sequence[str], held: Iterable[str] = ()
) -> list[tuple[str, bytes]]:
    """Retained messages announcing the players' sensors.

    `held` are the discovery topics the broker already holds for this table; an empty
    payload removes each one that is no longer a player's.
    """
    current = config_topics(topics, ha_prefix, players)
    messages = [(topic, b"") for topic in sorted(set(held) - set(current))]
    messages += [(topic, encode(sensor_config(topics, table_name, p))) for topic, p in current.items()]
    return messages


def sensors_filter(topics: Topics, ha_prefix: str) -> str:
    """Every discovery topic of this table's sensors, as a subscription."""
    return f"{ha_prefix}/sensor/{node_id(topics)}/+/config"


def is_sensor_config(topics: Topics, ha_prefix: str, topic: str) -> bool:
    parts = topic.split("/")
    head = f"{ha_prefix}/sensor/{node_id(topics)}".split("/")
    return len(parts) == len(head) + 2 and parts[: len(head)] == head and parts[-1] == "config"


def _slug(text: str) -> str:
    """Topic- and id-safe (a-z, 0-9, _); names that lose characters get a short hash so none collide."""
    plain = re.sub(r"[^a-z0-9]+", "_", text.casefold()).strip("_")
    if plain and plain == text.casefold():
        return plain
    return f"{plain or 'player'}_{hashlib.sha1(text.encode('utf-8')).hexdigest()[:6]}"
