"""Hidden information never reaches a phone before it is revealed at the table.

A spy subscribed to every topic of a real Mosquitto watches whole games played through
real sessions, and every message it receives is checked three ways:

1. A state message is exactly the public view the session produced at that revision
   (recorded by a session listener), plus the envelope the broadcaster adds (`version`,
   `table`, `scores`), which is compared on its own. Nothing beyond the view leaves.
2. An event message carries one of the events the session announced for that change, in
   the documented envelope; the event itself is checked for hidden values too.
3. While a value is hidden in the game's own state, no payload depends on it: the slot
   where the view would show it shows nothing, and the same state with other hidden
   values gives the very same view, legal actions and events (so no number anywhere,
   not even a total, a count or a warning, can give it away). This compares payloads,
   not numbers that happen to be equal, so unrelated numbers raise no false alarm.

What is hidden, game by game:
- Bonbon: a card turned face-down by the hide effect. Everyone saw it face-up and the app
  keeps its value and kind for scoring; it is revealed when the round's play is over, its
  owner is still in the round and the owner has nothing left to enter (or has entered it).
  A card played face-down is unknown to the app, so it has nothing to leak.
- BondCones: a cone's value. The app learns it only when a capture or a removal reveals
  it, so its private state must hold no other cone value, and no payload may show one.
- SecretTally (a test game): a face-down card and a private note it keeps, never revealed.

The tests at the end break a game or a payload on purpose and expect the checks to fail.
"""

from __future__ import annotations

import copy
import json
import random
import uuid
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import paho.mqtt.client as paho
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion import games
from companion.broadcast import homeassistant
from companion.broadcast.mqtt import Broadcaster
from companion.broadcast.topics import GAME_SPAN, Topics, version
from companion.core import Change, RuleError, rules_page
from companion.core.game import Game, Secret
from companion.games.bonbon import Bonbon
from companion.games.bondcones import BondCones
from companion.games.bondcones import frames as cone_frames
from tests.broadcast.conftest import Message
from tests.support import mosquitto
from tests.support.tally import Tally

SCRIPTS = Path(__file__).resolve().parent.parent / "games"
# The scores are part of the view (Game.scores); the envelope adds the version and the table.
ENVELOPE = ("epoch", "version", "table")  # the epoch: the game database's (docs/mqtt.md)
EVENT_KEYS = {"epoch", "version", "game", "revision", "at", "event", "move"}
MISSING = object()


# -- what was played: recorded by a session listener ---------------------------------------


@dataclass
class Played:
    """One game at the table, revision by revision, as the session told its listeners."""

    number: int  # the game's record number: the version's high part
    game: Game
    states: dict[int, Any] = field(default_factory=dict)  # the private state after each change
    views: dict[int, dict[str, Any]] = field(default_factory=dict)  # session.view() after each change
    told: dict[int, dict[str, Any]] = field(default_factory=dict)  # the view in the Change itself
    before: dict[int, Any] = field(default_factory=dict)  # the private state before the change
    kinds: dict[int, str] = field(default_factory=dict)
    actions: dict[int, Any] = field(default_factory=dict)
    announced: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # events, as docs/mqtt.md says
    moves: dict[int, int] = field(default_factory=dict)  # the move each change made, took or put back
    made: dict[int, int | None] = field(default_factory=dict)  # a redo: the revision its action was made at
    count: int = 0  # actions in effect, counted from the changes as they come
    made_at: dict[int, int] = field(default_factory=dict)  # move -> the revision its action was made at
    last: int = 0


def follow(table) -> Played:
    """Record the table's current session from now on: start it, then call this at once."""
    session = table.session
    played = Played(table.record.id, session.game, last=session.revision, count=session.timeline.cursor)
    played.states[session.revision] = session.state
    played.views[session.revision] = session.view()

    def listener(change: Change) -> None:
        # The session swallows a listener's exceptions: record only, check later.
        played.before[change.revision] = played.states[played.last]
        played.states[change.revision] = session.state
        played.views[change.revision] = session.view()
        played.told[change.revision] = copy.deepcopy(change.view)
        played.kinds[change.revision] = change.kind
        played.actions[change.revision] = copy.deepcopy(change.action)
        # docs/mqtt.md: one message per event the game reports; an undo or a redo says what it
        # took back or put back ({"type": "undo"/"redo", "text": ...}).
        played.announced[change.revision] = copy.deepcopy(change.events)
        # Counted here from the kinds of change, not taken from the change or the log.
        if change.kind == "action":
            played.count += 1
            played.made_at[played.count] = change.revision
            played.moves[change.revision] = played.count
        elif change.kind == "undo":
            played.moves[change.revision] = played.count
            played.count -= 1
        else:
            played.count += 1
            played.moves[change.revision] = played.count
            played.made[change.revision] = played.made_at.get(played.count)
        played.last = change.revision

    session.subscribe(listener)
    return played


# -- what is hidden, game by game ------------------------------------------------------------


