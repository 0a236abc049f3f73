"""The dice tray rolls the die of the game being played, on real pseudo-terminals.

The game declares its die (`Game.die`); when a game starts or resumes the table tells the tray
(DIE), and the tray, the firmware's own program in the simulated tray, rolls those faces. A tray
with firmware from before DIE never answers it: it still serves a game whose die it has, and is
refused with a clear status for any other.
"""

from __future__ import annotations

import random
import time

import pytest

from companion.core.errors import RuleError
from companion.core.fields import Choice, Pick
from companion.core.game import ActionSpec, Expected, Game
from companion import games
from companion.core.session import Session
from companion.games.bondcones import BondCones
from companion.inputs.dicetray.driver import DiceTray
from companion.inputs.dicetray.pico import tray as tray_logic
from companion.inputs.dicetray.sim import SimTray
from companion.inputs.routing import Router
from tests.inputs.test_end_to_end import AppThread
from tests.inputs.tray_end import FACES as CONE, TrayEnd, wait_until

D6 = ("1", "2", "3", "4", "5", "6")


class Sixes(Game):
    """A test-only dice game with a six-sided die: roll, and the next player rolls."""

    id = "sixes"
    title = "Sixes"
    min_players = 2
    max_players = 2
    actions = {"roll": frozenset({"face"})}
    die = D6

    def setup(self, players, options):
        return {"players": list(players), "turn": 0, "rolls": []}

    def apply(self, state, action):
        if action.get("face") not in self.die:
            raise RuleError(f"A die of Sixes has no face {action.get('face')!r}")
        state["rolls"].append(action["face"])
        state["turn"] = 1 - state["turn"]
        return state

    def public_view(self, state):
        return {"rolls": list(state["rolls"])}

    def expected(self, state):
        who = state["players"][state["turn"]]
        face = Choice("The die shows", picks=tuple(Pick(f, f) for f in self.die))
        return Expected(who, f"{who}: roll", (ActionSpec("roll", "Roll", {"face": face}),))


class Table:
    """The app's part: one session at a time, the router, and rolls handed to the app's thread."""

    def __init__(self, device: str, **driver) -> None:
        self.session: Session | None = None
        self.app = AppThread()
        self.router = Router(lambda: self.session)
        self.tray = DiceTray(device, on_roll=lambda f, i: self.app.schedule(lambda: self.router.roll(f, i)),
                             **driver)
        self.router.tray = self.tray

    def play(self, game: Game) -> Session:
        """A game starts (or resumes): the app refreshes the router, as on every change."""
        self.session = Session(game, ["Ann", "Ben"])
        self.router.refresh()
        return self.session

    def rolls(self, count: int, press) -> list:
        """Press `count` times, each time waiting for the roll to arrive: every outcome, in order."""
        outcomes = []
        for _ in range(count):
            pressed = press()
            if pressed is not None:
                outcomes.append(pressed)
            outcomes += self.app.run_pending(timeout=3)
            self.router.refresh()
        return outcomes


@pytest.fixture
def sim(tmp_path, monkeypatch):
    # The LEDs' spin is shortened (firmware tests hold its real length); the random source is
    # seeded, so the faces that come up are the same on every run.
    monkeypatch.setattr(tray_logic, "ROLLING_MS", 20)
    with SimTray(link=tmp_path / "dicetray", random_bytes=random.Random(7).randbytes) as tray:
        yield tray


def test_a_six_sided_game_tells_the_simulated_tray_its_die_and_every_face_comes_up(sim):
    table = Table(sim.device)
    with table.tray:
        wait_until(lambda: table.tray.connected)
        table.play(Sixes())
        wait_until(lambda: sim.tray.faces == D6)  # the firmware's own program learnt the die
        wait_until(lambda: table.tray.faces == D6)  # and said so in a HELLO
        assert table.tray.status().detail.endswith("die 1 2 3 4 5 6")
        outcomes = table.rolls(40, sim.press_roll)
        assert [o.kind for o in outcomes] == ["applied"] * 40, {o.message for o in outcomes}
        seen = table.session.view()["view"]["rolls"]
        assert set(seen) == set(D6), "every face of the die comes up, a 5 and a 6 too"
        assert table.router.tray.receiver.counts["unknown_face"] == 0


def test_bondcones_is_played_with_its_dice_cone_after_a_six_sided_game(sim):
    table = Table(sim.device)
    with table.tray:
        wait_until(lambda: table.tray.connected)
        table.play(Sixes())
        wait_until(lambda: table.tray.faces == D6)
        session = table.play(BondCones())
        wait_until(lambda: table.tray.faces == CONE)
        # The opening roll of BondCones, rolled on the tray: each player rolls the Dice Cone.
        outcomes = table.rolls(2, sim.press_roll)
        assert all(o.kind in ("applied", "refused") for o in outcomes), outcomes
        rolled = [session.timeline.action(i)["face"] for i in range(session.timeline.cursor)]
        assert rolled and all(face in CONE for face in rolled)
        assert any(o.applied for o in outcomes)


def test_the_roll_button_rolls_on_the_tray_with_the_games_die(sim):
    table = Table(sim.device)
    with table.tray:
        wait_until(lambda: table.tray.connected)
        table.play(Sixes())
        wait_until(lambda: table.tray.fits(D6))
        outcomes = table.rolls(10, lambda: table.router.control("roll", "gpio"))
        assert [o.kind for o in outcomes] == ["sent", "applied"] * 10
        assert set(table.session.view()["view"]["rolls"]) <= set(D6)


