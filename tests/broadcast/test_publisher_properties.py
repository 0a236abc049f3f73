"""Invariants of the publisher over random games and broker outages, on a real Mosquitto:
once the broker is back the newest state is what it keeps, a listener never sees an older
state after a newer one, and there is never more than one state message per change and
reconnect."""

from __future__ import annotations

import json
import signal
import tempfile
import time
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.broadcast.mqtt import Broadcaster
from companion.core import RuleError, Session
from tests.broadcast.conftest import Watcher, retained
from tests.support.mosquitto import Broker
from tests.support.tally import Tally

STATE = "companion/table1/state"

ACTIONS = {
    "add": {"type": "add", "points": 1},
    "dial": {"type": "dial", "step": 1},
    "pass": {"type": "pass"},
    "undo": {"type": "undo"},
    "redo": {"type": "redo"},
    "refused": {"type": "add", "points": 9},
}
# Broker events: killed (a crash), started again, frozen (hung: the connection stays open
# and nothing is answered), and woken.
OUTAGES = ["kill", "start", "freeze", "wake"]
steps = st.lists(st.sampled_from([*ACTIONS, "add", "dial", *OUTAGES]), max_size=16)


def newest_is_kept(port: int, session: Session) -> bool:
    state = retained(port, STATE, timeout=1)
    if state is None:
        return False
    state = json.loads(state)
    # A state of no game (a moment between two brokers' lives) is not the newest either.
    return state.get("revision") == session.revision and state.get("view") == session.view()["view"]


@settings(max_examples=10, deadline=None)
@given(steps)
# A move the frozen broker never acknowledged, newer ones while it is down, then silence.
@example(["freeze", "add", "kill", "dial", "dial", "start"])
def test_after_any_outage_the_broker_keeps_the_newest_state_and_versions_never_go_back(plan):
    with tempfile.TemporaryDirectory(prefix="companion-props-") as tmp:
        broker = Broker(Path(tmp) / "broker").start()
        b = Broadcaster(broker.companion_config(mqtt={"retry_max": 1}), None)
        b.start()
        session = Session(Tally(), ["Ann", "Ben", "Cy"], {"target": 99})
        b.follow(session, 1)
        watcher = Watcher(broker.mqtt_port, STATE)  # a phone: reconnects by itself after a crash
        condition, changes, starts = "up", 0, 0
        try:
            for step in plan:
                if step == "kill" and condition != "down":
                    broker.kill()
                    condition = "down"
                elif step == "start" and condition == "down":
                    broker.start()
                    condition, starts = "up", starts + 1
                elif step == "freeze" and condition == "up":
                    broker.proc.send_signal(signal.SIGSTOP)
                    condition = "frozen"
                elif step == "wake" and condition == "frozen":
                    broker.proc.send_signal(signal.SIGCONT)
                    condition = "up"
                elif step in ACTIONS:
                    try:
                        session.dispatch(ACTIONS[step])
                        changes += 1
                    except RuleError:
                        pass
            if condition == "frozen":
                broker.proc.send_signal(signal.SIGCONT)
            elif condition == "down":
                broker.start()
                starts += 1
            deadline = time.monotonic() + 10
            while not newest_is_kept(broker.mqtt_port, session):
                assert time.monotonic() < deadline, "the broker never got the newest state"
            settler = Watcher(broker.mqtt_port, STATE)  # connected now, as the phone may not be yet
            try:
                settler.settled(broker.mqtt_port, via=b._client)  # anything older still on its way has landed...
            finally:
                settler.close()
            assert newest_is_kept(broker.mqtt_port, session)  # ...and it did not
            versions = [m.json()["version"] for m in watcher.on(STATE)]
            assert versions == sorted(versions), f"an older state came after a newer one: {versions}"
            # Coalesced: at most one state per change, plus the one each connection starts with.
            # Following the game is a change too: when the first connection beats it, the table's
            # idle state goes first and the game's follows.
            assert b.published_states <= changes + 1 + starts + 1
        finally:
            watcher.close()
            b.close()
            broker.stop()