class Secrets:
    """What one game hides, and how to tell that no payload depends on it."""

    def hidden(self, state: Any) -> list[Any]:
        """What the app knows and the table has not revealed yet (empty: nothing to leak)."""
        return []

    def alternatives(self, state: Any) -> list[Any]:
        """The same state with other hidden values: the public side must not tell them apart."""
        return []

    def check_slots(self, payload: dict[str, Any], state: Any) -> None:
        """The places where the view would show a hidden value show nothing."""

    def check_event_fields(self, event: dict[str, Any], before: Any, after: Any) -> None:
        """The event's own fields name no hidden value."""

    def check_view(self, payload: dict[str, Any], state: Any, game: Game) -> None:
        self.check_slots(payload, state)
        for alt in self.alternatives(state):
            result = game.result(alt)
            other = {
                "view": game.public_view(alt),
                "scores": dict(game.scores(alt)),
                "expected": game.expected(alt).to_json(),
                "result": result.to_json() if result else None,
            }
            for key, value in other.items():
                where = difference(payload.get(key, MISSING), value, key)
                assert where is None, (
                    f"revision {payload.get('revision')} depends on a hidden value: {where} "
                    f"(hidden: {self.hidden(state)})"
                )

    def check_event(self, event: dict[str, Any], kind: str, action: Any, before: Any, after: Any, game: Game) -> None:
        if self.hidden(after) or self.hidden(before):
            self.check_event_fields(event, before, after)
        if kind != "action":
            return
        befores, afters = self.alternatives(before), self.alternatives(after)
        for i in range(max(len(befores), len(afters))):
            alt_before = befores[i] if i < len(befores) else copy.deepcopy(before)
            alt_after = afters[i] if i < len(afters) else copy.deepcopy(after)
            # As the session announces them: each with the game's words for it and, for a scoring
            # line, limit or elimination, its Why? (so the Why? is held to the same check).
            told = [_worded(game, e) for e in game.events(alt_before, alt_after, copy.deepcopy(action))]
            assert event in told, f"the event {event} depends on a hidden value: with others it would be {told}"


def _worded(game: Game, event: dict[str, Any]) -> dict[str, Any]:
    why = game.why(event)
    worded = {**event, "text": game.describe(event)}
    return worded if why is None else {**worded, "why": list(why.lines), "rule": why.rule}


class GameSecrets(Secrets):
    """What a game declares hidden (Game.secrets) and its disguises (Game.disguises): the same check
    for every game the table knows, so a new game is covered by declaring its secrets."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def hidden(self, state):
        return [s for s in self.game.secrets(state) if s.known]

    def check_slots(self, payload, state):
        for secret in self.game.secrets(state):
            slot = lookup_dotted(payload["view"], secret.slot)
            assert slot is not MISSING, f"revision {payload['revision']}: {secret.what} has no place at view.{secret.slot}"
            shown = keys_in(slot) & set(secret.conceals)
            assert not shown, (
                f"revision {payload['revision']}: {secret.what} is hidden but the view shows {slot} at view.{secret.slot}"
            )

    def alternatives(self, state):
        hidden = self.hidden(state)
        disguised = self.game.disguises(state) if hidden else []
        # A game that keeps a value secret must show that nothing depends on it: no disguise, no proof.
        assert disguised or not hidden, f"{self.game.id} hides {hidden} but offers no disguise to check it by"
        return disguised


def lookup_dotted(value: Any, path: str) -> Any:
    """The part of a view at a dotted path ("players.1.cards.2"), or MISSING."""
    for part in path.split(".") if path else []:
        if isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return MISSING
    return value


class ConeSecrets(GameSecrets):
    """A cone's value: unknown to the app until a capture or a removal reveals it. Stricter than
    the generic check: the app itself must never hold a cone value before a capture reveals it."""

    @staticmethod
    def check_private_state(state: dict[str, Any]) -> None:
        """The app holds no cone value the table has not revealed, so it has none to leak."""
        captured = state["captures"]
        for p in state["players"]:
            left = Counter({str(v): n for v, n in cone_frames.COUNTS.items()})
            left.subtract(str(c["value"]) for c in captured if c["from"] == p)
            assert state["cones"][p] == dict(left), f"{p}'s cones are more than the set minus the captures"
        outside = [path for path in value_paths(state) if not path.startswith("captures[")]
        assert not outside, f"the private state holds a cone value at {outside}"

    def check_slots(self, payload, state):
        super().check_slots(payload, state)
        view = payload["view"]
        assert view["captures"] == state["captures"], f"revision {payload['revision']} shows other captures"
        for p, side in view["sides"].items():
            taken = [c["value"] for c in state["captures"] if c["by"] == p]
            assert side["taken"] == taken, f"revision {payload['revision']}: {p} took {taken}, not {side['taken']}"
        revealed = {c["value"] for c in state["captures"]}
        outside = [path for path in value_paths(view) if not path.startswith("captures[")
                   and not self._recently_revealed(view, path, revealed)]
        assert not outside, f"revision {payload['revision']} shows a cone value at view.{outside}"

    @staticmethod
    def _recently_revealed(view, path, revealed) -> bool:
        """The view's `recent` events may name the value a capture or a removal just revealed."""
        if not path.startswith("recent["):
            return False
        item = view["recent"][int(path[len("recent["):path.index("]")])]
        return item.get("type") in ("capture", "cone_removed") and lookup(view, path) in revealed

    def check_view(self, payload, state, game):
        # Runs with or without anything hidden: a value must never show before its capture.
        self.check_slots(payload, state)

    def check_event(self, event, kind, action, before, after, game):
        new = [c["value"] for c in after["captures"][len(before["captures"]) :]] if kind == "action" else []
        for path in value_paths(event):
            value = lookup(event, path)
            assert event["type"] in ("capture", "cone_removed") and value in new, (
                f"the event {event} names a cone value that this change did not reveal ({path})"
            )


