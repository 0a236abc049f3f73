"""What a stranger or a stolen table can do at the venue (docs/hall.md, "Security"), tried against
the venue broker as venue.sh sets it up and tables bridged in as hall-join writes them: a table's
login writes only its own table, nobody takes a table's client id, and no password crosses the
wire in clear. MQTT 3.1.1 acknowledges a refused publish as if it went through, so every refusal
is proved by a second subscriber that never sees it, after a marker sent later did arrive."""

from __future__ import annotations

import json
import os
import threading
import time

import paho.mqtt.client as paho
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion.hall.bridge import drop_in
from companion.hall.export import fetch_plays, unique
from companion.hall.topics import play_name
from tests.broadcast.conftest import Watcher
from tests.hall.test_hall_faults import finish, hall_screen, page_plays, shown
from tests.support.browser import wait_for
from tests.support.cut_link import CutLink
from tests.support.hall import DYNSEC, HallTable, ORGANISER_PASSWORD, play_script, venue_broker
from tests.support.mosquitto import MOSQUITTO, Broker

pytestmark = pytest.mark.skipif(not os.path.exists(MOSQUITTO) or not os.path.exists(DYNSEC),
                                reason="needs Mosquitto 2.0 with its dynamic-security plugin")


@pytest.fixture
def hall(tmp_path):
    """A venue with two tables linked (window, corner), corner with one finished play."""
    venue = venue_broker(tmp_path / "venue").start()
    tables = [HallTable(tmp_path / tid, venue, tid, name, through_link=False).start()
              for tid, name in (("window", "Window"), ("corner", "Corner"))]
    watcher = Watcher(venue.mqtt_port, "companion/#")  # anonymous and read-only, as the hall page
    try:
        for t in tables:
            watcher.wait_for(lambda w, t=t: any(m.payload == b"1" for m in w.on(f"companion/{t.id}/link")), 15)
        play_script(tables[1], "bonc/scripts/full_game_to_one_winner.jsonl")
        watcher.wait_for(lambda w: [m for m in w.messages if m.topic.startswith("companion/corner/plays/")], 15)
        yield venue, tables, watcher
    finally:
        watcher.close()
        for t in tables:
            t.close()
        venue.stop()


def _marker(venue, watcher: Watcher, n: int) -> None:
    """A message the venue takes, sent after the attempts (by a table of its own, "witness"): once
    it is seen, an attempt the venue had let through would have been seen before it."""
    topic = "companion/witness/events"
    with venue.as_table("witness") as c:
        c.publish(topic, f"marker {n}".encode(), qos=1).wait_for_publish(5)
    watcher.wait_for(lambda w: any(m.payload == f"marker {n}".encode() for m in w.on(topic)), 10)


def test_a_tables_login_writes_only_its_own_table(hall):
    venue, (window, corner), watcher = hall
    mine = f"companion/corner/plays/{play_name(corner.table.record.id, corner.table.record.started_at)}"
    held = watcher.on(mine)[-1].payload
    forged = json.loads(held)
    forged.update(id=99, uid="99-20261128T000000Z", players=[{"name": "Mallory", "score": 99, "rank": 1, "winner": True}])
    # window's own login (stolen from its Pi): a play for corner, corner's play emptied and
    # overwritten, corner's state and link; the organiser's login cannot write a table either.
    with venue.as_table("window") as thief:
        for topic, payload in (("companion/corner/plays/99", json.dumps(forged).encode()),
                               (mine, b""),
                               ("companion/corner/state", b'{"version": 999999999}'),
                               ("companion/corner/link", b"0")):
            thief.publish(topic, payload, qos=1, retain=True).wait_for_publish(5)
        thief.publish("companion/window/events", b"window's own", qos=1).wait_for_publish(5)
    hall_ = {**venue.hall}
    from companion.hall.enrol import ORGANISER, session

    with session(hall_, ORGANISER, ORGANISER_PASSWORD) as organiser:
        organiser.publish("companion/corner/plays/98", json.dumps(forged).encode(), qos=1,
                          retain=True).wait_for_publish(5)
    # Anonymous, on the read-only listeners.
    anon = Watcher(venue.mqtt_port, "x")
    anon.client.publish("companion/corner/plays/97", json.dumps(forged).encode(), qos=1, retain=True).wait_for_publish(5)
    anon.close()
    _marker(venue, watcher, 1)

    assert any(m.payload == b"window's own" for m in watcher.on("companion/window/events"))
    assert not [m for m in watcher.messages if m.topic.startswith("companion/corner/plays/9")]
    assert [m.payload for m in watcher.on(mine)] == [held]
    assert not [m for m in watcher.on("companion/corner/link") if m.payload == b"0"]
    assert not [m for m in watcher.on("companion/corner/state") if b"999999999" in m.payload]
    # What the standings and the export read, afresh from the venue: corner's one play, no Mallory.
    plays = fetch_plays("127.0.0.1", venue.mqtt_port, "companion")
    assert [(p["table"]["id"], p["id"]) for p in plays] == [("corner", 1)]
    assert "Mallory" not in json.dumps(plays)


