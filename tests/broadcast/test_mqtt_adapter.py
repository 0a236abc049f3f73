"""The MQTT adapter against a real Mosquitto: state, availability, events, coalescing, and failures."""

from __future__ import annotations

import json
import signal
import socket
import threading
import time

import paho.mqtt.client as paho
import pytest

from companion.broadcast import mqtt as adapter
from companion.broadcast.mqtt import Broadcaster
from companion.broadcast.topics import GAME_SPAN
from companion.core import RuleError
from tests.broadcast.conftest import Watcher, retained
from tests.support.mosquitto import Broker

STATE = "companion/table1/state"
EVENTS = "companion/table1/events"
AVAILABILITY = "companion/table1/availability"


def test_the_state_is_retained_at_qos_1_with_a_version_and_the_table(broker, table, broadcaster, spy):
    session = table.start("tally", ["Ann", "Ben"], {})
    session.dispatch({"type": "add", "points": 2})
    spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 1)
    state = retained(broker.mqtt_port, STATE)
    assert state is not None
    payload = json.loads(state)
    assert payload["view"]["scores"] == {"Ann": 2, "Ben": 0}
    assert payload["version"] == table.record.id * GAME_SPAN + 1
    assert payload["table"] == {"id": "table1", "name": "Game table"}
    assert payload["scores"] == {"Ann": 2, "Ben": 0}
    assert {k: payload[k] for k in session.view()} == session.view()  # the public view, unchanged


def test_availability_is_online_while_connected_and_offline_after_a_clean_close(broker, table, spy):
    b = Broadcaster(broker.companion_config(), table)
    b.start()
    spy.wait_for(lambda w: [m for m in w.on(AVAILABILITY) if m.payload == b"online"])
    assert retained(broker.mqtt_port, AVAILABILITY) == b"online"
    b.close()
    b.close()  # safe twice
    assert retained(broker.mqtt_port, AVAILABILITY) == b"offline"
    assert b.status().level == "off"


def test_events_are_published_once_and_not_retained(broker, table, broadcaster, spy):
    session = table.start("tally", ["Ann", "Ben"], {})
    spy.wait_for(lambda w: w.on(STATE) and broadcaster.connected)
    session.dispatch({"type": "pass"})
    session.dispatch({"type": "undo"})
    spy.wait_for(lambda w: len(w.on(EVENTS)) == 2)
    passed, undo = (m.json() for m in spy.on(EVENTS))
    assert passed["event"] == {"type": "passed", "player": "Ann", "text": "Ann passed"} and passed["revision"] == 1
    assert undo["event"] == {"type": "undo", "text": "Took back: Ann passed"} and undo["version"] > passed["version"]
    assert not any(m.retain for m in spy.on(EVENTS))
    assert retained(broker.mqtt_port, EVENTS) is None


def test_the_version_only_grows_across_undo_and_from_one_game_to_the_next(broker, table, broadcaster, spy):
    first = table.start("tally", ["Ann", "Ben"], {})
    first.dispatch({"type": "add", "points": 1})
    first.dispatch({"type": "undo"})
    table.close_game()
    second = table.start("tally", ["Cy", "Di"], {})
    second.dispatch({"type": "add", "points": 1})
    spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("players", [{}])[0].get("name") == "Cy"
                 and w.last_state(STATE)["revision"] == 1)
    versions = [m.json()["version"] for m in spy.on(STATE)]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)