def secrets_of(game: Game) -> Secrets:
    """Every game is checked by what it declares; BondCones' cones also by what the app may know."""
    return ConeSecrets(game) if isinstance(game, BondCones) else GameSecrets(game)


# -- the checks on what the spy received ------------------------------------------------------


@dataclass(frozen=True)
class Where:
    prefix: str
    table_id: str
    table_name: str
    ha_prefix: str

    @property
    def topics(self) -> Topics:
        return Topics(self.prefix, self.table_id)


def where(broker) -> Where:
    config = broker.companion_config()
    return Where(broker.prefix, config["table"]["id"], config["table"]["name"], broker.ha_prefix)


@dataclass
class Seen:
    """How much the checks looked at: a check that saw nothing proves nothing."""

    states: int = 0
    states_hiding: int = 0
    revisions: set[tuple[int, int]] = field(default_factory=set)  # (game number, revision) of each state
    events: int = 0
    events_hiding: int = 0
    idle: int = 0
    epoch: int | None = None  # the game database's: never lower in a later message of one run
    discovery: int = 0


def _check_rules_page(msg: Message, topics: Topics) -> None:
    """A rules page is the shipped page of its game, word for word: nothing of a table's state."""
    game_id = msg.topic.rsplit("/", 1)[1]
    page = rules_page.read(game_id)
    assert page is not None, f"a rules page published for {game_id}, which has none"
    assert msg.topic == topics.rules(game_id)
    assert json.loads(msg.payload) == {"game": game_id, **page.to_json()}, f"the rules page of {game_id} differs"


def check_broadcast(messages: list[Message], played: list[Played], at: Where) -> Seen:
    """Every message the spy received says nothing the session did not make public at its revision."""
    assert messages, "the spy saw nothing: the checks would prove nothing"
    games_by_number = {p.number: p for p in played}
    for p in played:  # the listener heard every change, and its session.view() is the Change's view
        assert sorted(p.views) == list(range(min(p.views), p.last + 1)), "the recording missed a change"
        for revision, told in p.told.items():
            assert p.views[revision] == told, f"revision {revision}: session.view() and the Change differ"
    unmatched = {(p.number, r): list(events) for p in played for r, events in p.announced.items()}
    topics = at.topics
    seen = Seen()
    for msg in messages:
        if msg.topic == topics.state:
            _check_state(msg, games_by_number, at, seen)
        elif msg.topic == topics.events:
            _check_event(msg, games_by_number, unmatched, seen)
        elif msg.topic == topics.availability:
            assert msg.payload in (b"online", b"offline"), f"availability said {msg.payload!r}"
        elif msg.topic.startswith(f"{at.ha_prefix}/sensor/"):
            _check_discovery(msg, played, at)
            seen.discovery += 1
        elif msg.topic.startswith(f"{topics.base}/rules/"):
            _check_rules_page(msg, topics)
        else:
            raise AssertionError(f"a message on {msg.topic}, which docs/mqtt.md does not list: {msg.payload[:200]!r}")
    return seen


def _one_epoch(seen: Seen, epoch: object) -> object:
    """The epoch of one database (docs/mqtt.md): a whole number of seconds that never goes down
    (before the first game, when the app opened it; from then on, when that game started)."""
    assert isinstance(epoch, int) and epoch > 0, f"an epoch of {epoch!r}"
    assert seen.epoch is None or epoch >= seen.epoch, f"the epoch went down from {seen.epoch} to {epoch}"
    seen.epoch = epoch
    return epoch


def _check_state(msg: Message, games_by_number: dict[int, Played], at: Where, seen: Seen) -> None:
    payload = msg.json()
    table = {"id": at.table_id, "name": at.table_name}
    _check_changed_at(payload)
    if payload.get("game", MISSING) is None:  # no game open: the envelope and nothing else
        assert set(payload) == {*ENVELOPE, "scores", "game"} and payload["scores"] == {}, (
            f"the idle state carries {sorted(payload)}")
        assert payload["table"] == table and payload["scores"] == {}, payload
        assert payload["version"] % GAME_SPAN == GAME_SPAN - 1, payload
        seen.idle += 1
        return
    number = payload.get("version", -1) // GAME_SPAN
    assert number in games_by_number, f"a state of no game played here: {msg.payload[:200]!r}"
    played = games_by_number[number]
    revision = payload.get("revision")
    assert revision in played.views, f"a state at revision {revision}, which the session never produced"
    envelope = {key: payload.pop(key, MISSING) for key in ENVELOPE}
    view = played.views[revision]
    # The newest news (docs/mqtt.md): only ever the words of an event the session announced.
    news = payload.pop("news", None)
    told = {e.get("text") for events in played.announced.values() for e in events}
    assert news is None or news in told | {"A move was taken back", "A move was put back"}, (
        f"revision {revision}: news {news!r} that no event announced")
    # A finished game's link for logging the play (docs/mqtt.md): only once it is over.
    bgstats = payload.pop("bgstats", None)
    assert bgstats is None or (view["result"] is not None and bgstats.startswith(
        "https://app.bgstatsapp.com/createPlay.html?data=")), f"revision {revision}: bgstats {bgstats!r}"
    where_ = difference(payload, view, "state")
    assert where_ is None, f"revision {revision} is not the public view the session produced: {where_}"
    expected_envelope = {"epoch": _one_epoch(seen, envelope["epoch"]), "version": version(number, revision),
                         "table": table}
    where_ = difference(envelope, expected_envelope, "envelope")
    assert where_ is None, f"revision {revision}: the envelope differs at {where_}"
    secrets = secrets_of(played.game)
    state = played.states[revision]
    secrets.check_view(payload, state, played.game)
    seen.states += 1
    seen.states_hiding += bool(secrets.hidden(state))
    seen.revisions.add((number, revision))


