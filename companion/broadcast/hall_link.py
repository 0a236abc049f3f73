"""The table's side of the hall: after any reconnect, the finished plays the hall lacks.

The bridge to the venue is treated as lossy and duplicating (docs/hall.md): it may drop a
retained message sent while it was down, resend old ones, or lose its queue on a restart. So the
table's own database is the truth. It publishes each finished play of the last
`[hall] plays_hours` as a retained message on `<base>/plays/<id>`; the bridge's read-back
connection copies the venue's retained plays to `<base>/held/plays/<id>` (what the hall holds);
and after every reconnect (of the table to its broker, or of either bridge) the table waits a
moment for that list, then publishes every play missing from it, and its current state again.

Runs on paho's network thread (messages) and one worker thread of its own (the database is read
through a read-only connection of its own, never the game's).
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import Any

from companion.broadcast.topics import Topics, encode
from companion.hall import topics as hall_topics
from companion.plays import Play
from companion.status import DeviceStatus

log = logging.getLogger(__name__)

NAME = "Hall"
QOS = 1
SETTLE = 1.0  # seconds for the venue's retained plays to arrive after a link comes up
STATE_SETTLE = 0.5  # seconds before an older state at the venue is answered with the current one
ECHO_SETTLE = 0.3  # seconds after a change in the venue's list before checking it against the log
IN_LINK_GRACE = 3.0  # read-back link not up this long after the out link: publish what is missing


_VERSION = re.compile(rb'"version":(\d+)')
_EPOCH = re.compile(rb'"epoch":(\d+)')


def held_version(payload: bytes) -> tuple[int, int] | None:
    """A state's epoch and version without parsing all of it: the envelope's fields come after
    the view's (topics.state_payload), so the last `"version":` and `"epoch":` are the
    envelope's. A state without an epoch (a table before epochs) counts as epoch 0."""
    at = payload.rfind(b'"version":')
    found = _VERSION.match(payload, at) if at >= 0 else None
    if not found:
        return None
    at = payload.rfind(b'"epoch":')
    epoch = _EPOCH.match(payload, at) if at >= 0 else None
    return int(epoch.group(1)) if epoch else 0, int(found.group(1))


def play_payload(play: Play, table_id: str, table_name: str) -> dict[str, Any]:
    """A finished play as the hall keeps it: `companion export`'s JSON object plus the table, and
    its name at the hall (`uid`, hall_topics.play_name), which names it among every Pi's plays."""
    return {**play.to_json(), "uid": hall_topics.play_name(play.id, play.started_at), "location": table_name,
            "table": {"id": table_id, "name": table_name}}


