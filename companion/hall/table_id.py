"""Which table this is at the venue. Every table's id names its topics and its bridge's client ids
there, so two tables with one id overwrite each other's cards, knock each other's bridges off and
take back each other's plays. Every Pi ships with the same id; `companion hall-join` refuses that
one unless it is given, and looks at the venue broker for a table already linked with the id."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from typing import Any

from companion.config import defaults
from companion.config_keys import topic_word

SHIPPED_ID: str = defaults()["table"]["id"]  # what deploy/pi/config.toml and the defaults say
SHIPPED_NAME: str = defaults()["table"]["name"]
QUIET = 0.3  # seconds after the subscription's answer for the retained messages to come
TIMEOUT = 3.0  # seconds to reach the venue: a venue out of reach does not hold up a join
REFUSED_LOGIN = (0x86, 0x87)  # CONNACK "Bad user name or password", "Not authorized" (MQTT 3.1.1: 4, 5)


class LoginRefused(Exception):
    """The venue broker answered and refused the tables' login: a wrong password (or user name).
    Not an OSError: unlike a venue out of reach, the table would never link with it."""


def id_problem(table_id: str) -> str | None:
    """Why this cannot be a table's id (it is a topic level and part of a client id), or None."""
    return topic_word(table_id)


@dataclass(frozen=True)
class Seen:
    """What the venue broker holds for one table id."""

    linked: bool  # a bridge with this id is connected now (the venue's retained link is "1")
    name: str | None  # the table's name in the state the venue holds, None: no state


def seen_at_venue(hall: Any, password: str, prefix: str, table_id: str) -> Seen | None:
    """What the venue holds for `table_id`, read with the tables' login as a bridge reads it
    (plain retained messages: any venue broker answers alike); None: nothing. LoginRefused when
    the venue refuses the login, OSError when it cannot be reached or does not answer."""
    import paho.mqtt.client as paho
    from paho.mqtt.enums import CallbackAPIVersion

    got: dict[str, bytes] = {}
    answered = threading.Event()
    refused: list[Any] = []
    client = paho.Client(CallbackAPIVersion.VERSION2, protocol=paho.MQTTv311)
    client.username_pw_set(hall["username"], password)
    if hall["cafile"]:
        client.tls_set(ca_certs=hall["cafile"])
    base = f"{prefix}/{table_id}"

    def on_connect(c: Any, u: Any, flags: Any, reason: Any, props: Any = None) -> None:
        if reason.is_failure:
            refused.append(reason)
            answered.set()
            return
        c.subscribe([(f"{base}/link", 1), (f"{base}/state", 1)])

    client.on_connect = on_connect
    client.on_subscribe = lambda *a: answered.set()
    client.on_message = lambda c, u, msg: got.__setitem__(msg.topic[len(base) + 1:], bytes(msg.payload))
    client.connect_timeout = TIMEOUT
    client.connect(hall["host"], hall["port"], keepalive=10)
    client.loop_start()
    try:
        if not answered.wait(TIMEOUT):
            raise OSError("no answer")
        if refused and refused[0].value in REFUSED_LOGIN:
            raise LoginRefused(str(refused[0]))
        if refused:
            raise OSError(f"the venue broker turned the connection away ({refused[0]})")
        time.sleep(QUIET)  # retained messages follow the subscription's answer
    finally:
        client.disconnect()
        client.loop_stop()
    if not got.get("link") and not got.get("state"):
        return None
    return Seen(got.get("link", b"").strip() == b"1", _name(got.get("state")))


def _name(state: bytes | None) -> str | None:
    try:
        return str(json.loads(state)["table"]["name"]) if state else None
    except (ValueError, KeyError, TypeError):
        return None