def _check_changed_at(payload: dict[str, Any]) -> None:
    """When the table last changed (docs/mqtt.md): a time, and nothing else."""
    from datetime import datetime

    stamp = payload.pop("changed_at", None)
    assert isinstance(stamp, str) and datetime.fromisoformat(stamp).tzinfo is not None, f"changed_at {stamp!r}"


def _check_event(msg: Message, games_by_number: dict[int, Played], unmatched: dict, seen: Seen) -> None:
    payload = msg.json()
    keys = EVENT_KEYS | ({"made"} if "made" in payload and payload["event"].get("type") == "redo" else set())
    assert set(payload) == keys, f"an event message with the fields {sorted(payload)}"
    number = payload["version"] // GAME_SPAN
    assert number in games_by_number, f"an event of no game played here: {payload}"
    played = games_by_number[number]
    revision = payload["revision"]
    assert revision in played.announced, f"an event at revision {revision}, which no change of the session made"
    assert payload["version"] == version(number, revision) and payload["game"] == played.game.id, payload
    _one_epoch(seen, payload["epoch"])
    datetime.fromisoformat(payload["at"])
    event = payload["event"]
    left = unmatched[(number, revision)]
    assert event in left, (
        f"revision {revision} published the event {event}; the session announced {played.announced[revision]}"
        + (" (each once)" if event in played.announced[revision] else "")
    )
    left.remove(event)
    assert payload["move"] == played.moves[revision], f"revision {revision} names move {payload['move']}"
    if event["type"] == "redo":
        assert payload.get("made") == played.made[revision], f"revision {revision}'s redo says made {payload.get('made')}"
    secrets = secrets_of(played.game)
    before, after = played.before[revision], played.states[revision]
    secrets.check_event(event, played.kinds[revision], played.actions[revision], before, after, played.game)
    seen.events += 1
    seen.events_hiding += bool(secrets.hidden(after) or secrets.hidden(before))


def _check_discovery(msg: Message, played: list[Played], at: Where) -> None:
    """A Home Assistant sensor: announced for a player, or removed with an empty payload."""
    if not msg.payload:
        return
    configs = {
        homeassistant.config_topic(at.topics, at.ha_prefix, seat["name"]): homeassistant.sensor_config(
            at.topics, at.table_name, seat["name"]
        )
        for p in played
        for seat in p.views[0]["players"]
    }
    assert msg.topic in configs, f"discovery on {msg.topic}, for no player at the table"
    assert msg.json() == configs[msg.topic], f"{msg.topic} says more than a score sensor: {msg.payload[:300]!r}"


def check_markers(messages: list[Message], markers: set[str | int]) -> None:
    """Distinctive secrets (long random strings, 13-digit numbers) are in no payload, in any form."""
    assert messages, "the spy saw nothing: the check would prove nothing"
    for msg in messages:
        text = msg.payload.decode("utf-8")
        numbers = set(numbers_in(json.loads(text))) if text.startswith(("{", "[")) else set()
        for marker in markers:
            assert str(marker) not in text, f"{msg.topic} carried the hidden {marker!r}: {text[:200]}"
            assert marker not in numbers, f"{msg.topic} carried the hidden number {marker}: {text[:200]}"


# -- small JSON helpers ----------------------------------------------------------------------


def difference(got: Any, want: Any, path: str) -> str | None:
    """Where two JSON values first differ, as a path with both values; None when equal."""
    if type(got) is not type(want) and not (isinstance(got, (int, float)) and isinstance(want, (int, float))):
        return f"{path}: {_short(got)} instead of {_short(want)}"
    if isinstance(want, dict):
        for key in sorted(set(got) | set(want), key=str):
            if key not in want:
                return f"{path}.{key}: {_short(got[key])}, which the public view does not have"
            if key not in got:
                return f"{path}.{key}: missing (the public view has {_short(want[key])})"
            found = difference(got[key], want[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(want, list):
        if len(got) != len(want):
            return f"{path}: {len(got)} items instead of {len(want)}: {_short(got)}"
        for i, (a, b) in enumerate(zip(got, want)):
            found = difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if got == want else f"{path}: {_short(got)} instead of {_short(want)}"


def _short(value: Any) -> str:
    text = "missing" if value is MISSING else json.dumps(value)
    return text if len(text) <= 160 else text[:160] + "..."


def keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(keys_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_in(v) for v in value))
    return set()


def value_paths(value: Any, path: str = "") -> list[str]:
    """Paths of every "value" field, e.g. "captures[0].value"."""
    out = []
    if isinstance(value, dict):
        for key, item in value.items():
            here = f"{path}.{key}" if path else str(key)
            if key == "value" and item is not None:
                out.append(here)
            out += value_paths(item, here)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += value_paths(item, f"{path}[{i}]")
    return out


def lookup(value: Any, path: str) -> Any:
    for part in path.replace("[", ".").replace("]", "").split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def numbers_in(value: Any) -> list[int | float]:
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in numbers_in(v)]
    if isinstance(value, list):
        return [n for v in value for n in numbers_in(v)]
    return []


