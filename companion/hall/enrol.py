"""A table's own login at the venue broker, made with the organiser's secret (docs/hall.md,
"Security"). The venue's Mosquitto keeps its logins in its dynamic-security plugin; the organiser's
login may change them at run time over `$CONTROL/dynamic-security/v1`, so enrolment is one command
on the table and nothing on the venue machine.

Each table has two logins, one per bridge connection, because the tables' listener makes a
client's id its login (nobody else can take it): `<id>` carries the table's topics out,
`<id>.index` reads back what the venue holds. Both share one password and one role, which may
write and read `<prefix>/<id>/#` and nothing else. A table id is letters, digits, - and _, so no
table's login is the organiser's, another table's read-back login, or starts with "hall:" (the
prefix every other client's id must have, venue.conf).
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

ORGANISER = "hall.organiser"  # the organiser's login at the venue (venue.sh makes it)
CONTROL = "$CONTROL/dynamic-security/v1"
TIMEOUT = 10.0  # seconds for the venue to answer a connection or a subscription
# Seconds for the venue to make a login: the plugin writes its whole file for every change, which
# a busy venue machine takes its time over (seconds, with fifty tables joining at once).
CONTROL_TIMEOUT = 30.0
REFUSED_LOGIN = (0x86, 0x87)  # CONNACK "Bad user name or password", "Not authorized" (3.1.1: 4, 5)
TAKEN_OVER = 0x8E  # DISCONNECT "Session taken over": another client connected with this one's id
CLIENT_ID_PREFIX = "hall:"  # what the venue asks of every client id but a table's (venue.conf)


class LoginRefused(Exception):
    """The venue answered and refused the login. Not an OSError: unlike a venue out of reach,
    the table would never link with it."""


class EnrolFailed(Exception):
    """The venue took the organiser's login but did not make the table's (its words follow)."""


class Dropped(OSError):
    """The venue closed this session after taking its login. On the tables' port a login is its
    client id, so most likely another client logged in with it: another `hall-join` as the
    organiser (companion/hall/organiser.py tries again). Mosquitto 2.0.11 just closes the
    connection; later ones say so (TakenOver)."""


class TakenOver(Dropped):
    """The venue said it closed this session for another with its client id."""


def logins(table_id: str) -> tuple[str, str]:
    """The table's two logins (and client ids) at the venue: its topics out, the read-back."""
    return table_id, f"{table_id}.index"


def role(table_id: str) -> str:
    return f"table-{table_id}"


def new_password() -> str:
    """A table's password: 32 characters of letters, digits, - and _ (one word in mosquitto.conf)."""
    return secrets.token_urlsafe(24)


@contextmanager
def session(hall: Any, username: str | None, password: str | None, insecure: bool = False) -> Iterator[Any]:
    """A paho client logged in at the venue (TLS with [hall] cafile unless `insecure`), its
    network loop running. LoginRefused, or OSError when the venue cannot be reached."""
    import paho.mqtt.client as paho
    from paho.mqtt.enums import CallbackAPIVersion

    client = paho.Client(CallbackAPIVersion.VERSION2, client_id=CLIENT_ID_PREFIX + secrets.token_hex(6),
                         protocol=paho.MQTTv5)
    if username is not None:
        client.username_pw_set(username, password)
    if hall["cafile"]:
        client.tls_set(ca_certs=hall["cafile"])
    elif not insecure:
        raise ValueError("a login over plain MQTT needs insecure=True")
    answered = threading.Event()
    result: list[Any] = []
    # How the venue closed the session, if it did: every wait for an answer (_wait) stops at once.
    lost: list[Any] = []
    client.user_data_set(lost)

    def on_connect(c: Any, u: Any, flags: Any, reason: Any, props: Any = None) -> None:
        result.append(reason)
        answered.set()

    def on_disconnect(c: Any, u: Any, flags: Any, reason: Any, props: Any = None) -> None:
        lost.append(reason)

    client.on_connect = on_connect
    client.on_disconnect = on_disconnect
    client.connect_timeout = TIMEOUT
    client.connect(hall["host"], hall["port"], keepalive=10)
    client.loop_start()
    try:
        if not answered.wait(TIMEOUT):
            raise OSError("no answer")
        if result[0].is_failure:
            if result[0].value in REFUSED_LOGIN:
                raise LoginRefused(str(result[0]))
            raise OSError(f"the venue broker turned the connection away ({result[0]})")
        yield client
    finally:
        client.disconnect()
        client.loop_stop()


def login_works(hall: Any, username: str, password: str, insecure: bool = False) -> bool:
    """Whether the venue takes this login (LoginRefused is False; OSError when out of reach)."""
    try:
        with session(hall, username, password, insecure):
            return True
    except LoginRefused:
        return False


