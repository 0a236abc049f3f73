"""The MQTT adapter: the public view of the game at the table, told to phones and dashboards.

Three threads meet here and none waits on another:
- the app's main thread calls the session listener, which only records the newest
  view and events and wakes the publisher;
- the publisher thread turns them into payloads and hands them to paho;
- paho's network thread connects, retries with backoff and calls our callbacks,
  each of which is guarded so that no exception can stop it.

The touchscreen never waits on the broker, and works with no broker at all.
"""

from __future__ import annotations

import collections
import logging
import threading
import uuid
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion

from companion import bgstats
from companion.broadcast import homeassistant
from companion.broadcast.broker_check import another_broker
from companion.broadcast.hall_link import HallLink
from companion.broadcast.topics import (OFFLINE, ONLINE, Topics, encode, event_payload, rules_pages, state_payload,
                                       version)
from companion.core.learning import TIP
from companion.core.session import Change, Session
from companion.status import DeviceStatus

if TYPE_CHECKING:
    from companion.table import Table

log = logging.getLogger(__name__)

NAME = "Broker"
QOS = 1  # the state and availability: retained, and the broker must have them
# Events are live news: sent at most once, never replayed after a reconnect as if new.
EVENT_QOS = 0
MAX_QUEUED = 200  # paho keeps unsent messages in memory: never without bound
MAX_EVENTS = 100  # events waiting for the publisher; older ones are dropped first
RETRY_MIN = 0.5