# -- playing at a table the spy watches -------------------------------------------------------


class Publishing:
    """A table with a broadcaster; waits (with timeouts, never sleeps) for what the spy receives."""

    def __init__(self, broker, table, spy, **mqtt: Any) -> None:
        self.table, self.spy, self.at = table, spy, where(broker)
        self.played: list[Played] = []
        self.broadcaster = Broadcaster(broker.companion_config(mqtt=mqtt), table)
        self.broadcaster.start()
        # Connected once the first state (no game yet) is out: events from now on are not lost.
        spy.wait_for(lambda w: w.on(self.at.topics.state))

    def start(self, game: str, players: list[str], options: dict[str, Any]) -> Played:
        self.table.start(game, players, options)
        self.played.append(follow(self.table))
        self.wait_published()
        return self.played[-1]

    def play(self, actions: list[dict[str, Any]], *, wait: bool = True) -> None:
        for action in actions:
            self.table.session.dispatch(action)
            if wait:
                self.wait_published()

    def wait_published(self) -> None:
        """The spy has the state of the session's revision and every event of that change."""
        played, revision = self.played[-1], self.table.session.revision
        wanted = version(played.number, revision)
        events = len(played.announced.get(revision, []))

        def arrived(w) -> bool:
            if not any(m.json().get("version") == wanted for m in w.on(self.at.topics.state)):
                return False
            return sum(m.json()["version"] == wanted for m in w.on(self.at.topics.events)) >= events

        self.spy.wait_for(arrived)

    def close_game(self) -> None:
        """Leave the game; returns once the spy has the state that says no game is open."""
        idle = lambda w: sum(m.json().get("game", "") is None for m in w.on(self.at.topics.state))  # noqa: E731
        before = idle(self.spy)
        self.table.close_game()
        self.spy.wait_for(lambda w: idle(w) > before)

    def close(self) -> None:
        """Stop publishing; returns once the spy has everything (the offline is the table's last word)."""
        self.broadcaster.close()
        self.spy.wait_for(lambda w: [m for m in w.on(self.at.topics.availability) if m.payload == b"offline"])

    def check(self) -> Seen:
        return check_broadcast(list(self.spy.messages), self.played, self.at)


@pytest.fixture
def publishing(broker, table, spy):
    made: list[Publishing] = []

    def make(**mqtt: Any) -> Publishing:
        made.append(Publishing(broker, table, spy, **mqtt))
        return made[-1]

    yield make
    for p in made:
        p.broadcaster.close()


# -- Bonbon: a card turned face-down -------------------------------------------------------


def up(value: int, kind: str = "regular") -> dict[str, Any]:
    return {"type": "draw", "face": "up", "kind": kind, "value": value}


DOWN = {"type": "draw", "face": "down"}
PASS = {"type": "pass"}

# Round 1: Ann's 7 goes face-down (undone and redone), she also plays a card face-down,
# so her 7 stays hidden through the reveal step until her own reveal.
ROUND_1 = [
    {"type": "start", "tiles": ["three", "zeros", "ones"]},
    up(7), up(2), DOWN, up(1, "hide"),  # Ann 7, Ben 2, Cy face-down, Ann: the hide card
    {"type": "hide", "player": "Ann", "card": 1},  # Ann's 7 goes face-down
    {"type": "undo"}, {"type": "redo"},
    up(3), DOWN, DOWN,  # Ben 3, Cy face-down, Ann face-down
    {"type": "pass", "tile": "three"}, PASS, PASS,  # the round's play is over: reveal
    {"type": "reveal", "player": "Cy", "values": [4, 5]},  # Ann's 7 still hidden
    {"type": "reveal", "player": "Ann", "values": [6]},  # now her cards are turned over
]
# Round 2: Ann's 6 goes face-down, then she is eliminated: it is never revealed.
ROUND_2 = [
    {"type": "next_round", "new_tiles": ["sets"]},
    up(6), up(1, "hide"), {"type": "hide", "player": "Ann", "card": 1},
    up(2), up(4), DOWN, DOWN, up(8),  # Ann's face-up 4 + 8 is over her limit of 10
    {"type": "pass", "tile": "ones"}, PASS,
    {"type": "reveal", "player": "Ben", "values": [3]},
    {"type": "reveal", "player": "Cy", "values": [2]},
]


