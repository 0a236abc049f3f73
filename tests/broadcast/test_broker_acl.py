"""The Mosquitto drop-in: the table publishes with its password, phones read anonymously and
can change nothing, and the websockets listener serves the phone page."""

from __future__ import annotations

import time
import urllib.request

import paho.mqtt.client as paho
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from tests.broadcast.conftest import SPY_PASSWORD, SPY_USER, Watcher, retained

STATE = "companion/table1/state"
TABLE_TOPICS = [
    "companion/table1/state",
    "companion/table1/events",
    "companion/table1/availability",
    "companion/table1/anything/else",
    "companion/table2/state",
    "homeassistant/sensor/companion_table1/score_ann/config",
]


def test_an_anonymous_phone_over_websockets_receives_the_state(broker, table, broadcaster):
    table.start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 2})
    phone = Watcher(broker.ws_port, "companion/table1/#", transport="websockets")
    try:
        phone.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 1)
        # The table says online after its state (companion/broadcast/mqtt.py): wait for that word too.
        said = phone.wait_for(lambda w: w.on("companion/table1/availability"))
        assert said[-1].payload == b"online"
    finally:
        phone.close()


def _publish_anonymously(port, transport, protocol, topics):
    client = paho.Client(CallbackAPIVersion.VERSION2, transport=transport, protocol=protocol)
    connected = []
    client.on_connect = lambda c, u, f, rc, p: connected.append(rc)
    client.connect("127.0.0.1", port, keepalive=10)
    client.loop_start()
    try:
        deadline = time.monotonic() + 5
        while not connected and time.monotonic() < deadline:
            time.sleep(0.01)
        assert connected and not connected[0].is_failure, connected
        for topic in topics:
            for qos in (0, 1):
                info = client.publish(topic, b'{"version": 999999999999, "game": "forged"}', qos=qos, retain=True)
                if qos:
                    info.wait_for_publish(3)  # the broker acks (or, with MQTT 5, says no) and drops it
    finally:
        client.disconnect()
        client.loop_stop()


@pytest.mark.parametrize("protocol", [paho.MQTTv311, paho.MQTTv5], ids=["mqtt3.1.1", "mqtt5"])
@pytest.mark.parametrize("listener", ["tcp", "websockets"])
def test_an_anonymous_publish_reaches_no_one_and_changes_nothing(broker, table, broadcaster, spy, listener, protocol):
    table.start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 1})
    spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 1)
    before = retained(broker.mqtt_port, STATE)
    seen = len(spy.messages)
    port = broker.mqtt_port if listener == "tcp" else broker.ws_port
    _publish_anonymously(port, listener, protocol, TABLE_TOPICS)
    spy.settled(broker.mqtt_port)
    assert spy.messages[seen:] == [], "an anonymous publish reached a subscriber"
    assert retained(broker.mqtt_port, STATE) == before
    assert retained(broker.mqtt_port, "companion/table2/state") is None


def test_a_client_claiming_the_table_login_without_its_password_is_refused(broker):
    for port, transport in ((broker.mqtt_port, "tcp"), (broker.ws_port, "websockets")):
        client = paho.Client(CallbackAPIVersion.VERSION2, transport=transport)
        client.username_pw_set("companion", "guess")
        codes = []
        client.on_connect = lambda c, u, f, rc, p: codes.append(rc)
        client.connect("127.0.0.1", port)
        client.loop_start()
        deadline = time.monotonic() + 5
        while not codes and time.monotonic() < deadline:
            time.sleep(0.01)
        client.loop_stop()
        assert codes and codes[0].is_failure, f"{transport}: {codes}"


def test_anonymous_clients_read_only_the_table_topics(broker, table, broadcaster):
    """Home Assistant's discovery and status topics are not for phones."""
    w = Watcher(broker.mqtt_port, "homeassistant/#")
    spy_pub = paho.Client(CallbackAPIVersion.VERSION2)
    spy_pub.username_pw_set("companion", "table-password-for-tests")
    spy_pub.connect("127.0.0.1", broker.mqtt_port)
    spy_pub.loop_start()
    spy_pub.publish("homeassistant/sensor/x/config", b"{}", qos=1).wait_for_publish(3)
    w.settled(broker.mqtt_port)
    spy_pub.disconnect()
    spy_pub.loop_stop()
    assert w.messages == []
    w.close()


def test_the_websockets_listener_serves_the_phone_page(broker):
    for path in ("", "index.html", "app.js", "render.js", "style.css", "vendor/mqtt.min.js"):
        with urllib.request.urlopen(broker.phone_url + path, timeout=5) as reply:
            assert reply.status == 200 and len(reply.read()) > 100, path


def test_the_spy_used_by_these_tests_may_read_but_never_write(broker):
    """The test-only reader must not hide a hole: it cannot publish either."""
    w = Watcher(broker.mqtt_port, "#", username=SPY_USER, password=SPY_PASSWORD)
    client = paho.Client(CallbackAPIVersion.VERSION2)
    client.username_pw_set(SPY_USER, SPY_PASSWORD)
    client.connect("127.0.0.1", broker.mqtt_port)
    client.loop_start()
    client.publish(STATE, b"forged", qos=1).wait_for_publish(3)
    w.settled(broker.mqtt_port)
    client.disconnect()
    client.loop_stop()
    assert w.messages == []
    w.close()


def test_the_page_server_gives_nothing_outside_the_phone_page(broker):
    import http.client

    for path in ("/../passwd", "/../../../../etc/passwd", "/%2e%2e/passwd", "/vendor/../../passwd"):
        conn = http.client.HTTPConnection("127.0.0.1", broker.ws_port, timeout=5)
        conn.request("GET", path)
        reply = conn.getresponse()
        body = reply.read()
        conn.close()
        assert reply.status == 404 and b"companion:" not in body and b"root:" not in body, path