def test_a_burst_is_coalesced_and_nothing_is_published_when_nothing_changes(broker, table, broadcaster, spy):
    """While the broker is slow to acknowledge a state, a burst of changes waits as one: the newest."""
    session = table.start("tally", ["Ann", "Ben"], {"target": 99})
    spy.wait_for(lambda w: broadcaster.connected and (w.last_state(STATE) or {}).get("game") == "tally")
    deadline = time.monotonic() + 5  # that state's acknowledgement is back: nothing in flight
    while broadcaster._state_mid is not None:
        assert time.monotonic() < deadline, "the opening state was never acknowledged"
        time.sleep(0.01)
    before_seen, before_published = len(spy.on(STATE)), broadcaster.published_states
    changes = 300
    broker.proc.send_signal(signal.SIGSTOP)  # it takes what the table sends and acknowledges nothing
    try:
        for _ in range(changes):
            session.dispatch({"type": "dial", "step": 1})
        time.sleep(0.5)  # every chance for the adapter to send more than it should
        handed_while_slow = broadcaster.published_states - before_published
    finally:
        broker.proc.send_signal(signal.SIGCONT)
    spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == changes)
    spy.settled(broker.mqtt_port, via=broadcaster._client)  # anything else paho had to send has arrived
    states = [m.json() for m in spy.on(STATE)[before_seen:]]
    # One state waited for its acknowledgement and the burst behind it collapsed into the newest:
    # the one in flight when the burst began, then the newest (or only the newest).
    assert handed_while_slow == 1, f"{handed_while_slow} states were handed to paho while one was unacknowledged"
    assert 1 <= len(states) <= 2, f"{changes} changes reached a subscriber as {len(states)} states"
    assert broadcaster.published_states - before_published == len(states)  # each one handed over arrived
    assert [s["revision"] for s in states] == sorted({s["revision"] for s in states})
    newest = states[-1]
    assert newest["revision"] == session.revision == changes
    assert {k: newest[k] for k in session.view()} == session.view()
    assert json.loads(retained(broker.mqtt_port, STATE))["revision"] == changes

    # A refused action changes nothing, so nothing is published.
    seen, published = len(spy.on(STATE)), broadcaster.published_states
    with pytest.raises(RuleError):
        session.dispatch({"type": "add", "points": 7, "by": "Nobody"})
    spy.settled(broker.mqtt_port, via=broadcaster._client)  # whatever the table had handed paho has arrived
    assert session.revision == changes
    assert len(spy.on(STATE)) == seen, "a state was published although nothing changed"
    assert broadcaster.published_states == published