def test_a_bonbon_card_turned_face_down_is_never_published_until_it_is_revealed(publishing):
    """The app knows the value of a card the hide effect turned face-down (everyone saw it);
    until the round's reveal turns it over, no payload shows it or depends on it."""
    p = publishing()
    game = p.start("bonbon", ["Ann", "Ben", "Cy"], {})
    p.play(ROUND_1)
    p.play(ROUND_2)
    p.close()
    seen = p.check()

    secrets = GameSecrets(game.game)
    hidden_at = [r for r, st in sorted(game.states.items()) if secrets.hidden(st)]
    assert game.states[6]["rows"]["Ann"][0] == {"face": "down", "kind": "regular", "value": 7}, "the app knows it"
    assert 6 in hidden_at and 7 not in hidden_at and 8 in hidden_at, "hidden, shown by the undo, hidden again"
    assert 15 in hidden_at and 16 not in hidden_at, "hidden through the reveal step until Ann's own reveal"
    assert {"face": "down", "value": 7} in next(
        pl["cards"] for pl in game.views[16]["view"]["players"] if pl["name"] == "Ann"
    ), "once revealed, the view shows it"
    assert game.states[25]["eliminated"][0]["player"] == "Ann" and game.last in hidden_at, "Ann's 6 never shows"
    # Waiting after every change means the spy saw every revision and every event.
    assert seen.revisions == {(game.number, r) for r in game.views}
    assert seen.states_hiding >= len(hidden_at)
    assert seen.events == sum(map(len, game.announced.values())) and seen.events_hiding > 0


# -- every script of every game that has landed --------------------------------------------


def _scripts(game_id: str) -> list[Path]:
    return sorted((SCRIPTS / game_id / "scripts").glob("*.jsonl"))


@pytest.mark.parametrize("game_id", games.known())
def test_every_script_of_every_game_publishes_only_its_public_view(publishing, game_id):
    scripts = _scripts(game_id)
    assert scripts, f"{game_id} has no scripts under tests/games/{game_id}/scripts to play here"
    p = publishing()
    for script in scripts:
        lines = [json.loads(line) for line in script.read_text().splitlines() if line.strip()]
        header, actions = lines[0], lines[1:]
        p.start(header["game"], header["players"], header.get("options", {}))
        p.play(actions)
        p.close_game()  # the state with no game open is checked too
    p.close()
    seen = p.check()
    assert len(p.played) == len(scripts) and seen.idle > len(scripts)
    assert seen.revisions == {(g.number, r) for g in p.played for r in g.views}
    assert seen.events == sum(len(e) for g in p.played for e in g.announced.values())
    if game_id == "bondcones":
        for g in p.played:  # the app never knows a cone's value before a capture reveals it
            for st in g.states.values():
                ConeSecrets.check_private_state(st)
        assert any(g.states[g.last]["captures"] for g in p.played), "no capture: nothing was revealed"
        assert any(g.states[g.last]["peeks"] for g in p.played), "no peek: nothing was looked at in secret"


# -- a careless game: remembers a face-down card and a private note ---------------------------


class SecretTally(Tally):
    """Tally that remembers what a face-down card is (as a careless game might) and a private note,
    and declares both as secrets, as the Game interface asks."""

    id = "secret_tally"
    actions = {**Tally.actions, "hide": frozenset({"card", "value"})}

    def secrets(self, state):
        held = [Secret("", "the private note", conceals=("note",))]
        if state.get("face_down"):
            held.append(Secret("", "the face-down card", conceals=("face_down",)))
        return held + super().secrets(state)

    def disguises(self, state):
        alt = copy.deepcopy(state)
        if alt.get("face_down"):
            alt["face_down"] = {"card": "card-elsewhere", "value": 3}
        alt["note"] = "note-elsewhere"
        return [alt]

    def setup(self, players, options):
        return {**super().setup(players, options), "face_down": None, "note": f"note-{uuid.uuid4().hex}"}

    def apply(self, state, action):
        state = super().apply(state, action)
        if action["type"] == "hide":
            state["face_down"] = {"card": action.get("card"), "value": action.get("value")}
        if action["type"] == "reveal":
            state["face_down"] = None  # discarded unseen: what it was is never revealed
        return state


@pytest.fixture
def secret_game():
    games.register(SecretTally())
    yield
    games.unregister(SecretTally.id)


def test_no_payload_holds_a_face_down_card_or_a_private_note(publishing, secret_game):
    p = publishing(homeassistant=True)
    rng = random.Random(20261121)
    markers: set[str | int] = set()
    game = p.start("secret_tally", ["Ann", "Ben", "Cy"], {"target": 99})
    markers.add(game.states[0]["note"])
    for _ in range(150):
        kind = rng.choice(["add", "add", "pass", "hide", "reveal", "dial", "undo", "redo"])
        action: dict[str, Any] = {"type": kind}
        if kind == "add":
            action["points"] = rng.choice([1, 2, 3])
        elif kind == "hide":
            action["card"] = f"card-{uuid.uuid4().hex}"
            action["value"] = rng.randrange(10**12, 10**13)  # no version, score or time looks like it
            markers |= {action["card"], action["value"]}
        elif kind == "reveal":
            action["value"] = rng.randrange(10)
        elif kind == "dial":
            action["step"] = rng.choice([-1, 1])
        try:
            p.play([action], wait=False)  # a burst: the broadcaster coalesces states
        except RuleError:
            continue
    p.wait_published()
    p.close()
    assert any(st["face_down"] for st in game.states.values()), "no card was ever face-down"
    seen = p.check()
    check_markers(p.spy.messages, markers)
    assert seen.states_hiding > 0 and seen.events > 0 and seen.discovery > 0


