"""Pulled plugs on the virtual table, and what they cost: shared by the test (a few cuts) and
bench/vm_plug_pull.py (thirty and more).

The game is BondCones, played by the dice tray alone: the tray's die has only the faces that end
a turn at once (peek and bondo), so every roll is a move and no touch is needed between rolls.
While the tray rolls at random moments, QEMU is killed (SIGKILL) at a random moment: the guest
loses what it had not written. A subscriber on this machine records every state the table
published. After the next boot:

- acknowledged: the moves some subscriber saw (a state with that many moves was published);
- lost: acknowledged moves the table no longer has after the boot;
- phantom: moves in the table's log that are not the tray's rolls of their run, in order.

The tray's faces alternate (peek, bondo, peek...): between two cuts the table receives every roll,
so the moves a run left in the log must be exactly the first rolls of that run. A move counted
twice shows as the same face twice, a move nobody rolled as a face out of turn or one more move
than the run's rolls; none can pass for a roll of a two-faced die that happened to match.
Each cut comes within a second of a move the subscriber saw acknowledged: the plug is pulled
while moves are being made, not between them.

Every state seen, before or after any cut, must be the state rebuilt from the table's own log
of that many moves (companion.replay): what a phone showed is what the table kept.
"""

from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from companion.broadcast.topics import ENVELOPE_FIELDS
from companion.replay import replay
from tests.broadcast.conftest import Watcher
from tests.support.vm.machine import VirtualTable

STATE = "companion/table1/state"
AVAILABILITY = "companion/table1/availability"
FACES = ("peek", "bondo")  # the faces that end a turn at once: every roll is a move


class AlternatingTurnEnds:
    """The tray's random source for these tests: 4, then 5, then 4... one value a call (a roll
    draws once). The table tells the tray BondCones' die (1 2 3 4 PEEK BONDO) once it is
    connected; from either die, 4 and 5 pick PEEK and BONDO (4 and 5 of six faces, 0 and 1 of
    two), so every roll ends its turn at once and is a move, and the faces alternate."""

    def __init__(self) -> None:
        self._next = 4
        self._lock = threading.Lock()

    def __call__(self, count: int) -> bytes:
        with self._lock:
            value, self._next = self._next, 9 - self._next
        return bytes([value]) * count


LAST_ACK_BEFORE_CUT = 1.0  # seconds: each cut comes this soon after a move was seen acknowledged
# The broadcast's own fields, not the game's view: its scores are for dashboards, and when the
# state last changed and its newest news are for the hall (the clock of a publish, not of the log).
# The revision too: the table's count of every change, undos and redos included (the GPIO story's
# rolls, taken back, are in this game), which the moves in effect replayed cannot give.
ENVELOPE = (*ENVELOPE_FIELDS, "revision")


@dataclass
class Cut:
    acknowledged: int  # moves seen by the subscriber before the cut
    after_boot: int  # moves the table had when it came back
    power_on_to_game: float  # seconds from power-on to the game's state and its board on screen
    since_last_ack: float = 0.0  # seconds from the last move seen acknowledged to the cut
    rolls: list[str] = field(default_factory=list)  # the tray's rolls from the run's start to the cut

    @property
    def lost(self) -> int:
        return max(0, self.acknowledged - self.after_boot)