class HallLink:
    """Follows the bridge's state on the table's own broker and republishes what the hall lacks."""

    def __init__(
        self,
        config: Any,
        topics: Topics,
        table_name: str,
        load_plays: Callable[[str], tuple[set[str], list[Play]]],
        republish_state: Callable[[], None],
        current_version: Callable[[], tuple[int, int] | None] = lambda: None,
    ) -> None:
        hall = config["hall"]
        self.host: str = hall["host"]
        self.port: int = hall["port"]
        self.hours: int = hall["plays_hours"]
        self.topics = topics
        self.table_name = table_name
        self._load_plays = load_plays
        self._republish_state = republish_state
        self._current_version = current_version
        self._held_version: tuple[int, int] | None = None  # epoch and version of the venue's state
        self._state_check: threading.Timer | None = None
        self._lock = threading.Condition()
        # Guarded by _lock:
        self._client: Any = None  # the table's paho client while connected to its broker
        self._out_up: bool | None = None  # None: not heard yet
        self._in_up: bool | None = None
        self._held: dict[str, bytes] = {}  # play's name (hall_topics.play_name) -> the venue's copy
        self._sync_at: float | None = None  # monotonic time of the next check, None: none due
        self._closed = False
        self._last_sync: str | None = None  # what the last check did, for the status screen
        self.published_plays = 0  # plays handed to paho (tests, bench)
        self._worker = threading.Thread(target=self._run, name="hall-plays", daemon=True)
        self._worker.start()

    # -- called by the Broadcaster ----------------------------------------------------

    def subscriptions(self) -> list[str]:
        return [hall_topics.link(self.topics), hall_topics.held_link(self.topics), hall_topics.held(self.topics),
                hall_topics.held_state(self.topics)]

    def on_connect(self, client: Any) -> None:
        """The table reached its own broker: the link's state and the held plays follow as
        retained messages; check what the hall lacks once they had time to arrive."""
        with self._lock:
            self._client = client
            self._held.clear()
            self._out_up = self._in_up = None
            self._due(SETTLE)
        for topic in self.subscriptions():
            client.subscribe(topic, qos=QOS)

    def on_disconnect(self) -> None:
        with self._lock:
            self._client = None
            self._out_up = self._in_up = None

    def game_finished(self) -> None:
        """A game just ended: its play goes to the hall now."""
        with self._lock:
            self._due(0.0)

    def on_message(self, client: Any, topic: str, payload: bytes) -> bool:
        """Handle the hall's topics; False for any other."""
        text = payload.decode("utf-8", errors="replace").strip()
        if topic == hall_topics.link(self.topics):
            up = text == hall_topics.LINK_UP
            with self._lock:
                came_up = up and self._out_up is not True
                went_down = not up and self._out_up is not False
                self._out_up = up
                if came_up:
                    self._due(SETTLE)
            if came_up:
                log.info("hall: linked to the venue at %s:%s", self.host, self.port)
                self._republish_state()  # the bridge may have lost it (Mosquitto 1040, 2248)
            elif went_down:
                log.warning("hall: no link to the venue at %s:%s; the table plays on", self.host, self.port)
            return True
        if topic == hall_topics.held_link(self.topics):
            up = text == hall_topics.LINK_UP
            with self._lock:
                was = self._in_up
                self._in_up = up
                if up and was is not True:
                    self._due(SETTLE)
                stale = sorted(self._held) if not up else []  # play names
                if not up:
                    self._held.clear()
            # The local copies of the venue's list are stale once the read-back link is down
            # (the venue may lose them): wipe them, so a restart of the app does not trust them.
            for play_id in stale:
                client.publish(f"{hall_topics.held_prefix(self.topics)}plays/{play_id}", b"", qos=QOS, retain=True)
            return True
        if topic == hall_topics.held_state(self.topics):
            self._on_held_state(payload)
            return True
        play_id = hall_topics.held_play_name(self.topics, topic)
        if play_id is not None:
            with self._lock:
                before = self._held.get(play_id)
                if payload:
                    self._held[play_id] = bytes(payload)
                else:
                    self._held.pop(play_id, None)
                if self._held.get(play_id) != before:
                    # The venue's copy changed: compare it with the log once the list settles (an
                    # undo may have reopened the game before its copy came back).
                    self._due(ECHO_SETTLE)
            return True
        return False

    def _on_held_state(self, payload: bytes) -> None:
        """The venue's state for this table: when older than the table's (an old state replayed
        by a bridge after an outage, Mosquitto 2248), the current one goes again, after a moment
        in which a state already on its way may still arrive. Every move's state comes back
        here, so the usual case (the venue has the newest) costs one search of the payload."""
        held = held_version(payload)
        current = self._current_version()
        with self._lock:
            self._held_version = held
            if (current is not None and held is not None and held >= current) or self._closed:
                return
            if self._state_check is not None:
                return
            self._state_check = threading.Timer(STATE_SETTLE, self._check_state)
            self._state_check.daemon = True
        self._state_check.start()

    def _check_state(self) -> None:
        with self._lock:
            self._state_check = None
            held, linked = self._held_version, self._client is not None and self._out_up
        current = self._current_version()
        if linked and current is not None and (held is None or held < current):
            log.info("hall: the venue holds an older state (%s < %s); sending the current one", held, current)
            self._republish_state()

    def status(self) -> DeviceStatus:
        """One line for the status screen: is the table's news reaching the hall."""
        where = f"{self.host}:{self.port}"
        with self._lock:
            client, out_up, held = self._client, self._out_up, len(self._held)
        if client is None:
            return DeviceStatus(NAME, "waiting", f"hall at {where}: the table's own broker is not reached yet")
        if out_up is None:
            return DeviceStatus(NAME, "error", f"hall at {where}: no bridge on the table's broker; "
                                "run `companion hall-join` (docs/hall.md)")
        if not out_up:
            return DeviceStatus(NAME, "waiting", f"cannot reach the hall at {where}; the table plays on "
                                "and the hall catches up when it is back")
        return DeviceStatus(NAME, "ok", f"linked to the hall at {where}; it holds {held} of this table's "
                            f"plays of the last {self.hours} h")

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._lock.notify_all()

    # -- the worker ----------------------------------------------------------------

    def _due(self, delay: float) -> None:
        """Check in `delay` seconds. Call with _lock held. A check now (a game just ended) comes
        first; a check after a reconnect waits for the latest reconnect's list to settle."""
        at = time.monotonic() + delay
        if self._sync_at is None:
            self._sync_at = at
        elif delay == 0:
            self._sync_at = min(self._sync_at, at)
        else:
            self._sync_at = max(self._sync_at, at)
        self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._closed and (self._sync_at is None or self._sync_at > time.monotonic()):
                    wait = None if self._sync_at is None else max(0.0, self._sync_at - time.monotonic())
                    self._lock.wait(wait)
                if self._closed:
                    return
                self._sync_at = None
                client = self._client
                held = dict(self._held)
                waiting_for_list = self._out_up and self._in_up is None
                if waiting_for_list:
                    self._in_up = False  # heard nothing of the read-back link: do not wait again
            if client is None:
                continue
            if waiting_for_list:
                time.sleep(IN_LINK_GRACE - SETTLE)  # the list may still come; it costs a few seconds
                with self._lock:
                    held = dict(self._held)
            try:
                self._publish_missing(client, held)
            except Exception as exc:  # noqa: BLE001 - the next reconnect or finished game tries again
                self._last_sync = f"failed: {exc}"
                log.exception("hall: could not publish the finished plays")

    def _publish_missing(self, client: Any, held: dict[str, bytes]) -> None:
        """Every recent play the venue lacks or holds differently (an undo reopened the game and
        it ended otherwise), and an empty message for each play the venue holds whose game the log
        holds unfinished (an undo reopened it). A play the log does not hold at all (another Pi's
        under this id, a damaged database set aside, a new card) stays: the day's standings keep
        what was played. A play this table sent under its bare number, as tables did before plays
        had names, goes once the venue has it under its name."""
        since = (datetime.now(timezone.utc) - timedelta(hours=self.hours)).isoformat(timespec="seconds")
        reopened, recent = self._load_plays(since)
        sent = 0
        mine: dict[str, Play] = {}
        for p in recent:
            name = hall_topics.play_name(p.id, p.started_at)
            mine[name] = p
            payload = encode(play_payload(p, self.topics.table, self.table_name))
            if held.get(name) != payload:
                client.publish(hall_topics.play(self.topics, name), payload, qos=QOS, retain=True)
                sent += 1
        gone = [name for name in held if name in reopened or _renamed(name, held[name], mine, reopened)]
        for name in gone:
            client.publish(hall_topics.play(self.topics, name), b"", qos=QOS, retain=True)
        self.published_plays += sent
        self._last_sync = f"{sent} of {len(recent)} plays published, {len(gone)} taken back"
        if sent or gone:
            log.info("hall: published %d finished plays the hall did not hold; took back %d", sent, len(gone))


def _renamed(name: str, payload: bytes, mine: dict[str, Play], reopened: set[str]) -> bool:
    """Whether `name` is a bare number under which this table sent one of its own plays before
    plays had names (the same game: its number and its start), now named otherwise."""
    if not name.isdigit():
        return False
    try:
        started = json.loads(payload).get("started_at", "")
    except (ValueError, AttributeError):
        return False
    own = hall_topics.play_name(int(name), started)
    return own in mine or own in reopened