# -- each check can fail ------------------------------------------------------------------------


def _leak_card_slot(monkeypatch):
    """The view shows a face-down card's value as soon as the app knows it."""
    from companion.games.bonbon import view

    shown = view.card_view
    monkeypatch.setattr(view, "card_view", lambda card, seen: shown(card, seen or card["value"] is not None))


def _leak_in_a_total(monkeypatch):
    """A new total on each player's record that counts the face-down cards the app knows."""
    plain = Bonbon.public_view

    def public_view(self, state):
        out = plain(self, state)
        for entry in out.get("players", []):
            row = state.get("rows", {}).get(entry["name"], [])
            entry["known_total"] = sum(c["value"] or 0 for c in row)
        return out

    monkeypatch.setattr(Bonbon, "public_view", public_view)


def _leak_in_an_event(monkeypatch, key="value"):
    """An event that tells which card was turned face-down, value and all."""
    plain = Bonbon.events

    def events(self, before, after, action):
        out = plain(self, before, after, action)
        if action["type"] == "hide":
            card = after["rows"][action["player"]][action["card"] - 1]
            out.append({"type": "card_hidden", "player": action["player"], key: card["value"]})
        return out

    monkeypatch.setattr(Bonbon, "events", events)


def _leak_in_an_event_under_another_name(monkeypatch):
    """The same, in a field no list of suspicious names would think of."""
    _leak_in_an_event(monkeypatch, key="points")


def _leak_in_an_aside(monkeypatch):
    """A warning during play that adds up the face-down cards the app knows: a leak in plain text."""
    plain = Bonbon.public_view

    def public_view(self, state):
        out = plain(self, state)
        known = [c["value"] for row in state.get("rows", {}).values() for c in row if c["face"] == "down"]
        if any(known):
            out["warnings"] = [*out["warnings"], f"the face-down cards are worth {sum(v or 0 for v in known)}"]
        return out

    monkeypatch.setattr(Bonbon, "public_view", public_view)


@pytest.mark.parametrize(
    "leak, caught",
    [
        (_leak_card_slot, r"Ann's card 1.* is hidden but the view shows \{'face': 'down', 'value': 7\}"),
        (_leak_in_a_total, r"depends on a hidden value: view.players\[0\].known_total"),
        (_leak_in_an_event, r"the event .*'value': 7.* depends on a hidden value"),
        (_leak_in_an_event_under_another_name, r"the event .*'points': 7.* depends on a hidden value"),
        (_leak_in_an_aside, r"depends on a hidden value: view.warnings"),
    ],
    ids=["card-slot", "total", "event", "event-other-name", "warning-text"],
)
def test_the_checks_catch_a_bonbon_view_or_event_that_leaks_a_face_down_card(publishing, monkeypatch, leak, caught):
    leak(monkeypatch)
    p = publishing()
    p.start("bonbon", ["Ann", "Ben", "Cy"], {})
    p.play(ROUND_1[:9])  # up to Ann's 7 face-down again after the undo and redo
    p.close()
    with pytest.raises(AssertionError, match=caught):
        p.check()


class PeekNotingBondCones(BondCones):
    """A careless BondCones that lets the peeker note the value of the cone they lifted."""

    id = "bondcones_peek_noting"
    actions = {**BondCones.actions, "roll": BondCones.actions["roll"] | {"noted"}}

    def apply(self, state, action):
        noted = action.pop("noted", None)
        peeks = len(state["peeks"])
        state = super().apply(state, action)
        if len(state["peeks"]) > peeks and noted is not None:
            state["peeks"][-1]["value"] = noted
        return state


def test_the_checks_catch_a_cone_value_the_app_should_never_have_known(publishing):
    games.register(PeekNotingBondCones())
    try:
        p = publishing()
        game = p.start(PeekNotingBondCones.id, ["Mia", "Leo"], {})
        p.play([{"type": "roll", "face": "4"}, {"type": "roll", "face": "1"}])  # Mia starts
        p.play([{"type": "roll", "face": "peek", "noted": 8}])  # her 8, still on the board
        p.close()
    finally:
        games.unregister(PeekNotingBondCones.id)
    with pytest.raises(AssertionError, match=r"the private state holds a cone value at \['peeks\[0\].value'\]"):
        ConeSecrets.check_private_state(game.states[game.last])
    with pytest.raises(AssertionError, match=r"shows a cone value at view.\['peeks\[0\].value'\]"):
        p.check()


def _publish_as_the_table(broker, topic: str, payload: dict[str, Any]) -> None:
    """Another client with the table's own login: a second, buggy publisher."""
    client = paho.Client(CallbackAPIVersion.VERSION2, protocol=paho.MQTTv311)
    client.username_pw_set(mosquitto.USER, mosquitto.PASSWORD)
    client.connect("127.0.0.1", broker.mqtt_port, keepalive=10)
    client.loop_start()
    try:
        client.publish(topic, json.dumps(payload), qos=1).wait_for_publish(5)
    finally:
        client.disconnect()
        client.loop_stop()