class Broadcaster:
    """Publishes the table's game to an MQTT broker. `start()`, then `close()` (safe twice)."""

    def __init__(
        self,
        config: Any,
        table: Table | None = None,
        *,
        client_factory: Callable[[str], paho.Client] | None = None,
    ) -> None:
        mqtt = config["mqtt"]
        self.enabled: bool = mqtt["enabled"]
        self.topics = Topics(mqtt["topic_prefix"], config["table"]["id"])
        self.table_name: str = config["table"]["name"]
        self.host: str = mqtt["host"]
        self.port: int = mqtt["port"]
        self._username: str = mqtt["username"]
        self._password_file: str = mqtt["password_file"]
        self._keepalive: int = mqtt["keepalive"]
        self._retry_max: float = float(mqtt["retry_max"])
        self._ha_prefix: str | None = mqtt["homeassistant_prefix"] if mqtt["homeassistant"] else None
        self._ha_any_prefix: str = mqtt["homeassistant_prefix"]  # where to look for our old sensors
        self._client_factory = client_factory or _new_client

        self._cond = threading.Condition()
        # Everything below is guarded by _cond.
        self._view: dict[str, Any] | None = None
        self._game_number: int | None = None
        self._epoch: int | None = None  # the game database's epoch (Store.epoch): a new Pi's is later
        self._state_dirty = True  # the first connection always tells what is (or is not) being played
        # False while the table has an unfinished game still to resume: "no game" would be untrue,
        # and its version (the idle one after that game) higher than every state of the game.
        self._state_known = table is None or not getattr(table, "resume_pending", False)
        self._online_due = False  # "online" waits for the state after each connect (_send)
        # (event, view, game number, time) of each event not yet published
        self._events: collections.deque[tuple[Any, ...]] = collections.deque(maxlen=MAX_EVENTS)
        self._discovery_due = self._ha_prefix is not None
        # Discovery topics of this table's sensors that the broker holds (it tells us on connect),
        # and those this run announced (all it knows where the broker may not let it read them).
        self._sensor_topics: set[str] = set()
        self._announced_topics: set[str] = set()
        # The one state message paho has not yet had acknowledged. A newer state waits for it:
        # after a reconnect paho sends the unacknowledged one again, and had a newer one gone
        # first, the broker would keep the older state.
        self._state_mid: int | None = None
        self._early_acks: set[int] = set()  # acknowledged while paho was still returning the mid
        self._paho_full = False  # paho's queue refused the last state: wait for room, never spin
        self._connected = False
        self._stopping = False
        self._closed = False

        self._client: paho.Client | None = None
        self._publisher: threading.Thread | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._problem: str | None = None  # a configuration problem: no connection is tried
        self._last_refusal: str | None = None  # the broker's last answer to a login, if it refused
        self._another_broker: str | None = None  # the line saying the port is another broker's, once known
        source = getattr(config, "source", None)
        self._config_file: str | None = str(source) if source else None
        self._last_loss: str | None = None
        self._fault: str | None = None  # the last exception our own code raised (logged, survived)
        self.published_states = 0  # how many state messages were handed to paho (tests, bench)

        # When the state last changed and the words of the newest event: the hall shows them, and
        # a state republished after a reconnect keeps them (docs/mqtt.md).
        self._changed_at: str | None = None
        self._news: str | None = None
        self._was_over = False  # the game followed had a result at its last change
        self._hall: HallLink | None = None
        hall = _section(config, "hall")
        if self.enabled and hall and hall["host"] and table is not None:
            store_path = table.store.path
            self._hall = HallLink(config, self.topics, self.table_name,
                                  load_plays=lambda since: _load_plays(store_path, since),
                                  republish_state=self._republish, current_version=self._current_version)

        self._table = table
        if table is not None:
            # With no game open yet, the last game's number keeps the idle state's version
            # above every version that game published.
            self._game_number = table.store.last_game_number()
            self._epoch = _epoch_of(table.store)
            table.on_session(self._on_session)
            if table.session is not None:
                self.follow(table.session, _record_number(table))

    # -- the app's side ---------------------------------------------------------

    def start(self) -> None:
        """Begin connecting in the background; returns at once whether or not a broker is there."""
        if not self.enabled or self._client is not None or self._closed:
            return
        password = None
        if self._password_file:
            try:
                password = Path(self._password_file).expanduser().read_text(encoding="utf-8").strip()
            except OSError as exc:
                self._problem = (
                    f"cannot read the broker password {self._password_file} ({exc.strerror}): "
                    "run deploy/mosquitto/install.sh, or set [mqtt] password_file"
                )
                log.error("MQTT: %s", self._problem)
                return
        client = self._client_factory(f"companion-{self.topics.table}-{uuid.uuid4().hex[:8]}")
        client.suppress_exceptions = True  # a second guard: ours come first (see _guarded)
        if self._username:
            client.username_pw_set(self._username, password)
        client.will_set(self.topics.availability, OFFLINE, qos=QOS, retain=True)
        client.reconnect_delay_set(RETRY_MIN, self._retry_max)
        client.max_queued_messages_set(MAX_QUEUED)
        client.on_connect = _guarded(self, self._on_connect)
        client.on_connect_fail = _guarded(self, self._on_connect_fail)
        client.on_disconnect = _guarded(self, self._on_disconnect)
        client.on_message = _guarded(self, self._on_message)
        client.on_publish = _guarded(self, self._on_publish)
        self._client = client
        self._publisher = threading.Thread(target=self._publish_loop, name="mqtt-publisher", daemon=True)
        self._publisher.start()
        try:
            client.connect_async(self.host, self.port, keepalive=self._keepalive)
        except (ValueError, OSError) as exc:
            self._problem = f"cannot use the broker address {self.host}:{self.port} ({exc}): check [mqtt] host"
            log.error("MQTT: %s", self._problem)
            return
        client.loop_start()

    def close(self, timeout: float = 2.0) -> None:
        """Tell the broker the table is offline, then disconnect; safe to call twice."""
        with self._cond:
            if self._closed:
                return
            self._closed = self._stopping = True
            self._cond.notify_all()
        if self._unsubscribe:
            self._unsubscribe()
        if self._hall is not None:
            self._hall.close()
        if self._publisher is not None:
            self._publisher.join(timeout)
        client = self._client
        if client is None:
            return
        try:
            if client.is_connected():
                with self._cond:
                    view, number, due = self._view, self._game_number, self._state_dirty and self._state_known
                    epoch = self._epoch
                    self._state_dirty = False
                if due:  # a move made just before leaving still reaches the phones
                    client.publish(self.topics.state, encode(self._state(view, number, epoch)), qos=QOS, retain=True)
                # Same connection, so the broker takes these in order: the offline comes last.
                info = client.publish(self.topics.availability, OFFLINE, qos=QOS, retain=True)
                info.wait_for_publish(timeout)
        except (RuntimeError, ValueError) as exc:
            log.warning("MQTT: could not say offline before leaving: %s", exc)
        client.disconnect()
        # loop_stop joins paho's thread, which may be inside a connect attempt: never hang the app.
        stopper = threading.Thread(target=client.loop_stop, name="mqtt-stop", daemon=True)
        stopper.start()
        stopper.join(timeout)
        with self._cond:
            self._connected = False

    def __enter__(self) -> Broadcaster:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def status(self) -> DeviceStatus:
        """One line for the status screen: is the table reaching the broker, and if not, why."""
        where = f"{self.host}:{self.port}"
        if not self.enabled:
            return DeviceStatus(NAME, "off", "not publishing: [mqtt] enabled is false")
        if self._problem:
            return DeviceStatus(NAME, "error", self._problem)
        if self._closed:
            return DeviceStatus(NAME, "off", f"disconnected from {where} (the app is stopping)")
        if self._client is None:
            return DeviceStatus(NAME, "waiting", f"not started yet ({where})")
        if self._connected:
            detail = f"connected to {where}, publishing {self.topics.base}"
            if self._fault:
                detail += f" (recovered from an error: {self._fault})"
            return DeviceStatus(NAME, "ok", detail)
        if self._last_refusal and self._another_broker:
            return DeviceStatus(NAME, "error", self._another_broker.removeprefix("MQTT: "))
        if self._last_refusal:
            return DeviceStatus(
                NAME,
                "error",
                f"{where} refused the table's login ({self._last_refusal}): check [mqtt] username "
                "and password_file",
            )
        why = f" ({self._last_loss})" if self._last_loss else ""
        return DeviceStatus(NAME, "waiting", f"no broker at {where}{why}; trying again every few seconds")

    def hall_status(self) -> list[DeviceStatus]:
        """The status screen's line for the hall: none when the table is not part of one."""
        if self._hall is None:
            return []
        if not self._connected:
            return [DeviceStatus("Hall", "waiting", f"hall at {self._hall.host}:{self._hall.port}: "
                                 "waiting for the table's own broker")]
        return [self._hall.status()]

    @property
    def hall(self) -> HallLink | None:
        return self._hall

    @property
    def connected(self) -> bool:
        return self._connected

    # -- following the game -------------------------------------------------------

    def _on_session(self, session: Session | None) -> None:
        """The table opened or closed a game (main thread)."""
        if not self._closed:
            self.follow(session, _record_number(self._table))

    def follow(self, session: Session | None, game_number: int | None = None) -> None:
        """Publish this session's changes from now on (a Table calls this for every game it opens)."""
        if self._unsubscribe:
            self._unsubscribe()
            self._unsubscribe = None
        epoch = _epoch_of(self._table.store) if self._table is not None else None
        with self._cond:
            if epoch is not None:
                self._epoch = epoch  # the first game of a new database sets it
            if game_number is not None or session is not None:
                # With no game open, the number of the last one keeps the version growing.
                self._game_number = game_number
            self._view = self._with_play_link(session.view()) if session is not None else None
            self._changed_at = self._last_change_time(session)
            self._news = None
            self._was_over = bool(session is not None and session.result() is not None)
            self._state_dirty = self._state_known = True
            self._discovery_due = self._ha_prefix is not None
            self._cond.notify_all()
        if session is not None:
            self._unsubscribe = session.subscribe(self._on_change)

    def _on_change(self, change: Change) -> None:
        """A session listener: record the newest view and events, wake the publisher, return."""
        view = self._with_play_link(change.view)  # before the lock: it reads the store
        now = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
        # A learning game's tip is a rule, not news of the game: the hall's "news" stays the move's.
        worded = [e["text"] for e in change.events if isinstance(e.get("text"), str) and e.get("type") != TIP]
        with self._cond:
            self._view = view
            self._changed_at = now
            self._news = worded[-1] if worded else {"undo": "A move was taken back",
                                                    "redo": "A move was put back"}.get(change.kind, self._news)
            self._state_dirty = True
            if self._connected:  # events are live news: none are kept for a broker that is away
                happened = change.events or ([{"type": change.kind}] if change.kind != "action" else [])
                at = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
                for event in happened:  # made into payloads by the publisher, not here
                    self._events.append((event, change.view, self._game_number, at, change.move, change.made))
            self._cond.notify_all()
        over = bool(change.view.get("result"))
        if self._hall is not None and over != self._was_over:
            # A game ended, or an undo opened it again: the hall's copy follows now (told after
            # the change is durable, so the log already says so).
            self._hall.game_finished()
        self._was_over = over

    def _last_change_time(self, session: Session | None) -> str:
        """When the game opened last changed, from the log (a resumed game keeps its time)."""
        now = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
        record = getattr(self._table, "record", None)
        if session is None or record is None:
            return now
        try:
            played = self._table.store.played(record.id)
        except Exception:  # noqa: BLE001 - a time is a nicety: the state goes out without it
            return now
        return played[-1][1] if played else (record.started_at or now)

    def _current_version(self) -> tuple[int, int] | None:
        """The epoch and version of the state the table shows now; None while it does not know yet."""
        with self._cond:
            if not self._state_known:
                return None
            view, number, epoch = self._view, self._game_number, self._epoch
        return epoch or 0, version(number, view["revision"] if view else None)

    def _republish(self) -> None:
        """The hall's link came back: the state and availability again (the bridge may have
        dropped them); called on paho's thread."""
        client = self._client
        with self._cond:
            self._state_dirty = True
            self._cond.notify_all()
        if client is not None and self._connected and not self._online_due:
            client.publish(self.topics.availability, ONLINE, qos=QOS, retain=True)

    def _with_play_link(self, view: dict[str, Any]) -> dict[str, Any]:
        """A finished game's view with its BG Stats link ("bgstats"), for the phone's "Log in
        BG Stats"; any other view as it is (docs/mqtt.md)."""
        if not view.get("result") or self._table is None:
            return view
        try:
            play = self._table.finished_play()
        except Exception:  # noqa: BLE001 - a link is a nicety: the state goes out without it
            log.exception("MQTT: no BG Stats link for this game")
            return view
        return {**view, "bgstats": bgstats.link(play, self.table_name)} if play else view

    # -- the publisher thread -------------------------------------------------------

    def _publish_loop(self) -> None:
        while True:
            with self._cond:
                while not self._stopping and not (self._connected and self._work_due()):
                    self._cond.wait()
                if self._stopping:
                    return
                view, number, epoch = self._view, self._game_number, self._epoch
                state_due = self._state_sendable()
                if state_due:
                    self._state_dirty = False
                events = list(self._events)
                self._events.clear()
                discovery_due, self._discovery_due = self._discovery_due, False
            try:  # never let one bad payload stop the broadcast
                state = None
                if state_due:
                    state = self._state(view, number, epoch)
                news = [event_payload(e, view=v, game_number=n, at=at, move=m, made=made, epoch=epoch)
                        for e, v, n, at, m, made in events]
                self._send(state, news, self._discovery(view) if discovery_due else [])
            except Exception as exc:
                self._fault = f"{type(exc).__name__}: {exc}"
                log.exception("MQTT: publishing failed; the next change is published as usual")

    def _state(self, view: dict[str, Any] | None, game_number: int | None,
               epoch: int | None = None) -> dict[str, Any]:
        return state_payload(view, game_number=game_number, table_id=self.topics.table, table_name=self.table_name,
                             changed_at=self._changed_at or datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
                             news=self._news, epoch=epoch)

    def _work_due(self) -> bool:
        return self._state_sendable() or bool(self._events) or self._discovery_due

    def _state_sendable(self) -> bool:
        return self._state_known and self._state_dirty and self._state_mid is None and not self._paho_full

    def _discovery(self, view: dict[str, Any] | None) -> list[tuple[str, bytes]]:
        if self._ha_prefix is None or view is None:
            # Between games the sensors stay: the next game's players decide which go.
            return []
        players = [p["name"] for p in view["players"]]
        with self._cond:
            held = self._sensor_topics | self._announced_topics
        messages = homeassistant.discovery(self.topics, self._ha_prefix, self.table_name, players, held=held)
        self._announced_topics = {topic for topic, payload in messages if payload}
        return messages

    def _send(
        self, state: dict[str, Any] | None, events: list[dict[str, Any]], discovery: list[tuple[str, bytes]]
    ) -> None:
        client = self._client
        assert client is not None
        for topic, payload in discovery:
            client.publish(topic, payload, qos=QOS, retain=True)
        if state is not None:
            payload = encode(state)  # a payload that fails fails here, before anything is in flight
            with self._cond:
                self._state_mid = _PENDING
            try:
                info = client.publish(self.topics.state, payload, qos=QOS, retain=True)
            except Exception:
                # Nothing is in flight: the next change is published as usual (not this one
                # again at once, which could fail the same way forever).
                with self._cond:
                    self._state_mid = None
                    self._early_acks.clear()
                raise
            with self._cond:
                if info.rc in (paho.MQTT_ERR_SUCCESS, paho.MQTT_ERR_NO_CONN):
                    # Sent, or kept by paho for the reconnect: in flight either way.
                    self._state_mid = None if info.mid in self._early_acks else info.mid
                    self.published_states += 1
                else:  # paho's queue is full (a broker that stopped answering): wait for room
                    self._state_mid = None
                    self._state_dirty = True
                    self._paho_full = True
                self._early_acks.clear()
                self._cond.notify_all()
        with self._cond:
            online_due = self._online_due and state is not None and not self._paho_full
            if online_due:
                self._online_due = False
        if online_due:  # same connection, so the broker takes it after the state
            client.publish(self.topics.availability, ONLINE, qos=QOS, retain=True)
        for event in events:
            client.publish(self.topics.events, encode(event), qos=EVENT_QOS, retain=False)

    # -- paho's network thread ------------------------------------------------------

    def _on_connect(self, client: paho.Client, userdata: Any, flags: Any, reason_code: Any, properties: Any) -> None:
        if reason_code.is_failure:
            refusal = str(reason_code)
            if refusal != self._last_refusal:  # said once, not at every retry
                self._last_refusal = refusal
                # Whose broker it is takes a second connection: never on paho's own thread.
                threading.Thread(target=self._say_refusal, args=(refusal,), name="mqtt-whose-broker",
                                 daemon=True).start()
            return
        self._last_refusal = self._last_loss = self._another_broker = None
        # Marked connected before anything else can fail here: publishing goes on regardless.
        with self._cond:
            self._connected = True
            # "online" follows the state on this connection (_send), never goes before it: a
            # phone that kept an older state (a table cut off mid-move, still resuming its game)
            # would show that under its Live badge until the state came.
            self._online_due = True
            self._events.clear()  # news from before the broker came back is no longer news
            self._state_dirty = True  # republish after every reconnect: the broker may have lost it
            self._discovery_due = self._ha_prefix is not None
            self._paho_full = False
            self._cond.notify_all()
        log.info("MQTT: connected to %s:%s", self.host, self.port)
        self._publish_rules(client)
        # Our own availability: a stale connection's Last Will may say "offline" after we said "online".
        client.subscribe(self.topics.availability, qos=QOS)
        # The sensors the broker holds for this table, from this run or an earlier one: those
        # of players no longer at the table go, and all of them when discovery is switched off.
        client.subscribe(homeassistant.sensors_filter(self.topics, self._ha_any_prefix), qos=QOS)
        if self._ha_prefix is not None:
            client.subscribe(homeassistant.status_topic(self._ha_prefix), qos=QOS)
        if self._hall is not None:
            self._hall.on_connect(client)

    def _publish_rules(self, client: paho.Client) -> None:
        """Every game's rules page, retained, at each connect: the phone page shows the page of
        the game being played, and the broker may have lost them (a restart without persistence)."""
        for game_id, page in rules_pages().items():
            client.publish(self.topics.rules(game_id), encode(page), qos=QOS, retain=True)

    def _say_refusal(self, refusal: str) -> None:
        """One line for a refused login: another broker on the table's port, and what to do; or
        the table's own broker not taking its password."""
        try:
            said = another_broker(self.host, self.port, refusal, config_file=self._config_file)
        except Exception as exc:  # noqa: BLE001 - finding out whose broker it is never stops the table
            said = None
            log.debug("MQTT: could not tell whose broker %s:%s is: %s", self.host, self.port, exc)
        if self._last_refusal != refusal:
            return  # it let the table in meanwhile, or answered otherwise: that is said instead
        self._another_broker = said
        if said:
            log.error("%s", said)
        else:
            log.error("MQTT: %s:%s refused the login: %s (check [mqtt] username and password_file)",
                      self.host, self.port, refusal)

    def _on_connect_fail(self, client: paho.Client, userdata: Any) -> None:
        if self._last_loss is None:  # said once, not at every retry
            log.warning(
                "MQTT: no broker at %s:%s; the table plays on and phones follow once it is up "
                "(Status shows it)", self.host, self.port,
            )
        self._last_loss = "connection refused or timed out"

    def _on_disconnect(self, client: paho.Client, userdata: Any, flags: Any, reason_code: Any, properties: Any) -> None:
        with self._cond:
            was_connected, self._connected = self._connected, False
        if self._hall is not None:
            self._hall.on_disconnect()
        if not self._stopping and was_connected:  # after a refused login the refusal was said already
            self._last_loss = f"lost the connection: {reason_code}"
            log.warning("MQTT: lost %s:%s (%s); retrying", self.host, self.port, reason_code)

    def _on_publish(self, client: paho.Client, userdata: Any, mid: int, reason_code: Any, properties: Any) -> None:
        with self._cond:
            if mid == self._state_mid:
                self._state_mid = None
            elif self._state_mid == _PENDING:
                self._early_acks.add(mid)
            self._paho_full = False  # an acknowledgement makes room in paho's queue
            self._cond.notify_all()

    def _on_message(self, client: paho.Client, userdata: Any, message: paho.MQTTMessage) -> None:
        if self._hall is not None and self._hall.on_message(client, message.topic, message.payload):
            return
        if homeassistant.is_sensor_config(self.topics, self._ha_any_prefix, message.topic):
            self._on_sensor_config(client, message)
            return
        text = message.payload.decode("utf-8", errors="replace").strip()
        if message.topic == self.topics.availability:
            if text != ONLINE and self._connected and not self._stopping and not self._online_due:
                client.publish(self.topics.availability, ONLINE, qos=QOS, retain=True)
        elif self._ha_prefix is not None and message.topic == homeassistant.status_topic(self._ha_prefix):
            if text == ONLINE:
                with self._cond:
                    self._discovery_due = True  # the state is retained: Home Assistant reads it itself
                    self._cond.notify_all()

    def _on_sensor_config(self, client: paho.Client, message: paho.MQTTMessage) -> None:
        with self._cond:
            if not message.payload:
                self._sensor_topics.discard(message.topic)
                return
            self._sensor_topics.add(message.topic)
            view = self._view
        if self._ha_prefix is None:
            stale = True  # discovery was switched off: take the sensors away
        elif view is None:
            stale = False  # between games: the next game's players decide
        else:
            players = [p["name"] for p in view["players"]]
            stale = message.topic not in homeassistant.config_topics(self.topics, self._ha_prefix, players)
        if stale and self._connected and not self._stopping:
            client.publish(message.topic, b"", qos=QOS, retain=True)


