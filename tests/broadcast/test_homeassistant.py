"""Home Assistant discovery behind [mqtt] homeassistant: one sensor per player's score,
availability wired to the table's, announced again when Home Assistant comes online."""

from __future__ import annotations

import json
import time

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion

from companion.broadcast import homeassistant
from companion.broadcast.mqtt import Broadcaster
from companion.broadcast.topics import Topics
from tests.broadcast.conftest import Watcher

TOPICS = Topics("companion", "table1")


def test_each_player_gets_a_score_sensor_reading_the_table_state():
    messages = dict(homeassistant.discovery(TOPICS, "homeassistant", "Kitchen", ["Ann", "Zoë Lee"]))
    ann = json.loads(messages["homeassistant/sensor/companion_table1/score_ann/config"])
    assert ann["state_topic"] == "companion/table1/state"
    assert ann["value_template"] == '{{ value_json.scores.get("Ann") }}'
    assert ann["availability_topic"] == "companion/table1/availability"
    assert (ann["payload_available"], ann["payload_not_available"]) == ("online", "offline")
    assert ann["device"]["identifiers"] == ["companion_table1"] and ann["device"]["name"] == "Kitchen"
    zoe_topic = next(t for t in messages if "score_zo" in t)
    assert json.loads(messages[zoe_topic])["unique_id"].startswith("companion_table1_score_zo")


def test_players_of_the_last_game_who_left_lose_their_sensor():
    held = {homeassistant.config_topic(TOPICS, "homeassistant", p) for p in ("Ann", "Ben")}
    messages = homeassistant.discovery(TOPICS, "homeassistant", "Kitchen", ["Ann"], held=held)
    assert ("homeassistant/sensor/companion_table1/score_ben/config", b"") in messages
    assert all(payload for topic, payload in messages if "score_ann" in topic)


def test_only_this_tables_sensor_topics_are_taken_for_its_own():
    assert homeassistant.sensors_filter(TOPICS, "ha") == "ha/sensor/companion_table1/+/config"
    assert homeassistant.is_sensor_config(TOPICS, "ha", "ha/sensor/companion_table1/score_ann/config")
    for other in ("ha/sensor/companion_table2/score_ann/config", "ha/sensor/companion_table1/score_ann/state",
                  "ha/sensor/companion_table1/config", "ha/status", "hb/sensor/companion_table1/score_ann/config"):
        assert not homeassistant.is_sensor_config(TOPICS, "ha", other), other


def test_similar_names_never_share_a_sensor():
    names = ["Ann Lee", "Ann-Lee", "ann_lee", "Ann lee!"]
    topics = {homeassistant.config_topic(TOPICS, "homeassistant", n) for n in names}
    assert len(topics) == len(names)


def test_discovery_is_published_retained_and_again_when_home_assistant_starts(broker, table):
    b = Broadcaster(broker.companion_config(mqtt={"homeassistant": True}), table)
    b.start()
    ha = Watcher(broker.mqtt_port, ["homeassistant/sensor/#", "companion/table1/state"],
                 username="spy", password="spy-password")
    try:
        table.start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 2})
        config = "homeassistant/sensor/companion_table1/score_ann/config"
        ha.wait_for(lambda w: w.on(config))
        ha.wait_for(lambda w: (w.last_state("companion/table1/state") or {}).get("scores") == {"Ann": 2, "Ben": 0})
        announced = len(ha.on(config))
        # Home Assistant restarts and says so on its status topic: the table announces itself again.
        hass = paho.Client(CallbackAPIVersion.VERSION2)
        hass.username_pw_set("homeassistant", "ha-password")
        hass.connect("127.0.0.1", broker.mqtt_port)
        hass.loop_start()
        hass.publish("homeassistant/status", "online", qos=1).wait_for_publish(3)
        ha.wait_for(lambda w: len(w.on(config)) > announced)
        hass.disconnect()
        hass.loop_stop()
        # A new game with other players: the old players' sensors are removed.
        table.close_game()
        table.start("tally", ["Cy", "Di"], {})
        ha.wait_for(lambda w: [m for m in w.on(config) if m.payload == b""])
        ha.wait_for(lambda w: w.on("homeassistant/sensor/companion_table1/score_cy/config"))
    finally:
        b.close()
        ha.close()