class SilentBroker:
    """Something at the broker's address that never answers the table's MQTT.

    "holds": a server that accepts every connection and holds it, answering nothing (no
    CONNACK, ever): a hung broker, or a network gone quiet after the TCP handshake.
    "full": a listening socket whose backlog is full, so even the TCP handshake goes
    unanswered and a blocking connect() waits for its timeout.
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._server.bind(("127.0.0.1", 0))
        self.port: int = self._server.getsockname()[1]
        self.held: list[socket.socket] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if kind == "holds":
            self._server.listen(16)
            self._server.settimeout(0.05)
            self._thread = threading.Thread(target=self._hold, name="silent-broker", daemon=True)
            self._thread.start()
        else:
            self._server.listen(0)
            self._fill_backlog()

    def _hold(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.held.append(conn)

    def _fill_backlog(self) -> None:
        for _ in range(16):
            probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            probe.settimeout(0.5)
            try:
                probe.connect(("127.0.0.1", self.port))
            except TimeoutError:
                probe.close()
                return
            except ConnectionRefusedError:  # net.ipv4.tcp_abort_on_overflow=1 (Linux default: 0)
                probe.close()
                pytest.skip("this kernel refuses, rather than ignores, a connection to a full backlog")
            self.held.append(probe)  # it sits in the backlog, never accepted
        raise RuntimeError("the listener's backlog never filled")

    def still_silent(self) -> bool:
        """No answer was ever given: a new handshake still goes unanswered ("full"), or the
        table sent its MQTT CONNECT and nothing came back ("holds")."""
        if self.kind == "full":
            probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            probe.settimeout(0.5)
            try:
                probe.connect(("127.0.0.1", self.port))
            except TimeoutError:
                return True
            finally:
                probe.close()
            return False
        for conn in list(self.held):
            conn.settimeout(0.5)
            try:
                if conn.recv(1, socket.MSG_PEEK) == b"\x10":  # an MQTT CONNECT, never answered
                    return True
            except OSError:
                pass
        return False

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)
        for conn in self.held:
            conn.close()
        self._server.close()


def play(session, seconds: float = 0.0, at_least: int = 0) -> list[float]:
    """The touchscreen: an action every few milliseconds, each one timed."""
    timings: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end or len(timings) < at_least:
        t0 = time.monotonic()
        session.dispatch({"type": "dial", "step": 1})
        timings.append(time.monotonic() - t0)
        time.sleep(0.003)
    return timings


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


CONNECT_TIMEOUT = adapter._new_client("probe").connect_timeout  # what one connect attempt may take


# How much slower a move may be, at the median, with a broadcaster that cannot reach its
# broker: far below a connect attempt (seconds), above a busy 2-core machine's drift.
SLOWER = 0.02


@pytest.mark.parametrize("kind", ["holds", "full"], ids=["accepts-and-never-answers", "handshake-unanswered"])
def test_the_touchscreen_never_waits_on_a_broker_that_never_answers(tmp_path, table, kind):
    # The same moves with no broadcaster at all: what this machine and disk take to commit them.
    t0 = time.monotonic()
    alone = table.start("tally", ["Ann", "Ben"], {"target": 99})
    baseline_open = time.monotonic() - t0
    baseline = play(alone, at_least=100)
    table.close_game()
    silent = SilentBroker(kind)
    cfg = {"mqtt": {"host": "127.0.0.1", "port": silent.port}}
    b = Broadcaster(Broker(tmp_path / "unused").companion_config(**cfg), table)
    try:
        t0 = time.monotonic()
        b.start()
        starting = time.monotonic() - t0
        t0 = time.monotonic()
        session = table.start("tally", ["Ann", "Ben"], {"target": 99})
        opening = time.monotonic() - t0
        status = b.status()
        assert status.level == "waiting" and f"no broker at 127.0.0.1:{silent.port}" in status.detail
        # Longer than a connect attempt and its retry: every moment of the adapter's waiting is covered.
        timings = play(session, seconds=CONNECT_TIMEOUT + 1.0, at_least=100)
        status = b.status()
        assert silent.still_silent(), "the listener answered after all: this test proves nothing"
    finally:
        t0 = time.monotonic()
        b.close()
        closing = time.monotonic() - t0
        silent.close()
    assert session.revision == len(timings)
    assert starting < 0.5, f"start() waited {starting:.2f} s"
    assert opening < baseline_open + 0.5, f"opening a game waited {opening - baseline_open:.2f} s"
    # Each move takes what the disk takes, whatever the broker does: a wait on it would be a
    # connect attempt or a CONNACK (seconds), never a few milliseconds.
    assert median(timings) < median(baseline) + SLOWER, (
        f"moves slowed from {median(baseline) * 1000:.1f} ms to {median(timings) * 1000:.1f} ms (median)"
    )
    slowest = max(timings)
    assert slowest < max(baseline) + CONNECT_TIMEOUT / 3, f"a move waited {slowest:.2f} s"
    assert status.level == "waiting" and f"no broker at 127.0.0.1:{silent.port}" in status.detail
    assert "trying again" in status.detail
    assert closing < CONNECT_TIMEOUT + 1.0, f"leaving the app waited {closing:.2f} s"


def test_with_no_broker_at_all_the_table_plays_on_and_finds_the_broker_when_it_comes(tmp_path, table):
    absent = Broker(tmp_path / "absent")  # configured, never started: its port refuses at once
    alone = table.start("tally", ["Ann", "Ben"], {})
    baseline = play(alone, at_least=20)
    b = Broadcaster(absent.companion_config(), table)
    t0 = time.monotonic()
    b.start()
    starting = time.monotonic() - t0
    session = table.start("tally", ["Ann", "Ben"], {})
    timings = play(session, at_least=20)
    assert starting < 0.5, f"start() waited {starting:.2f} s"
    assert median(timings) < median(baseline) + SLOWER
    assert max(timings) < max(baseline) + CONNECT_TIMEOUT / 3
    deadline = time.monotonic() + 5  # its first attempt has been refused
    while "connection refused" not in b.status().detail:
        assert time.monotonic() < deadline, b.status()
        time.sleep(0.01)
    status = b.status()
    assert status.level == "waiting" and "no broker at 127.0.0.1" in status.detail
    assert "connection refused or timed out" in status.detail
    # The broker turns up later: the table finds it and tells what is being played.
    absent.start()
    try:
        w = Watcher(absent.mqtt_port, STATE)
        w.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 20, timeout=8)
        assert b.status().level == "ok"
        w.close()
    finally:
        b.close()
        absent.stop()


def test_a_wrong_password_shows_on_the_status_screen(broker, table, tmp_path):
    wrong = tmp_path / "wrong-password"
    wrong.write_text("not-the-password\n")
    b = Broadcaster(broker.companion_config(mqtt={"password_file": str(wrong)}), table)
    b.start()
    try:
        deadline = time.monotonic() + 5
        while b.status().level != "error" and time.monotonic() < deadline:
            time.sleep(0.05)
        status = b.status()
        assert status.level == "error" and "refused the table's login" in status.detail
        assert "password_file" in status.detail
    finally:
        b.close()


def test_a_missing_password_file_is_named_on_the_status_screen(broker, table, tmp_path):
    b = Broadcaster(broker.companion_config(mqtt={"password_file": str(tmp_path / "nope")}), table)
    b.start()
    status = b.status()
    b.close()
    assert status.level == "error" and str(tmp_path / "nope") in status.detail


def test_switched_off_it_never_connects(broker, table):
    b = Broadcaster(broker.companion_config(mqtt={"enabled": False}), table)
    b.start()
    table.start("tally", ["Ann", "Ben"], {}).dispatch({"type": "pass"})
    assert b.status().level == "off" and "enabled is false" in b.status().detail
    b.close()
    assert retained(broker.mqtt_port, STATE) is None


def test_an_exception_in_a_paho_callback_does_not_stop_publishing(broker, table, spy, monkeypatch):
    real = paho.Client.subscribe

    def broken(self, *args, **kwargs):
        if self._client_id.startswith(b"companion-"):
            raise RuntimeError("a callback broke")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(paho.Client, "subscribe", broken)  # on_connect raises half-way through
    b = Broadcaster(broker.companion_config(), table)
    b.start()
    try:
        session = table.start("tally", ["Ann", "Ben"], {})
        session.dispatch({"type": "add", "points": 3})
        spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 1)
        session.dispatch({"type": "add", "points": 2})
        spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 2)
        assert b.status().level == "ok" and "a callback broke" in b.status().detail
    finally:
        b.close()


@pytest.mark.parametrize("failing", ["state_payload", "encode", "publish"])
def test_a_state_that_fails_to_go_out_does_not_stop_the_next_one(broker, table, broadcaster, spy, monkeypatch, failing):
    """Building, encoding or handing a state to paho fails once: the next change still goes out."""
    session = table.start("tally", ["Ann", "Ben"], {})
    spy.wait_for(lambda w: w.on(STATE) and broadcaster.connected)
    deadline = time.monotonic() + 5  # the opening state's acknowledgement is back: nothing in flight
    while broadcaster._state_mid is not None:
        assert time.monotonic() < deadline, "the opening state was never acknowledged"
        time.sleep(0.01)
    owner = broadcaster._client if failing == "publish" else adapter
    real = getattr(owner, failing)
    calls = {"n": 0}

    def once_broken(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            raise ValueError(f"{failing} failed this once")
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, failing, once_broken)
    session.dispatch({"type": "add", "points": 1})
    spy.wait_for(lambda w: "failed this once" in broadcaster.status().detail)  # the failure was caught and told
    session.dispatch({"type": "add", "points": 1})
    spy.wait_for(lambda w: (w.last_state(STATE) or {}).get("revision") == 2)
    assert calls["n"] >= 2
    assert "failed this once" in broadcaster.status().detail  # shown, and survived


def test_a_game_resumed_before_the_broadcaster_starts_is_published(broker, tmp_path):
    from companion.store import Store
    from companion.table import Table

    store = Store(tmp_path / "resume.db")
    t = Table(store)
    t.start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 2})
    store.close()
    store = Store(tmp_path / "resume.db")
    t = Table(store)
    t.resume()
    b = Broadcaster(broker.companion_config(), t)
    b.start()
    try:
        w = Watcher(broker.mqtt_port, STATE)
        w.wait_for(lambda w: (w.last_state(STATE) or {}).get("view", {}).get("scores") == {"Ann": 2, "Ben": 0})
        w.close()
    finally:
        b.close()
        store.close()


def test_many_tables_share_one_broker_by_prefix_and_table_id(broker, tmp_path, spy):
    from companion.store import Store
    from companion.table import Table

    tables = []
    for n in (1, 2):
        store = Store(tmp_path / f"t{n}.db")
        t = Table(store)
        cfg = broker.companion_config(table={"id": f"cafe{n}", "name": f"Table {n}"})
        b = Broadcaster(cfg, t)
        b.start()
        tables.append((store, t, b))
    try:
        tables[0][1].start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 1})
        tables[1][1].start("tally", ["Cy", "Di"], {}).dispatch({"type": "add", "points": 3})
        spy.wait_for(lambda w: (w.last_state("companion/cafe1/state") or {}).get("revision") == 1
                     and (w.last_state("companion/cafe2/state") or {}).get("revision") == 1)
        assert spy.last_state("companion/cafe1/state")["scores"] == {"Ann": 1, "Ben": 0}
        assert spy.last_state("companion/cafe2/state")["table"]["name"] == "Table 2"
    finally:
        for store, _, b in tables:
            b.close()
            store.close()


def test_a_stale_offline_from_an_old_connection_is_put_right(broker, table, broadcaster, spy):
    """A Last Will of a connection the broker has not yet noticed was lost may arrive late."""
    spy.wait_for(lambda w: broadcaster.connected)
    late = paho.Client(paho.CallbackAPIVersion.VERSION2)
    late.username_pw_set("companion", "table-password-for-tests")
    late.connect("127.0.0.1", broker.mqtt_port)
    late.loop_start()
    late.publish(AVAILABILITY, "offline", qos=1, retain=True).wait_for_publish(3)
    late.disconnect()
    late.loop_stop()
    said = lambda w: [m.payload for m in w.on(AVAILABILITY)]  # noqa: E731
    spy.wait_for(lambda w: b"offline" in said(w) and said(w)[-1] == b"online")
    assert retained(broker.mqtt_port, AVAILABILITY) == b"online"
