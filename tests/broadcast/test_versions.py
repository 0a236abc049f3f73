"""A state's version only grows: from move to move, game to game, and across a restart of the
app with no game open, so any listener may drop a state whose version is not greater."""

from __future__ import annotations

from companion.broadcast.mqtt import Broadcaster
from companion.store import Store
from companion.table import Table
from tests.broadcast.conftest import Watcher

STATE = "companion/table1/state"


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