def test_the_checks_catch_a_message_that_says_more_than_the_public_view(broker, publishing, spy):
    p = publishing()
    game = p.start("bonbon", ["Ann", "Ben", "Cy"], {})
    p.play(ROUND_1[:6])  # Ann's 7 is face-down
    p.close()
    real = list(spy.messages)
    assert p.check().states_hiding > 0
    topics = p.at.topics
    state = next(m for m in reversed(real) if m.topic == topics.state and m.json().get("revision") == 6)
    event = next(m for m in real if m.topic == topics.events)
    idle = next(m for m in real if m.topic == topics.state and m.json()["game"] is None).json()
    ann = homeassistant.config_topic(topics, p.at.ha_prefix, "Ann")
    config = homeassistant.sensor_config(topics, p.at.table_name, "Ann")
    sensor = Message(ann, json.dumps(config).encode(), True, 0.0)
    assert check_broadcast([*real, sensor], [game], p.at)  # a true sensor passes

    # Through the real broker: a state whose game view has one field more than the public view.
    leaky = state.json()
    leaky["view"]["face_down"] = {"player": "Ann", "card": 1, "value": 7}
    _publish_as_the_table(broker, topics.state, leaky)
    spy.wait_for(lambda w: len(w.messages) > len(real))
    with pytest.raises(AssertionError, match=r"not the public view the session produced: state.view.face_down"):
        p.check()

    def doctored(msg: Message, change) -> list[Message]:
        payload = msg.json()
        change(payload)
        return [*real, replace(msg, payload=json.dumps(payload).encode())]

    cases = [
        # a state: the view of another revision under this revision's number
        (state, lambda s: s.update(view=game.views[5]["view"]), r"state.view.collective"),
        # a state: an envelope field that says more (scores counting the face-down card)
        (state, lambda s: s["scores"].update(Ann=7), r"is not the public view the session produced: state.scores.Ann"),
        (state, lambda s: s.update(hidden=7), r"state.hidden: 7, which the public view does not have"),
        # an event the session never announced, or announced for another change
        (event, lambda e: e.update(event={"type": "card_hidden", "player": "Ann", "value": 7}), r"published the event"),
        (event, lambda e: e.update(revision=6, version=version(game.number, 6)), r"revision 6 published the event"),
        # an event envelope with one field more
        (event, lambda e: e.update(value=7), r"an event message with the fields"),
        # a message on a topic the docs do not list
        (replace(event, topic=f"{topics.base}/secrets"), lambda e: None, r"which docs/mqtt.md does not list"),
        # the state with no game open, with something more
        (replace(state, payload=json.dumps(idle).encode()), lambda s: s.update(face_down=7), r"the idle state carries"),
        # a Home Assistant sensor that says more than a score sensor
        (sensor, lambda d: d.update(face_down=7), r"says more than a score sensor"),
    ]
    for msg, change, caught in cases:
        with pytest.raises(AssertionError, match=caught):
            check_broadcast(doctored(msg, change), [game], p.at)
    # An event in place of the true one, naming another move than its change made: a phone would
    # strike out the wrong news at an undo.
    wrong_move = replace(event, payload=json.dumps({**event.json(), "move": event.json()["move"] + 1}).encode())
    with pytest.raises(AssertionError, match=r"names move"):
        check_broadcast([wrong_move if m is event else m for m in real], [game], p.at)
    with pytest.raises(AssertionError, match="carried the hidden 1234567890123"):
        check_markers(doctored(state, lambda s: s.update(note=1234567890123)), {1234567890123})


# -- found while writing these checks: leaks in Bonbon's reveal step ------------------------


def test_a_zero_turned_face_down_does_not_show_in_the_variety_count(publishing):
    p = publishing()
    p.start("bonbon", ["Ann", "Ben", "Cy"], {})
    p.play([
        {"type": "start", "tiles": ["variety", "zeros", "ones"]},
        {"type": "draw", "face": "up", "kind": "zero"}, {"type": "end_turn"},  # Ann's zero
        up(1, "hide"), {"type": "hide", "player": "Ann", "card": 1},  # Ben turns it face-down
        DOWN, {"type": "pass", "tile": "variety"}, PASS, PASS,  # Ann holds the variety tile
    ])
    p.close()
    p.check()


def test_deck_warnings_do_not_count_a_card_that_is_still_face_down(publishing):
    p = publishing()
    p.start("bonbon", ["Ann", "Ben", "Cy"], {"deck_values": "1:9 2:9 3:9 7:1"})
    p.play([
        {"type": "start", "tiles": ["three", "zeros", "ones"]},
        up(7), up(1, "hide"), {"type": "hide", "player": "Ann", "card": 1},  # Ann's 7 face-down
        up(7), DOWN,  # Cy's 7 face-up; Ann plays face-down, so she waits in the reveal step
        PASS, {"type": "take_tile", "tile": "three"}, PASS, PASS,
    ])
    p.close()
    p.check()
