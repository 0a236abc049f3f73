"""A state's version only grows: from move to move, game to game, and across a restart of the
app with no game open, so any listener may drop a state whose version is not greater."""

from __future__ import annotations

import time

from companion.broadcast.mqtt import Broadcaster
from companion.store import Store
from companion.table import Table
from tests.broadcast.conftest import Watcher

STATE = "companion/table1/state"
AVAILABILITY = "companion/table1/availability"


def test_the_idle_state_after_a_restart_is_newer_than_the_last_game(broker, tmp_path):
    watcher = Watcher(broker.mqtt_port, STATE)
    store = Store(tmp_path / "companion.db")
    try:
        table = Table(store)
        with Broadcaster(broker.companion_config(), table):
            session = table.start("tally", ["Ann", "Ben"], {})
            for _ in range(5):
                session.dispatch({"type": "dial", "step": 1})
            watcher.wait_for(lambda w: any(m.json().get("revision") == 5 for m in w.on(STATE)))
            table.close_game()
            watcher.wait_for(lambda w: w.on(STATE)[-1].json()["game"] is None)
        last_game = max(m.json()["version"] for m in watcher.on(STATE) if m.json()["game"])
        seen = len(watcher.on(STATE))

        # The app starts again; no game is open yet.
        with Broadcaster(broker.companion_config(), Table(store)):
            watcher.wait_for(lambda w: len(w.on(STATE)) > seen)
        idle = watcher.on(STATE)[seen].json()
        assert idle["game"] is None
        assert idle["version"] > last_game

        # And the next game's first state is newer again.
        table = Table(store)
        with Broadcaster(broker.companion_config(), table):
            table.start("tally", ["Cy", "Dee"], {})
            watcher.wait_for(lambda w: w.on(STATE)[-1].json()["game"] == "tally")
        versions = [m.json()["version"] for m in watcher.on(STATE)]
        assert versions == sorted(versions), versions
    finally:
        watcher.close()
        store.close()


def test_a_table_restarted_mid_game_says_nothing_until_the_game_is_back(broker, tmp_path):
    """The app connects to the broker before it resumes the game: "no game" in between would carry
    the idle version after that game, above every version of the game itself, and a phone would
    drop the resumed game as older news until a new game began."""
    watcher = Watcher(broker.mqtt_port, [STATE, AVAILABILITY])
    store = Store(tmp_path / "companion.db")
    try:
        table = Table(store)
        with Broadcaster(broker.companion_config(), table):
            session = table.start("tally", ["Ann", "Ben"], {})
            for _ in range(3):
                session.dispatch({"type": "dial", "step": 1})
            watcher.wait_for(lambda w: any(m.json().get("revision") == 3 for m in w.on(STATE)))
        seen = len(watcher.on(STATE))

        # The table starts again with the broadcaster first and the game resumed after it (the
        # app itself now resumes first and starts the broadcaster after its first frame: both
        # orders must keep the versions right).
        table = Table(store)
        with Broadcaster(broker.companion_config(), table) as broadcaster:
            online = len([m for m in watcher.on(AVAILABILITY) if m.payload == b"online"])
            deadline = time.monotonic() + 5
            while broadcaster.status().level != "ok":
                assert time.monotonic() < deadline, broadcaster.status()
                time.sleep(0.02)
            time.sleep(0.3)  # room for a state, or an "online" over the old state, it must not send
            assert len(watcher.on(STATE)) == seen, [m.json()["game"] for m in watcher.on(STATE)[seen:]]
            assert len([m for m in watcher.on(AVAILABILITY) if m.payload == b"online"]) == online, \
                "online before the table's state: a phone would show its old state as Live"
            session = table.resume()
            watcher.wait_for(lambda w: len([m for m in w.on(AVAILABILITY) if m.payload == b"online"]) > online)
            resumed = watcher.on(STATE)[seen].json()
            assert (resumed["game"], resumed["revision"]) == ("tally", 3)
            order = [m.topic for m in watcher.messages if m.topic == STATE or m.payload == b"online"]
            assert order[-2:] == [STATE, AVAILABILITY], "the state first, then online"
            session.dispatch({"type": "dial", "step": 1})
            table.close_game()
            watcher.wait_for(lambda w: w.on(STATE)[-1].json()["game"] is None)
            table.start("tally", ["Cy", "Dee"], {})
            watcher.wait_for(lambda w: w.on(STATE)[-1].json()["game"] == "tally")
        versions = [m.json()["version"] for m in watcher.on(STATE)]
        assert versions == sorted(versions), versions
        assert len(set(versions)) == len(versions) - 1, versions  # only the resumed state repeats one
    finally:
        watcher.close()
        store.close()


def test_a_game_that_cannot_be_resumed_is_told_as_no_game(broker, tmp_path):
    """Set aside at start-up (the app closes it): the phones hear "no game", not silence."""
    watcher = Watcher(broker.mqtt_port, STATE)
    store = Store(tmp_path / "companion.db")
    try:
        table = Table(store)
        session = table.start("tally", ["Ann", "Ben"], {})
        session.dispatch({"type": "dial", "step": 1})
        table = Table(store)
        assert table.resume_pending
        with Broadcaster(broker.companion_config(), table):
            store.abandon(store.unfinished().id)
            table.close_game()
            watcher.wait_for(lambda w: w.on(STATE) and w.on(STATE)[-1].json()["game"] is None)
    finally:
        watcher.close()
        store.close()
