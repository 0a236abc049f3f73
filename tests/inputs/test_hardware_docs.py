"""The wiring documents agree with the code: pin map, udev rule, firmware pins."""

import re
import tomllib
from pathlib import Path

from companion.config import load
from companion.inputs import settings

ROOT = Path(__file__).resolve().parents[2]


def test_the_documented_pin_map_is_the_apps_default_and_a_valid_configuration():
    pinmap = tomllib.loads((ROOT / "hardware" / "pinmap.toml").read_text())
    defaults = {k.name: k.default for k in settings.KEYS if k.section == "gpio"}
    assert pinmap["gpio"] == {name: defaults[name] for name in pinmap["gpio"]}
    config = load(ROOT / "hardware" / "pinmap.toml")
    assert config["gpio"]["confirm"] == 17


def test_the_wiring_table_lists_every_default_pin():
    readme = (ROOT / "hardware" / "README.md").read_text()
    for key in settings.KEYS:
        if key.section == "gpio" and key.check is settings.bcm_pin:
            assert f"GPIO{key.default} " in readme or f"GPIO{key.default}|" in readme, key.name


def test_the_udev_rule_names_the_tray_and_keeps_modemmanager_away():
    rule = (ROOT / "deploy" / "udev" / "60-dicetray.rules").read_text()
    lines = [line for line in rule.splitlines() if line and not line.startswith("#")]
    tty = next(line for line in lines if 'SUBSYSTEM=="tty"' in line)
    assert 'SYMLINK+="dicetray"' in tty and 'ENV{ID_MM_DEVICE_IGNORE}="1"' in tty
    assert 'ATTRS{idVendor}=="2e8a"' in tty and 'ATTRS{idProduct}=="0005"' in tty
    port = next(k for k in settings.KEYS if (k.section, k.name) == ("dicetray", "port"))
    assert port.default == "/dev/dicetray"


def test_the_tray_wiring_matches_the_firmwares_pins():
    readme = (ROOT / "hardware" / "README.md").read_text()
    main = (ROOT / "firmware" / "main.py").read_text()
    leds = re.search(r"FACE_LEDS = \(([^)]*)\)", main).group(1)
    for gp in [int(x) for x in leds.split(",")] + [int(re.search(r"ROLL_BUTTON = (\d+)", main).group(1)),
                                                    int(re.search(r"TILT_SWITCH = (\d+)", main).group(1)),
                                                    int(re.search(r"READY_LED = (\d+)", main).group(1))]:
        assert f"GP{gp} " in readme or f"GP{gp}|" in readme, gp


def test_the_wiring_drawing_is_the_one_its_script_draws():
    import subprocess
    import sys

    drawn = subprocess.run([sys.executable, str(ROOT / "hardware" / "draw_wiring.py")], capture_output=True,
                           text=True, check=True).stdout
    assert drawn == (ROOT / "hardware" / "wiring.svg").read_text()