def _wait(client: Any, answered: threading.Event, timeout: float) -> bool:
    """Wait for an answer while the session lasts: TakenOver (or Dropped) as soon as the venue
    closes it, rather than waiting out the timeout for an answer that cannot come."""
    deadline = time.monotonic() + timeout
    while not answered.wait(0.02):
        _check_kept(client)
        if time.monotonic() >= deadline:
            return False
    return True


def _check_kept(client: Any) -> None:
    lost = client.user_data_get() or []
    if lost:
        reason = lost[0]
        if getattr(reason, "value", None) == TAKEN_OVER:
            raise TakenOver("another client logged in with this session's client id")
        raise Dropped(f"the venue broker closed the connection ({reason})")


def control(client: Any, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Send dynamic-security commands with the organiser's session; their answers, in order."""
    answers: list[dict[str, Any]] = []
    got = threading.Event()

    def on_message(c: Any, u: Any, msg: Any) -> None:
        try:
            answers.extend(json.loads(msg.payload)["responses"])
        except (ValueError, KeyError, TypeError):
            return
        got.set()

    subscribed = threading.Event()
    client.on_message = on_message
    client.on_subscribe = lambda *a: subscribed.set()
    client.subscribe(f"{CONTROL}/response", qos=1)
    if not _wait(client, subscribed, TIMEOUT):
        raise OSError("no answer to the subscription")
    # QoS 0: Mosquitto before 2.0.15 takes any trouble acknowledging a control message for "out
    # of memory" and drops the connection (Mosquitto issue 2525, seen when a command logs a
    # client out); the answer on the response topic is the acknowledgement that counts.
    client.publish(CONTROL, json.dumps({"commands": commands}), qos=0)
    if not _wait(client, got, CONTROL_TIMEOUT):
        raise OSError("the venue broker did not answer the enrolment (is it the venue's own Mosquitto?)")
    return answers


def enrol(client: Any, prefix: str, table_id: str, password: str) -> None:
    """Make (or remake, with a new password) the table's logins and role with the organiser's
    session: a login made before for this id (a Pi replaced) stops working."""
    name, topics = role(table_id), f"{prefix}/{table_id}/#"
    commands: list[dict[str, Any]] = [
        {"command": "createRole", "rolename": name},
        {"command": "addRoleACL", "rolename": name, "acltype": "publishClientSend", "topic": topics, "allow": True},
        {"command": "addRoleACL", "rolename": name, "acltype": "subscribePattern", "topic": topics, "allow": True},
    ]
    for username in logins(table_id):
        commands += [
            {"command": "createClient", "username": username, "password": password,
             "roles": [{"rolename": name}]},
            # Already there (a Pi replaced, or joining again): a new password and the one role.
            {"command": "modifyClient", "username": username, "password": password,
             "roles": [{"rolename": name}]},
        ]
    answers = control(client, commands)
    if len(answers) != len(commands):
        raise EnrolFailed(f"{len(answers)} answers to {len(commands)} commands")
    # Whatever exists already (a table enrolled before) is fine; anything else is not.
    harmless = ("already exists", "already has", "already in")
    for asked, answer in zip(commands, answers):
        error = str(answer.get("error") or "")
        if error and not any(h in error.lower() for h in harmless):
            raise EnrolFailed(f"{asked['command']}: {error}")


def read_retained(client: Any, topics: list[str]) -> dict[str, bytes]:
    """The retained messages of these topics, read with a session that may read them.

    Mosquitto queues a subscription's retained messages as it answers the subscription, and on a
    session with nothing else waiting to go out (a fresh one, as every caller's is) they leave
    before the answer to a second subscription: that answer comes after all of them, however slow
    the venue's network. (A fixed pause after the first answer missed a table's state still on its
    way over a slow link, and took a linked table for none.) Not for a busy session: there the
    second answer could overtake messages still queued."""
    got: dict[str, bytes] = {}
    answered: set[int] = set()
    last: list[int] = []  # the second subscription's message id, once known
    all_in = threading.Event()

    def on_subscribe(_client: Any, _userdata: Any, mid: int, *_rest: Any) -> None:
        answered.add(mid)
        if last and last[0] in answered:
            all_in.set()

    client.on_message = lambda c, u, msg: got.__setitem__(msg.topic, bytes(msg.payload))
    client.on_subscribe = on_subscribe
    # QoS 0: the broker sends these at once, never held back by its limit on messages in flight.
    client.subscribe([(t, 0) for t in topics])
    _, mid = client.subscribe(topics[0], 0)  # its retained message again, after the answer: harmless
    last.append(mid)
    if mid in answered:
        all_in.set()
    if not _wait(client, all_in, TIMEOUT):
        raise OSError("no answer to the subscription")
    _check_kept(client)  # they may have been cut short
    return got