_PENDING = -1  # a state is being handed to paho; its message id is not known yet


def _new_client(client_id: str) -> paho.Client:
    client = paho.Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=paho.MQTTv311)
    client.connect_timeout = 3.0
    return client


def _section(config: Any, name: str) -> Any:
    try:
        return config[name]
    except KeyError:
        return None


def _load_plays(database: Path, since: str) -> tuple[set[str], list[Any]]:
    """The hall's names of the games in the table's log that are not finished (an undo reopened
    them), and as plays the finished games that ended at or after `since` (ISO 8601), read
    through a read-only connection of its own."""
    from companion.hall.topics import play_name
    from companion.plays import play
    from companion.store.plays import actions, finished, reading, unfinished_starts

    told: list[str] = []
    # The running table's own database, read as every listing reads it: storage damaged since the
    # table started gives the plays its next start will keep. A ReadError (nothing readable) is
    # the hall link's failed check, tried again at the next.
    with reading(database, told, live=True) as db:
        for words in told:  # the screen and the next start say it to the players
            log.info("hall: the plays sent were read from damaged storage: %s", words)
        if db is None:
            return set(), []
        records = finished(db)
        recent = [play(r, actions(db, r.id)) for r in records if (r.ended_at or "") >= since]
        return {play_name(n, at) for n, at in unfinished_starts(db).items()}, recent


def _epoch_of(store: Any) -> int | None:
    """The game database's epoch (Store.epoch), or None when it cannot be read now."""
    try:
        return int(store.epoch())
    except Exception:  # noqa: BLE001 - a state goes out without it rather than not at all
        log.exception("MQTT: the game database's epoch could not be read")
        return None


def _record_number(table: Any) -> int | None:
    record = getattr(table, "record", None)
    return getattr(record, "id", None)


def _guarded(owner: Broadcaster, callback: Callable[..., None]) -> Callable[..., None]:
    """Wrap a paho callback: an exception is logged and shown on the status screen, never raised.

    Raised inside paho's network thread, it would stop the thread for good while
    is_connected() still said True.
    """

    def guarded(*args: Any) -> None:
        try:
            callback(*args)
        except Exception as exc:
            owner._fault = f"{callback.__name__}: {type(exc).__name__}: {exc}"
            log.exception("MQTT: %s failed; carrying on", callback.__name__)

    guarded.__name__ = callback.__name__
    return guarded