def _try_connect(port: int, client_id: str, *, login: tuple[str, str] | None = None, cafile: str | None = None,
                 protocol: int = paho.MQTTv311, transport: str = "tcp") -> str:
    """Connect with this client id and say what the venue answered; the connection is left
    open a moment (a takeover happens at once) and closed."""
    c = paho.Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=protocol, transport=transport)
    if transport == "websockets":
        c.ws_set_options(path="/mqtt")
    if login:
        c.username_pw_set(*login)
    if cafile:
        c.tls_set(ca_certs=cafile)
    answered = threading.Event()
    result: list[str] = []
    c.on_connect = lambda cl, u, f, reason, p=None: (result.append(str(reason)), answered.set())
    c.on_disconnect = lambda cl, u, f, reason, p=None: (result.append(f"dropped: {reason}"), answered.set())
    try:
        c.connect("127.0.0.1", port, keepalive=10)
    except OSError as exc:
        return f"no connection: {exc}"
    c.loop_start()
    try:
        assert answered.wait(5), f"no answer for {client_id}"
        return result[0]
    finally:
        c.disconnect()
        c.loop_stop()


def test_nobody_takes_a_tables_client_id(hall):
    venue, (window, corner), watcher = hall
    thief = ("window", venue._logins["window"])  # another table's login
    predictable = ["corner", "corner.index", "companion-corner-hall", "companion-corner-hall-index",
                   "hall:companion-corner-hall", "hall:companion-corner-hall-index", "hall.organiser", "",
                   "hall:corner", "corner-hall"]
    answers = {}
    for cid in predictable:
        answers[("anonymous, read-only", cid)] = _try_connect(venue.mqtt_port, cid)
        answers[("anonymous, hall page's", cid)] = _try_connect(venue.ws_port, cid, transport="websockets")
        answers[("anonymous, tables' port", cid)] = _try_connect(venue.tls_port, cid, cafile=venue.cafile)
        answers[("window's login", cid)] = _try_connect(venue.tls_port, cid, login=thief, cafile=venue.cafile,
                                                         protocol=paho.MQTTv5)
    # The anonymous read-only listener takes clients only under ids no table has ("hall:..."); the
    # tables' port none without a login; window's login connects as window only (its own bridge
    # then falls over, as a stolen login of window's may do to window alone).
    assert all(a != "Success" for (who, cid), a in answers.items() if who == "anonymous, tables' port"), answers
    assert all(a != "Success" for (who, cid), a in answers.items()
               if who.startswith("anonymous") and not cid.startswith("hall:") and cid), answers
    _marker(venue, watcher, 2)
    assert not [m for m in watcher.on("companion/corner/link") if m.payload == b"0"], "corner was knocked off"
    log = venue.log_text()
    assert "Client corner already connected" not in log and "Client corner.index already connected" not in log
    # corner's bridge carries on: its next move reaches the venue.
    before = len(watcher.on("companion/corner/state"))
    play_script(corner, "bonc/scripts/full_game_to_one_winner.jsonl", upto=1)
    watcher.wait_for(lambda w: len(w.on("companion/corner/state")) > before, 10)


def test_no_password_crosses_the_wire_in_clear(tmp_path):
    venue = venue_broker(tmp_path / "venue").start()
    tls_link, plain_link = CutLink(venue.tls_port), CutLink(venue.mqtt_port)
    tls_table = Broker(tmp_path / "tls")
    plain_table = Broker(tmp_path / "plain")
    password = venue.add_table("window")
    watcher = Watcher(venue.mqtt_port, "companion/#")
    try:
        config = tls_table.companion_config(table={"id": "window"}, hall={**venue.hall, "port": tls_link.port})
        tls_table.set_extra_conf(drop_in(config, password))
        tls_table.start()
        watcher.wait_for(lambda w: any(m.payload == b"1" for m in w.on("companion/window/link")), 15)
        # Control: the same bridge without TLS (hall-join --insecure), dialling the read-only port:
        # its CONNECT crosses in clear, and the capture sees the password.
        insecure = plain_table.companion_config(table={"id": "window"},
                                                hall={**venue.hall, "port": plain_link.port, "cafile": ""})
        plain_table.set_extra_conf(drop_in(insecure, password))
        plain_table.start()
        deadline = time.monotonic() + 10
        while password.encode() not in bytes(plain_link.sent):  # the insecure bridge's CONNECT
            assert time.monotonic() < deadline, "the capture never saw the insecure bridge's password"
            time.sleep(0.05)
        captured = bytes(tls_link.sent)
        assert captured[:1] == b"\x16", "the tables' port did not start with a TLS handshake"
        assert password.encode() not in captured and b"window.index" not in captured and b"MQTT" not in captured
    finally:
        watcher.close()
        for b in (tls_table, plain_table):
            b.stop()
        for link in (tls_link, plain_link):
            link.close()
        venue.stop()