def test_a_replugged_tray_boots_with_its_own_die_and_is_told_again(sim):
    table = Table(sim.device)
    with table.tray:
        wait_until(lambda: table.tray.connected)
        table.play(Sixes())
        wait_until(lambda: table.tray.faces == D6)
        sim.unplug()
        sim.replug()  # a new boot: BondCones' Dice Cone until told
        wait_until(lambda: sim.tray is not None and sim.tray.faces == D6, timeout=4)
        wait_until(lambda: table.tray.faces == D6)


@pytest.fixture
def old_tray(tmp_path):
    """A tray with firmware 1.0.0, worked by hand: it answers STATE and drops DIE unanswered."""
    end = TrayEnd(tmp_path / "dicetray")
    yield end
    end.close()


def test_an_older_tray_that_cannot_be_told_is_refused_with_a_clear_status_and_rolls_go_electronic(old_tray):
    table = Table(str(old_tray.link), answer_timeout=0.2)
    with table.tray:
        old_tray.answer_state()
        wait_until(lambda: table.tray.connected)
        table.play(Sixes())
        wait_until(lambda: table.tray.status().level == "error")
        told = [fields for kind, _, fields in old_tray.commands(timeout=0.1) if kind == "DIE"]
        assert told == [("1|2|3|4|5|6",)] * 3, "asked three times, then given up on"
        detail = table.tray.status().detail
        assert detail == ("The dice tray rolls 1 2 3 4 peek bondo, not this game's die (1 2 3 4 5 6), and its "
                          "firmware 1.0.0 cannot be told: update the tray (firmware/README.md); rolls are "
                          "electronic meanwhile")
        # Its rolls are refused with those words; the game is as it was.
        old_tray.roll("3")
        (outcome,) = table.app.run_pending()
        assert outcome.kind == "ignored" and outcome.message == f"Roll ignored: {detail}"
        assert table.session.revision == 0
        # The Roll button rolls electronically, among the game's own faces.
        outcome = table.router.control("roll", "gpio")
        assert outcome.kind == "applied" and outcome.message == "Rolled electronically"
        assert table.session.view()["view"]["rolls"][0] in D6
        assert not [c for c in old_tray.commands(timeout=0.3) if c[0] == "ROLL"], "nothing asked of the tray"


def test_an_older_tray_keeps_working_for_a_game_whose_die_it_has(old_tray):
    table = Table(str(old_tray.link), answer_timeout=0.2)
    with table.tray:
        old_tray.answer_state()
        wait_until(lambda: table.tray.connected)
        table.play(Sixes())
        wait_until(lambda: table.tray.status().level == "error")
        old_tray.commands(timeout=0.1)  # the DIEs it dropped
        session = table.play(BondCones())  # its die is the tray's: nothing to tell
        wait_until(lambda: table.tray.status().level == "ok")
        assert table.tray.status().detail == f"Connected on {old_tray.link}: firmware 1.0.0, die 1 2 3 4 peek bondo"
        time.sleep(0.3)
        assert "DIE" not in [c[0] for c in old_tray.commands(timeout=0.1)]
        old_tray.roll("peek")
        (outcome,) = table.app.run_pending()
        assert outcome.kind in ("applied", "refused") and outcome.kind != "ignored"
        assert session.timeline.cursor == (1 if outcome.applied else 0)


@pytest.mark.parametrize("game_id", [g for g in games.known() if games.get(g).die])
def test_every_game_with_a_die_has_the_simulated_tray_roll_it(tmp_path, monkeypatch, game_id):
    """A game that declares its die is played with the tray's rolls of that die: no firmware change."""
    game = games.get(game_id)
    monkeypatch.setattr(tray_logic, "ROLLING_MS", 20)
    other = ("heads", "tails") if set(game.die) != {"heads", "tails"} else ("up", "down")
    sim = SimTray(other, link=tmp_path / "dicetray", random_bytes=random.Random(3).randbytes).start()
    table = Table(sim.device)
    with sim, table.tray:
        wait_until(lambda: table.tray.faces == other)  # whatever die the tray rolled before
        session = table.play(game)
        wait_until(lambda: table.tray.fits(game.die))
        assert sim.tray.faces == tuple(game.die)
        rolled = table.rolls(3, sim.press_roll)
        assert rolled and all(o.kind in ("applied", "refused", "ignored") for o in rolled)
        assert not [o for o in rolled if "does not roll this game's die" in o.message]
        assert table.tray.receiver.counts["unknown_face"] == 0
        faces = [a["face"] for a in (session.timeline.action(i) for i in range(session.timeline.cursor))
                 if a["type"] == "roll"]
        assert faces and set(faces) <= set(game.die)


def test_companion_run_sim_tells_its_simulated_tray_the_games_die(tmp_path, monkeypatch):
    """`companion run --sim` starts the simulated tray with the Dice Cone; a six-sided game changes it."""
    from companion.config import load
    from companion.inputs.start import start_inputs

    session = None
    config = tmp_path / "config.toml"
    config.write_text(f'[data]\ndir = "{tmp_path}"\n')
    with start_inputs(load(config), lambda: session, on_control=lambda name: None,
                      on_roll=lambda face, info: None, sim=True) as inputs:
        wait_until(lambda: inputs.tray.connected, timeout=3)
        assert inputs.tray.faces == CONE
        session = Session(Sixes(), ["Ann", "Ben"])
        inputs.router.refresh()  # what the app does when a game starts
        wait_until(lambda: inputs.sim_tray.tray.faces == D6 and inputs.tray.faces == D6)
        assert inputs.statuses()[1].detail.endswith("die 1 2 3 4 5 6")