@dataclass
class Results:
    cuts: list[Cut] = field(default_factory=list)
    phantom: int = 0
    mismatched: list[str] = field(default_factory=list)  # seen states the log does not rebuild

    @property
    def acknowledged(self) -> int:
        return self.cuts[-1].acknowledged if self.cuts else 0

    @property
    def lost(self) -> int:
        return sum(c.lost for c in self.cuts)

    def summary(self) -> str:
        times = sorted(c.power_on_to_game for c in self.cuts)
        median = times[len(times) // 2] if times else None
        gaps = [round(c.since_last_ack, 2) for c in self.cuts]
        return (f"{len(self.cuts)} cuts: moves acknowledged {self.acknowledged}, lost {self.lost}, "
                f"phantom {self.phantom}, states not rebuilt from the log {len(self.mismatched)}; "
                f"last acknowledged move before each cut {gaps} s before it; "
                f"power-on to the game on screen: median {median} s, max {times[-1] if times else None} s")


def states(watcher: Watcher) -> list[dict[str, Any]]:
    return [json.loads(m.payload) for m in watcher.on(STATE) if m.payload]


def moves_seen(watcher: Watcher) -> int:
    return max((s.get("moves", 0) for s in states(watcher) if s.get("game")), default=0)


def subscriber(vt: VirtualTable) -> Watcher:
    """A subscriber through the forwarded MQTT port that comes back quickly after each boot."""
    watcher = Watcher(vt.ports["mqtt"], [STATE])
    watcher.client.reconnect_delay_set(min_delay=1, max_delay=2)
    return watcher


def on_screen(vt: VirtualTable, path) -> bool:
    """The board is drawn: the screen is neither black (a PNG of one colour is a few hundred
    bytes; a board is tens of kilobytes) nor the Home screen (no QR code on it)."""
    import subprocess

    vt.screendump(path)
    if path.stat().st_size < 8000:
        return False
    return not subprocess.run(["zbarimg", "--raw", "-q", str(path)], capture_output=True, text=True).stdout.strip()


def wait_for_the_game(vt: VirtualTable, watcher: Watcher, tray, mark: int, folder, timeout: float = 300) -> tuple[int, float]:
    """After power-on: (the moves in the first state the new boot published, seconds from power-on
    until that game is on screen and the tray is talking to the table again)."""
    deadline = time.monotonic() + timeout
    fresh = None
    while fresh is None:
        assert vt.running and time.monotonic() < deadline, f"the table did not come back:\n{vt.console_tail()}"
        with watcher._lock:
            new = [m for m in watcher.messages[mark:] if m.topic == STATE and not m.retain and m.payload]
        games = [json.loads(m.payload) for m in new if json.loads(m.payload).get("game")]
        fresh = games[0] if games else None
        time.sleep(0.2)
    while not on_screen(vt, folder / "after-cut.png"):
        assert time.monotonic() < deadline, "the game never showed on the screen"
        time.sleep(0.5)
    seconds = round(time.monotonic() - vt.powered_on_at, 1)
    return fresh["moves"], seconds


def pull_plugs(vt: VirtualTable, tray, folder, *, cuts: int, seed: int, report=None) -> Results:
    """`cuts` pulled plugs while the tray rolls; the table running a BondCones game on `tray`."""
    rng = random.Random(seed)
    results = Results()
    watcher = subscriber(vt)
    try:
        watcher.wait_for(lambda w: moves_seen(w) > 0 or states(w), timeout=30)
        start_moves = moves_seen(watcher)
        for _ in range(cuts):
            run_start = len(tray.sent)
            with Roller(tray, rng):
                time.sleep(rng.uniform(2.0, 8.0))
                # Pulled right after a move was seen acknowledged: in the middle of play.
                seen = moves_seen(watcher)
                watcher.wait_for(lambda w: moves_seen(w) > seen, timeout=30)
                last_ack = acknowledged_at(watcher)
                vt.pull_plug()
                cut_at = time.monotonic()
                rolled = tray_rolls(tray, run_start)
            heard = len(tray.sent)
            acknowledged = moves_seen(watcher)
            with watcher._lock:
                mark = len(watcher.messages)
            vt.power_on()
            after_boot, seconds = wait_for_the_game(vt, watcher, tray, mark, folder)
            # The tray talks to the new boot's table before the next rolls (else they are stale).
            deadline = time.monotonic() + 60
            while not any(line.startswith("$ACK,") for line in tray.sent[heard:]):
                assert time.monotonic() < deadline, "the table never spoke to the tray after the boot"
                time.sleep(0.1)
            results.cuts.append(Cut(acknowledged, after_boot, seconds, cut_at - last_ack, rolled))
            if report is not None:  # the bench's progress, cut by cut
                report(f"cut {len(results.cuts)}: acknowledged {acknowledged} (the last {cut_at - last_ack:.2f} s "
                       f"before it), back with {after_boot}, power-on to the game on screen {seconds} s")
        header, actions = table_log(vt)
        results.phantom, results.mismatched = check_against_log(states(watcher), header, actions, start_moves,
                                                                results.cuts)
        return results
    finally:
        watcher.client.loop_stop()
        watcher.client.disconnect()


def acknowledged_at(watcher: Watcher) -> float:
    """When the subscriber received the newest state with the most moves (its clock, monotonic)."""
    with watcher._lock:
        seen = [(json.loads(m.payload).get("moves", 0), m.at) for m in watcher.messages
                if m.topic == STATE and m.payload and json.loads(m.payload).get("game")]
    most = max(moves for moves, _ in seen)
    return min(at for moves, at in seen if moves == most)


class Roller:
    """Presses the tray's roll button at random moments (0.3 to 1.2 s apart) until stopped."""

    def __init__(self, tray, rng: random.Random) -> None:
        self.tray, self.rng = tray, rng
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Roller:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=5)

    def _run(self) -> None:
        while not self.stop.wait(self.rng.uniform(0.3, 1.2)):
            self.tray.press_roll()


