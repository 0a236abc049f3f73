"""The table's buttons and dial on a kernel GPIO chip in the virtual table, pressed from here.

The guest's kernel (Debian's 6.12) gets gpio-sim, built for it when the image is built
(build-gpio-sim.sh). At boot, before the app, gpio-sim-chip.sh makes one chip through configfs
that stands for a Pi 5's header bank (BCM pin N = line N, /dev/gpiochip0) and gives gpiozero
the board's revision where it reads it on a Pi (/proc/cpuinfo). The app runs as installed,
its pin factory gpiozero's lgpio on the kernel's GPIO character device, as on a Pi 5.

A press is a pull: the sim line's pull goes down (the button shorts the pin to ground) and back
up (let go: the Pi's pull-up). The app asks for the pull-up itself (lgpio's bias flag), and
gpio-sim honours it: an untouched button reads high, as on a Pi. The timed part (a bouncing
contact, the dial's quadrature) runs next to the chip in the guest (gpio_hand.py).

    prepare(vt)             # before install.sh: the chip at boot, the gpio group and its udev rule
    add_pin_library(vt)     # after install.sh: lgpio in the app's .venv, as install.sh does on a Pi
    hand = Hand(vt)         # after the app has started
    hand.do(hand.press(pins["roll"]))   # pins: the guest's [gpio] (companion.inputs.gpio.pins_from)
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from tests.support.vm.machine import VirtualTable

HERE = Path(__file__).parent
REPO = HERE.parents[2]
GUEST_DIR = "/usr/local/lib/companion-test"
CONFIGFS = "/sys/kernel/config/gpio-sim/header"
CHIP_UNIT = f"""\
# The test's stand-in for the Pi's pin controller: a gpio-sim chip from boot, before the app.
[Unit]
Description=Test GPIO chip (gpio-sim as a Pi 5's header bank)
After=systemd-udevd.service
Before=companion.service
[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart={GUEST_DIR}/gpio-sim-chip.sh
[Install]
WantedBy=multi-user.target
"""
# When it starts, installed by every run (the unit above is kept with the installed disk): early
# in the boot, as the Pi's own chip is there from the start; after basic.target, as the unit
# alone has it, it held the app back on the emulated CPU (see PANEL_UNIT in appliance.py).
CHIP_EARLY = """\
[Unit]
DefaultDependencies=no
After=sys-kernel-config.mount
Before=sysinit.target shutdown.target
Conflicts=shutdown.target
"""
# Raspberry Pi OS's rule (raspberrypi-sys-mods): the GPIO chips belong to the gpio group.
UDEV_RULE = 'SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660"\n'
PRESSED, RELEASED = "pull-down", "pull-up"
# A press held this long is a finger's (the app's debounce settles in 10 ms; a hold is 1 s).
FINGER = 0.15
BETWEEN = 0.15


def prepare(vt: VirtualTable) -> None:
    """What a Pi has before the owner installs anything: a gpio group owning the GPIO chips, and
    the chip itself at every boot (here: gpio-sim, made by a unit before the app)."""
    vt.ssh("getent group gpio >/dev/null || sudo groupadd --system gpio")
    vt.ssh("sudo tee /etc/udev/rules.d/60-gpio.rules >/dev/null", input=UDEV_RULE)
    chip_script(vt)
    vt.ssh("sudo tee /etc/systemd/system/companion-test-gpio.service >/dev/null", input=CHIP_UNIT)
    vt.ssh("sudo systemctl enable companion-test-gpio.service")


def chip_script(vt: VirtualTable) -> None:
    """The script that makes the chip at boot and when it runs, as this run has them: installed by
    every run (they count from the next boot), so that a change to them does not cost a new full
    install."""
    vt.ssh(f"sudo install -D -m 755 /dev/stdin {GUEST_DIR}/gpio-sim-chip.sh",
           input=(HERE / "gpio-sim-chip.sh").read_text())
    vt.ssh("sudo install -D -m 644 /dev/stdin /etc/systemd/system/companion-test-gpio.service.d/early.conf"
           " && sudo systemctl daemon-reload", input=CHIP_EARLY)


def kept_setup() -> str:
    """What prepare() and add_pin_library() leave on the installed disk, for its key (the chip's
    script and when it runs are installed again by every run: chip_script)."""
    return CHIP_UNIT + UDEV_RULE + lgpio_requirement()


def lgpio_requirement() -> str:
    """lgpio as pyproject.toml pins it for a Pi (the `pi` extra)."""
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    (found,) = [r for r in extras["pi"] if r.startswith("lgpio")]
    return found


def add_pin_library(vt: VirtualTable) -> None:
    """lgpio into the app's .venv, as deploy/setup.sh installs it on a Pi (PYPI=1: its own C library
    inside). setup.sh knows a Pi by its device tree, which this guest has not, so it is done here;
    the wheel pip builds was built into the image's pip cache (build-image.sh)."""
    vt.ssh(f"cd companion && PYPI=1 .venv/bin/python -m pip install -q --disable-pip-version-check "
           f"'{lgpio_requirement()}'", timeout=900)


@dataclass(frozen=True)
class Chip:
    sysfs: str  # /sys/devices/platform/gpio-sim.N/gpiochipM: the lines' pulls and values
    device: str  # /dev/gpiochipM


def chip(vt: VirtualTable) -> Chip:
    dev_name, chip_name = vt.ssh(f"cat {CONFIGFS}/dev_name {CONFIGFS}/bank0/chip_name").stdout.split()
    return Chip(f"/sys/devices/platform/{dev_name}/{chip_name}", f"/dev/{chip_name}")


class Hand:
    """Presses and turns, as plans of (line, pull, seconds until the next) run in the guest."""

    def __init__(self, vt: VirtualTable) -> None:
        self.vt = vt
        self.chip = chip(vt)
        # The hand itself, as this run has it (the chip's set-up is kept with the installed disk).
        vt.ssh(f"sudo install -D -m 644 /dev/stdin {GUEST_DIR}/gpio_hand.py", input=(HERE / "gpio_hand.py").read_text())

    def do(self, plan: list[tuple[int, str, float]], realtime: bool = False) -> list[float]:
        """Run the plan in the guest; when each write was made (seconds from the first).

        `realtime`: the hand runs SCHED_FIFO 1, above the app's threads, which each edge wakes and
        which, on the one emulated CPU, otherwise take turns with it (a 2 ms bounce came out as
        7 ms); below the kernel's interrupt threads, which stamp and deliver each edge. Only for
        a bounce: real-time for a quick dial on a busy machine, the hand catching up after the
        guest stood still starved the app's reader of the edges, and the board ended 2 steps off
        (most likely the kernel's queue of edges for the app ran over)."""
        order = json.dumps({"chip": self.chip.sysfs, "plan": plan})
        priority = "chrt -f 1 " if realtime else ""
        done = self.vt.ssh(f"sudo {priority}python3 {GUEST_DIR}/gpio_hand.py", input=order, timeout=300)
        return json.loads(done.stdout)["at"]

    def level(self, pin: int) -> int:
        return int(self.vt.ssh(f"cat {self.chip.sysfs}/sim_gpio{pin}/value").stdout)

    @staticmethod
    def press(pin: int, held: float = FINGER) -> list[tuple[int, str, float]]:
        return [(pin, PRESSED, held), (pin, RELEASED, BETWEEN)]

    @staticmethod
    def bouncing_press(pin: int, edges: int = 5, within: float = 0.0016,
                       held: float = FINGER) -> list[tuple[int, str, float]]:
        """A contact that chatters as it closes and as it opens: `edges` edges within `within`
        seconds each time (down, up, down, ... ending down; then up, down, ... ending up)."""
        gap = within / (edges - 1)
        closing = [(pin, PRESSED if i % 2 == 0 else RELEASED, gap) for i in range(edges)]
        opening = [(pin, RELEASED if i % 2 == 0 else PRESSED, gap) for i in range(edges)]
        closing[-1] = (pin, PRESSED, held)
        opening[-1] = (pin, RELEASED, BETWEEN)
        return closing + opening

    @staticmethod
    def turn(a: int, b: int, steps: int, per_minute: float) -> list[tuple[int, str, float]]:
        """The encoder turned `steps` detents (clockwise when positive) at `per_minute` detents a
        minute: each detent a full quadrature cycle, the leading contact closing first
        (clockwise: A leads, as gpiozero's RotaryEncoder counts it), four evenly spaced edges."""
        lead, follow = (a, b) if steps > 0 else (b, a)
        edge = 60 / per_minute / 4
        plan = []
        for _ in range(abs(steps)):
            plan += [(lead, PRESSED, edge), (follow, PRESSED, edge), (lead, RELEASED, edge), (follow, RELEASED, edge)]
        return plan


def lines_in_use(vt: VirtualTable) -> dict[int, str]:
    """The chip's lines as the kernel tells them (debugfs, gpio-sim's own account): line -> its
    consumer, direction and bias, e.g. 17 -> "(lg) input,pull-up" (lg: lgpio), "(<unused>) ..."."""
    text = vt.ssh("sudo cat /sys/kernel/debug/gpio").stdout
    found = re.search(r"GPIOs (\d+)-\d+, parent: platform/gpio-sim", text)
    assert found, f"no gpio-sim chip in the kernel's list:\n{text}"
    base = int(found.group(1))
    return {int(m.group(1)) - base: m.group(2).strip() for m in re.finditer(r"^ gpio-(\d+) (.*)$", text, re.M)}