def sensors(watcher: Watcher) -> set[str]:
    """The players whose sensor the broker holds now (retained, not removed)."""
    latest: dict[str, bytes] = {}
    for m in watcher.messages:
        if m.topic.startswith("homeassistant/sensor/"):
            latest[m.topic] = m.payload
    return {json.loads(p)["name"].removesuffix(" score") for p in latest.values() if p}


def test_sensors_outlive_a_game_and_a_restart_and_go_with_the_players(broker, tmp_path):
    from companion.store import Store
    from companion.table import Table

    config = broker.companion_config(mqtt={"homeassistant": True})
    ha = Watcher(broker.mqtt_port, ["homeassistant/sensor/#"], username="spy", password="spy-password")
    store = Store(tmp_path / "companion.db")
    table = Table(store)
    try:
        with Broadcaster(config, table) as b:
            table.start("tally", ["Ann", "Ben"], {})
            ha.wait_for(lambda w: sensors(w) == {"Ann", "Ben"})
            handed = b.published_states
            table.close_game()  # between games the sensors stay: Home Assistant keeps its history
            ha.wait_for(lambda w: b.published_states > handed)  # the table's pass after it is done...
            ha.settled(broker.mqtt_port, via=b._client)  # ...and all it sent has arrived
            assert sensors(ha) == {"Ann", "Ben"}
        # The app restarts (it no longer remembers whom it announced) and other players sit down.
        table = Table(store)
        with Broadcaster(config, table):
            table.start("tally", ["Ann", "Cy"], {})
            ha.wait_for(lambda w: sensors(w) == {"Ann", "Cy"})
        # Discovery switched off: the table's sensors are taken away at the next start.
        with Broadcaster(broker.companion_config(), Table(store)):
            ha.wait_for(lambda w: sensors(w) == set())
    finally:
        ha.close()
        store.close()


def test_switched_off_nothing_is_announced(broker, table, spy):
    b = Broadcaster(broker.companion_config(), table)
    b.start()
    table.start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 2})
    spy.wait_for(lambda w: w.on("companion/table1/state"))
    spy.settled(broker.mqtt_port, via=b._client)  # everything it sent before has arrived
    b.close()
    assert not [m for m in spy.messages if m.topic.startswith("homeassistant/")]


def test_with_an_older_broker_setup_players_who_leave_still_lose_their_sensor(tmp_path):
    """A Pi set up before the table could read its sensors back (write-only ACL): within one
    run, the table still removes the sensors it announced itself."""
    from companion.store import Store
    from companion.table import Table
    from tests.support.mosquitto import Broker

    old = Broker(tmp_path / "broker", extra_users={"spy": "spy-password"}, extra_acl="\nuser spy\ntopic read #\n")
    acl = old.dir / "acl"
    acl.write_text(acl.read_text().replace("topic readwrite homeassistant/sensor/#", "topic write homeassistant/sensor/#"))
    assert "topic write homeassistant/sensor/#" in acl.read_text()
    old.start()
    ha = Watcher(old.mqtt_port, ["homeassistant/sensor/#"], username="spy", password="spy-password")
    store = Store(tmp_path / "companion.db")
    try:
        table = Table(store)
        with Broadcaster(old.companion_config(mqtt={"homeassistant": True}), table):
            table.start("tally", ["Ann", "Ben"], {})
            ha.wait_for(lambda w: sensors(w) == {"Ann", "Ben"})
            table.start("tally", ["Ann", "Cy"], {})
            ha.wait_for(lambda w: sensors(w) == {"Ann", "Cy"})
    finally:
        ha.close()
        store.close()
        old.stop()
