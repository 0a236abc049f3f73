"""A press on a mock pin and a roll frame on a pseudo-terminal change the game the way a touch does.

The adapters run in their own threads and only hand names over; the test's main thread
plays the app's thread (Kivy's Clock in the app) and routes them into the session.
"""

from __future__ import annotations

import queue
import threading
import time

import pytest
from gpiozero import Device

from companion.core.session import Session
from companion.inputs.dicetray.driver import DiceTray
from companion.inputs.dicetray.sim import SimTray
from companion.inputs.gpio import GpioControls
from companion.inputs.routing import Router
from tests.inputs.dice_game import DiceDuel
from tests.inputs.tray_end import TrayEnd, wait_until
from tests.support.tally import Tally

PINS = {"confirm": 17, "undo": 27, "pass": 22, "roll": 23, "dial_a": 5, "dial_b": 6, "dial_push": 26}


class AppThread:
    """What Clock.schedule_once does for the app: run handed-over work on one thread, later."""

    def __init__(self) -> None:
        self.work: queue.SimpleQueue = queue.SimpleQueue()

    def schedule(self, fn) -> None:
        self.work.put(fn)

    def run_pending(self, timeout: float = 1.0) -> list:
        out = [self.work.get(timeout=timeout)()]
        while True:
            try:
                out.append(self.work.get(timeout=0.05)())
            except queue.Empty:
                return out


def listen(session: Session) -> list[tuple[str, str]]:
    heard = []
    session.subscribe(lambda change: heard.append((change.kind, threading.current_thread().name)))
    return heard


def test_a_button_press_on_a_mock_pin_changes_the_game_like_a_touch(mock_pins):
    by_button = Session(Tally(), ["Ann", "Ben"])
    by_touch = Session(Tally(), ["Ann", "Ben"])
    heard = listen(by_button)
    app = AppThread()
    router = Router(lambda: by_button)
    gpio = GpioControls(PINS, lambda name: app.schedule(lambda: router.control(name, "gpio"))).start()
    try:
        p = Device.pin_factory.pin(17)
        for _ in range(4):  # contact chatter
            p.drive_low()
            p.drive_high()
        p.drive_low()
        time.sleep(0.03)
        p.drive_high()
        outcomes = app.run_pending()
    finally:
        gpio.close()
    by_touch.dispatch({"type": "add", "points": 1, "source": "touch"})

    assert [o.kind for o in outcomes] == ["applied"]
    assert by_button.timeline.action(0) == {"type": "add", "points": 1, "source": "gpio"}
    assert by_button.view() == by_touch.view()
    assert heard == [("action", threading.current_thread().name)]  # told on the app's thread


@pytest.fixture
def tray_end(tmp_path):
    end = TrayEnd(tmp_path / "dicetray")
    yield end
    end.close()


def roll_on_the_tray(tray_end, router: Router, face: str) -> list:
    """Connect the driver to the tray's pty, roll `face` there, and run what the app was handed."""
    app = AppThread()
    tray = DiceTray(str(tray_end.link), on_roll=lambda f, i: app.schedule(lambda: router.roll(f, i))).start()
    router.tray = tray
    try:
        tray_end.answer_state()
        wait_until(lambda: tray.connected)
        tray_end.roll(face)
        return app.run_pending()
    finally:
        tray.close()


def test_a_roll_frame_on_a_pty_changes_the_game_like_a_touch(tray_end):
    by_tray = Session(DiceDuel(), ["Ann", "Ben"])
    by_touch = Session(DiceDuel(), ["Ann", "Ben"])
    heard = listen(by_tray)
    outcomes = roll_on_the_tray(tray_end, Router(lambda: by_tray), "bondo")
    by_touch.dispatch({"type": "roll", "face": "bondo", "source": "touch"})

    assert [o.kind for o in outcomes] == ["applied"]
    assert by_tray.timeline.action(0) == {"type": "roll", "face": "bondo", "source": "tray"}
    assert by_tray.view() == by_touch.view()
    assert heard == [("action", threading.current_thread().name)]


def test_a_bumped_tray_rolls_when_no_roll_is_expected_are_shown_as_ignored(tray_end):
    session = Session(DiceDuel(), ["Ann", "Ben"])
    session.dispatch({"type": "roll", "face": "2"})  # now Ann moves; no roll expected
    outcomes = roll_on_the_tray(tray_end, Router(lambda: session), "4")
    assert [(o.kind, o.message) for o in outcomes] == [("ignored", "Roll ignored: no roll is expected now")]
    assert session.revision == 1


def test_the_simulated_trays_button_rolls_into_the_game(tmp_path):
    session = Session(DiceDuel(), ["Ann", "Ben"])
    app = AppThread()
    router = Router(lambda: session)
    with SimTray(link=tmp_path / "dicetray") as sim:
        with DiceTray(sim.device, on_roll=lambda f, i: app.schedule(lambda: router.roll(f, i))) as tray:
            router.tray = tray
            wait_until(lambda: tray.connected)
            router.refresh()
            wait_until(lambda: sim.display.ready)  # the tray's ready light: a roll is expected
            sim.press_roll()
            outcomes = app.run_pending(timeout=3)
            assert [o.kind for o in outcomes] == ["applied"]
            assert session.timeline.action(0)["face"] == sim.display.face
            router.refresh()
            wait_until(lambda: not sim.display.ready)
