"""The table Mosquitto's bridge to the venue broker, written from [hall] (pure text, no I/O).

Two connections, because Mosquitto's MQTT 5 bridge subscribes with "no local": a connection
never hears back what it sent itself, so the one that carries the table's topics out cannot
also read which of them the venue holds.
- `hall` carries `<prefix>/<table>/{state,events,availability,plays/#}` out, retain flags as
  published (MQTT 5), and tells `<prefix>/<table>/link` "1" / "0" at both ends (at the venue
  "0" is its Last Will: the hall sees a table whose link broke as offline).
- `hall-index` copies the venue's retained `<prefix>/<table>/plays/#` and `state` in, to the
  local `<prefix>/<table>/held/plays/#` and `held/state`: what the hall holds. The table
  republishes the plays it lacks, and its state when the venue's is older (a replayed queue).
Each connection logs in with a login of its own (companion/hall/enrol.py), which the venue makes
its client id: `<id>` carries the table's topics out, `<id>.index` reads back. Both go over TLS,
the venue's certificate checked against [hall] cafile; without one the drop-in says so in its
first lines (hall-join writes it only when told --insecure).
Neither keeps a session (cleansession true): a queue replayed after an outage would only bring
old states and duplicates (Mosquitto issues 2248, 2424); the table republishes from its log.
"""

from __future__ import annotations

from typing import Any

from companion.broadcast.topics import Topics
from companion.hall import topics as hall_topics
from companion.hall.enrol import CLIENT_ID_PREFIX, logins

OUT_TOPICS = ("state", "events", "availability", "plays/#")


def enabled(config: Any) -> bool:
    return bool(config["hall"]["host"])


def drop_in(config: Any, password: str) -> str:
    """The text of /etc/mosquitto/conf.d/companion-hall.conf for this table."""
    hall = config["hall"]
    topics = Topics(config["mqtt"]["topic_prefix"], config["table"]["id"])
    base = topics.base + "/"
    host, port = hall["host"], hall["port"]
    address = f"[{host}]:{port}" if ":" in host and not host.startswith("[") else f"{host}:{port}"
    lines = [
        "# Written by `companion hall-join` from [hall] of the table's configuration: run it again",
        "# rather than editing this file. docs/hall.md explains every line.",
    ]
    if not hall["cafile"]:
        lines += ["# No TLS (hall-join --insecure): the password below crosses the venue's network in clear."]
    user_out, user_in = logins(hall["username"] or topics.table)
    for name, direction, user in ((hall_topics.BRIDGE_OUT, "out", user_out), (hall_topics.BRIDGE_IN, "in", user_in)):
        lines += [
            "",
            f"connection companion-{topics.table}-{name}",
            f"address {address}",
            # The venue makes a table's client id its login (nobody else can take it), and asks
            # every client to send one that starts with "hall:" (venue.conf); a venue that does not
            # replace it still gets one of this table's own (every Pi may be called raspberrypi).
            f"remote_clientid {CLIENT_ID_PREFIX}companion-{topics.table}-{name}",
            f"remote_username {user}",
            f"remote_password {password}",
            "bridge_protocol_version mqttv50",
            "try_private false",
            "cleansession true",
            f"keepalive_interval {hall['keepalive']}",
            # Try again as often as Mosquitto can, every 2 s (it counts whole seconds and waits for
            # more than this), so the hall shows a table current soon after the venue is back (a
            # refused connection on a LAN costs next to nothing). Two values: given the single
            # value 1, Mosquitto 2.0 keeps its default back-off of 5 to 30 s.
            "restart_timeout 1 1",
            "start_type automatic",
        ]
        if hall["cafile"]:
            # The venue's certificate must be signed by its own authority and name the address
            # dialled (bridge_insecure false checks the name too).
            lines += [f"bridge_cafile {hall['cafile']}", "bridge_insecure false"]
        if direction == "out":
            lines += [f"notification_topic {hall_topics.link(topics)}", "notifications true"]
            lines += [f"topic {t} out 1 {base} {base}" for t in OUT_TOPICS]
        else:
            lines += [
                f"notification_topic {hall_topics.held_link(topics)}",
                "notifications true",
                "notifications_local_only true",
                f"topic plays/# in 1 {hall_topics.held_prefix(topics)} {base}",
                f"topic state in 1 {hall_topics.held_prefix(topics)} {base}",
            ]
    return "\n".join(lines) + "\n"
