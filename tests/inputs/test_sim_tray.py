"""The simulated tray (the tray's own logic on a pty) with the real driver: sim mode's dice tray."""

import queue

import pytest

from companion.inputs.dicetray.driver import DiceTray
from companion.inputs.dicetray.sim import SimTray, start_sim_tray
from tests.inputs.tray_end import wait_until


@pytest.fixture
def pair(tmp_path):
    rolls: queue.SimpleQueue = queue.SimpleQueue()
    sim = SimTray(link=tmp_path / "dicetray").start()
    tray = DiceTray(sim.device, on_roll=lambda face, info: rolls.put((face, info))).start()
    wait_until(lambda: tray.connected)
    yield sim, tray, rolls
    tray.close()
    sim.close()


def test_the_button_the_shake_and_the_tables_request_each_roll_once(pair):
    sim, tray, rolls = pair
    sim.press_roll()
    assert rolls.get(timeout=2)[1]["trigger"] == "button"
    sim.shake()
    assert rolls.get(timeout=3)[1]["trigger"] == "tilt"
    assert tray.request_roll()
    face, info = rolls.get(timeout=2)
    assert info["trigger"] == "host" and sim.display.face == face
    with pytest.raises(queue.Empty):
        rolls.get(timeout=0.3)


def test_identify_blinks_the_simulated_leds(pair):
    sim, tray, _ = pair
    tray.identify(1)
    wait_until(lambda: sim.display.identifying)
    wait_until(lambda: not sim.display.identifying, timeout=3)


def test_unplugged_and_plugged_back_it_is_a_new_boot_and_is_reconnected(pair):
    sim, tray, rolls = pair
    boot = tray.receiver.boot
    sim.unplug()
    wait_until(lambda: not tray.connected)
    sim.replug()
    # Connected once the port opens; the new boot id comes a moment later, with the tray's HELLO.
    took = wait_until(lambda: tray.connected and tray.receiver.boot not in (None, boot), timeout=2)
    assert took < 2
    sim.press_roll()
    assert rolls.get(timeout=2)[1]["boot"] == tray.receiver.boot


def test_rolls_while_nobody_listens_are_not_delivered_later(tmp_path):
    rolls: queue.SimpleQueue = queue.SimpleQueue()
    with start_sim_tray() as sim:
        for _ in range(3):  # bumped while the table was not running
            sim.press_roll()
        wait_until(lambda: sum(line.startswith("$ROLL") for line in sim.sent) >= 1, timeout=3)
        with DiceTray(sim.device, on_roll=lambda f, i: rolls.put(f)) as tray:
            wait_until(lambda: tray.connected)
            with pytest.raises(queue.Empty):
                rolls.get(timeout=0.5)