def tray_rolls(tray, since: int = 0) -> list[str]:
    """The faces of every ROLL frame the tray sent from its `since`th frame on, in order (seen or not)."""
    return [line.split(",")[2] for line in tray.sent[since:] if line.startswith("$ROLL,")]


def table_log(vt: VirtualTable) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The unfinished game in the guest's database: its header and the actions in effect."""
    code = (
        "import json; from companion.store import Store; "
        "s = Store('/var/lib/companion/companion.db', playing=False); r = s.unfinished(); "
        "print(json.dumps({'record': {'game': r.game, 'players': r.names, 'options': r.options}, "
        "'actions': [a for a, _ in s.played(r.id)]}))"
    )
    out = vt.ssh(f"cd companion && .venv/bin/python -c \"{code}\"").stdout
    data = json.loads(out)
    return data["record"], data["actions"]


def check_against_log(seen: list[dict[str, Any]], header: dict[str, Any], actions: list[dict[str, Any]],
                      start_moves: int, cuts: list[Cut]) -> tuple[int, list[str]]:
    """(phantom moves, seen states the log does not rebuild and moves out of their run's order)."""
    # Each run between cuts left in the log exactly the first rolls of that run, in order.
    phantom, problems, before = 0, [], start_moves
    for number, cut in enumerate(cuts, 1):
        kept = [str(a.get("face")).lower() for a in actions[before:cut.after_boot]]
        if len(kept) > len(cut.rolls):
            phantom += len(kept) - len(cut.rolls)
            problems.append(f"run {number}: the log kept {len(kept)} moves; the tray rolled {len(cut.rolls)}")
        wrong = [i for i, (face, rolled) in enumerate(zip(kept, cut.rolls)) if face != rolled.lower()]
        if wrong:
            phantom += len(wrong)
            problems.append(f"run {number}: moves {wrong} are not the tray's rolls in order "
                            f"(log {kept}, tray {cut.rolls[:len(kept)]})")
        before = cut.after_boot
    mismatched = problems
    script = [json.dumps(header)]
    rebuilt: dict[int, dict[str, Any]] = {}
    for state in seen:
        m = state.get("moves")
        if not state.get("game") or m is None:
            continue
        if m > len(actions):
            mismatched.append(f"a state with {m} moves was published; the log has {len(actions)}")
            continue
        if m not in rebuilt:
            view = replay(script + [json.dumps(_as_played(a)) for a in actions[:m]]).view()
            rebuilt[m] = {k: v for k, v in view.items() if k not in ENVELOPE}
        view = {k: v for k, v in state.items() if k not in ENVELOPE}
        if view != rebuilt[m]:
            differing = sorted(k for k in set(view) | set(rebuilt[m]) if view.get(k) != rebuilt[m].get(k))
            mismatched.append(f"the state with {m} moves differs from the log's in {differing}")
    return phantom, mismatched


def _as_played(action: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in action.items() if k != "source"}