def test_a_play_or_state_claiming_another_table_counts_nowhere(tmp_path):
    """window's login writes its own topics only, but what it writes there may claim to be
    corner's: a play for "corner" (one reusing corner's play's name too) and a state. The hall page
    and `hall-export` go by the topic, never by the payload's word: none of it is corner's."""
    with hall_screen(tmp_path, [("window", "Window"), ("corner", "Corner")], through_link=False) as (
            venue, (window, corner), driver):
        driver.get(venue.phone_url + "hall.html")
        finish(corner)
        wait_for(lambda: page_plays(driver) == [["corner/1"], 2], 15)
        real = [p for p in fetch_plays("127.0.0.1", venue.mqtt_port, "companion")]
        assert [(p["table"]["id"], p["id"]) for p in real] == [("corner", 1)]
        uid = real[0]["uid"]
        forged = {**real[0], "id": 99, "uid": "zz2", "table": {"id": "corner", "name": "Corner"},
                  "players": [{"name": "Mallory2", "score": 99, "rank": 1, "winner": True}]}
        mine = {**forged, "id": 7, "uid": "7-20261128T000000Z", "table": {"id": "window", "name": "Window"},
                "players": [{"name": "Wendy", "score": 1, "rank": 1, "winner": True}]}
        state = {"epoch": 2 ** 40, "version": 10 ** 12, "table": {"id": "corner", "name": "Corner"}, "game": "tally",
                 "players": [{"name": "Mallory3"}], "scores": {"Mallory3": 99}}
        with venue.as_table("window") as thief:  # window's own login, on window's own topics
            for topic, payload in (("companion/window/plays/zz2", forged),
                                   (f"companion/window/plays/{uid}", {**forged, "id": 1, "uid": uid}),
                                   ("companion/window/state", state),
                                   # Then a play of window's own: once the page counts it, it has had the rest.
                                   (f"companion/window/plays/{mine['uid']}", mine)):
                thief.publish(topic, json.dumps(payload).encode(), qos=1, retain=True).wait_for_publish(5)

        wait_for(lambda: page_plays(driver)[0] == ["corner/1", "window/7"], 15)
        page = driver.execute_script("return document.body.innerText")
        assert "Mallory2" not in page and "Mallory3" not in page
        corner_plays = driver.execute_script(
            "var all = window.hallDebug.plays; return Object.keys(all).filter(function (k) {"
            " return all[k].table.id === 'corner'; }).map(function (k) { return all[k].players.map("
            " function (s) { return s.name; }); });")
        assert corner_plays == [["Ann", "Ben"]]  # corner's own play, not replaced under its name
        assert shown(driver, "corner") == [corner.version(), "yes"]
        assert shown(driver, "window")[0] == window.version()  # the state claiming corner was dropped
        # The export, afresh from the venue: corner's one play, window's own, no Mallory2.
        held = unique(fetch_plays("127.0.0.1", venue.mqtt_port, "companion"))
        assert [(p["table"]["id"], p["id"], [s["name"] for s in p["players"]]) for p in held] == [
            ("corner", 1, ["Ann", "Ben"]), ("window", 7, ["Wendy"])]
        assert "Mallory2" not in json.dumps(held)

        # window may name itself as it likes, corner's name too: then both cards show their ids.
        with venue.as_table("window") as thief:
            thief.publish("companion/window/state", json.dumps({**state, "table": {"id": "window", "name": "Corner"},
                                                               "players": [], "scores": {}}).encode(),
                          qos=1, retain=True).wait_for_publish(5)
        titles = lambda: sorted(driver.execute_script(  # noqa: E731
            "return Array.from(document.querySelectorAll('#tables .table h3')).map(function (h) {"
            " return h.textContent; });"))
        wait_for(lambda: titles() == ["Corner (corner)", "Corner (window)"], 15)
