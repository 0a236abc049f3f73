"""Hidden information never leaves the Pi: a spy subscribed to every topic of a real broker
watches whole games, and no payload holds anything the game's public view hides."""

from __future__ import annotations

import json
import random
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from companion import games
from companion.broadcast.mqtt import Broadcaster
from companion.core import RuleError
from tests.support.tally import Tally

SCRIPTS = Path(__file__).resolve().parent.parent / "games"


class SecretTally(Tally):
    """Tally that remembers what a face-down card is (as a careless game might) and a private note."""

    id = "secret_tally"

    def setup(self, players, options):
        return {**super().setup(players, options), "face_down": None, "note": f"note-{uuid.uuid4().hex}"}

    def apply(self, state, action):
        state = super().apply(state, action)
        if action["type"] == "hide":
            state["face_down"] = action.get("card")
        if action["type"] == "reveal":
            state["face_down"] = None
        return state


def strings(value: Any) -> set[str]:
    """Every string value in a JSON value (keys are field names, not information)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value))
    return set()


def hidden_strings(states: list[Any], public: list[Any]) -> set[str]:
    """Strings that the game's states hold and that none of its public outputs shows.

    `public` is what the game declares public: its views and its events (which the
    Game contract says never hold hidden values).
    """
    shown = set().union(*(strings(v) for v in public))
    return {s for s in set().union(*(strings(st) for st in states)) - shown if len(s) >= 3}


def assert_nothing_hidden_was_published(spy, hidden: set[str], markers: set[str]) -> None:
    assert spy.messages, "the spy saw nothing: the check would prove nothing"
    for msg in spy.messages:
        text = msg.payload.decode("utf-8")
        for marker in markers:
            assert marker not in text, f"{msg.topic} carried a hidden value: {text[:200]}"
        published = strings(json.loads(text)) if text.startswith(("{", "[")) else {text}
        leaked = published & hidden
        assert not leaked, f"{msg.topic} carried {leaked}: {text[:200]}"


@pytest.fixture
def secret_game():
    games.register(SecretTally())
    yield
    games.unregister(SecretTally.id)


def test_no_payload_holds_a_face_down_card_or_a_private_note(broker, table, spy, secret_game):
    b = Broadcaster(broker.companion_config(mqtt={"homeassistant": True}), table)
    b.start()
    rng = random.Random(20261121)
    markers: set[str] = set()
    states, views = [], []
    try:
        session = table.start("secret_tally", ["Ann", "Ben", "Cy"], {"target": 99})
        for _ in range(150):
            kind = rng.choice(["add", "add", "pass", "hide", "reveal", "dial", "undo", "redo"])
            action: dict[str, Any] = {"type": kind}
            if kind == "add":
                action["points"] = rng.choice([1, 2, 3])
            elif kind == "hide":
                action["card"] = f"card-{uuid.uuid4().hex}"
                markers.add(action["card"])
            elif kind == "reveal":
                action["value"] = rng.randrange(10)
            elif kind == "dial":
                action["step"] = rng.choice([-1, 1])
            try:
                change = session.dispatch(action)
            except RuleError:
                continue
            states.append(session.state)
            views += [change.view, change.events]
        assert any(st["face_down"] for st in states), "no card was ever face-down"
        markers.add(states[-1]["note"])
        spy.wait_for(lambda w: (w.last_state("companion/table1/state") or {}).get("revision") == session.revision)
        time.sleep(0.2)
    finally:
        b.close()
    topics = {m.topic for m in spy.messages}
    assert {"companion/table1/state", "companion/table1/events", "companion/table1/availability"} <= topics
    assert any(t.startswith("homeassistant/") for t in topics)
    assert_nothing_hidden_was_published(spy, hidden_strings(states, views), markers)


def _scripts() -> list[Path]:
    found = []
    for game_id in sorted(games.BUILTIN):
        found += sorted((SCRIPTS / game_id / "scripts").glob("*.jsonl"))[:3]
    return found


@pytest.mark.parametrize("script", _scripts(), ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_every_game_that_has_landed_publishes_only_its_public_view(broker, table, spy, script):
    lines = [json.loads(line) for line in script.read_text().splitlines() if line.strip()]
    header, actions = lines[0], lines[1:]
    b = Broadcaster(broker.companion_config(), table)
    b.start()
    states, public = [], []
    try:
        session = table.start(header["game"], header["players"], header.get("options", {}))
        states.append(session.state)
        public.append(session.view())
        for action in actions:
            change = session.dispatch(action)
            states.append(session.state)
            public += [change.view, change.events]
        spy.wait_for(lambda w: (w.last_state("companion/table1/state") or {}).get("revision") == session.revision)
    finally:
        b.close()
    assert_nothing_hidden_was_published(spy, hidden_strings(states, public), set())


def test_a_bonbon_card_turned_face_down_is_never_published_with_its_value(broker, table, spy):
    """The app knows the value of a card that the hide effect turned face-down (everyone saw it
    face-up); from then until the round's reveal, no payload may say what it is."""
    from tests.games.bonbon.support import down, up

    b = Broadcaster(broker.companion_config(), table)
    b.start()
    try:
        s = table.start("bonbon", ["Ann", "Ben", "Cy"], {})
        s.dispatch({"type": "start", "tiles": ["three", "zeros", "ones"]})
        for action in (up(7), up(2), down(), up(1, kind="hide")):  # Ann 7, Ben 2, Cy down, Ann: hide
            s.dispatch(action)
        hidden_from = s.revision + 1
        s.dispatch({"type": "hide", "player": "Ann", "card": 1})  # Ann's 7 goes face-down
        for action in (up(3), down(), up(4)):
            s.dispatch(action)
        assert s.state["rows"]["Ann"][0] == {"face": "down", "kind": "regular", "value": 7}, "the app knows it"
        spy.wait_for(lambda w: (w.last_state("companion/table1/state") or {}).get("revision") == s.revision)
    finally:
        b.close()
    states = [m.json() for m in spy.on("companion/table1/state")]
    after = [st for st in states if st.get("revision", -1) >= hidden_from]
    assert after, "no state was published after the card went face-down: the check would prove nothing"
    for st in after:
        ann = next(p for p in st["view"]["players"] if p["name"] == "Ann")
        assert ann["cards"][0] == {"face": "down"}, f"revision {st['revision']} showed {ann['cards'][0]}"
        # The 7 left her face-up total, which counts exactly the cards shown face-up.
        assert ann["face_up_total"] == sum(c["value"] for c in ann["cards"] if c["face"] == "up")
    # Events after the hide name no value at all (the spy keeps messages in arrival order).
    first_hidden = next(i for i, m in enumerate(spy.messages)
                        if m.topic == "companion/table1/state" and m.json().get("revision", -1) >= hidden_from)
    for msg in spy.messages[first_hidden:]:
        if msg.topic == "companion/table1/events":
            assert "value" not in msg.json() or msg.json().get("player") != "Ann", msg.payload
