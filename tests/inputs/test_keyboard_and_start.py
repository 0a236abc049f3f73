"""Sim-mode keys, and starting every input from the configuration in one call."""

import queue

from companion.config import load
from companion.core import controls
from companion.core.session import Session
from companion.inputs.keyboard import SIM_KEYS, control_for_key
from companion.inputs.start import start_inputs
from tests.inputs.dice_game import DiceDuel
from tests.inputs.tray_end import wait_until


def test_keys_stand_for_the_tables_controls():
    assert control_for_key("enter") == controls.CONFIRM
    assert control_for_key("backspace") == controls.UNDO
    assert control_for_key("backspace", ["shift"]) == controls.REDO
    assert control_for_key("p") == controls.PASS
    assert control_for_key("r") == controls.ROLL
    assert control_for_key("up") == controls.DIAL_UP
    assert control_for_key("down") == controls.DIAL_DOWN
    assert control_for_key("spacebar") == controls.DIAL_PUSH
    assert control_for_key("x") is None
    assert set(SIM_KEYS.values()) == set(controls.ALL)


def test_sim_mode_starts_a_simulated_tray_and_no_gpio(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    session = Session(DiceDuel(), ["Ann", "Ben"])
    handed: queue.SimpleQueue = queue.SimpleQueue()
    with start_inputs(load(), lambda: session, on_control=handed.put,
                      on_roll=lambda f, i: handed.put((f, i)), sim=True) as inputs:
        gpio_status, tray_status = inputs.statuses()
        assert gpio_status.level == "off" and "Sim mode" in gpio_status.detail
        wait_until(lambda: inputs.tray.status().level == "ok")
        inputs.sim_tray.press_roll()
        face, info = handed.get(timeout=2)
        assert inputs.router.roll(face, info).applied
    assert inputs.tray.status().level == "off"


def test_a_desktop_without_gpio_or_tray_starts_with_notices(tmp_path, monkeypatch, mock_pins):
    config_file = tmp_path / "config.toml"
    config_file.write_text(f'[gpio]\npin_factory = "mock"\n[dicetray]\nport = "{tmp_path}/no-tray"\n')
    with start_inputs(load(config_file), lambda: None, on_control=print, on_roll=print) as inputs:
        gpio_status, tray_status = inputs.statuses()
        assert gpio_status.level == "ok"  # mock pins: the buttons "work"
        assert tray_status.level == "waiting" and "Plug in the dice tray" in tray_status.detail


def test_inputs_turned_off_in_the_configuration_say_so(tmp_path):
    config_file = tmp_path / "config.toml"
    config_file.write_text("[gpio]\nenabled = false\n[dicetray]\nenabled = false\n")
    with start_inputs(load(config_file), lambda: None, on_control=print, on_roll=print) as inputs:
        assert [s.level for s in inputs.statuses()] == ["off", "off"]
        assert inputs.router.control("roll").message == "Roll: no game is being played"
