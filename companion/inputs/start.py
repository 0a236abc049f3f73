"""Start every physical input the configuration asks for, in one call, for the app.

    inputs = start_inputs(config, lambda: table.session,
                          on_control=..., on_roll=..., on_status=..., sim=args.sim)
    inputs.router.control(name)      # on the app's thread, from on_control
    inputs.router.roll(face, info)   # on the app's thread, from on_roll
    inputs.statuses()                # [DeviceStatus, ...] for the status screen
    inputs.close()

The three callbacks are called from the adapters' threads; the app's versions only hand
over to its own thread (Kivy: Clock.schedule_once). Nothing here raises because a device
is missing: each one's status says what is wrong.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.core.session import Session
from companion.inputs import gpio as gpio_module
from companion.inputs.dicetray import driver
from companion.inputs.dicetray.sim import SimTray, start_sim_tray
from companion.inputs.gpio import GpioControls
from companion.inputs.keyboard import HELP as KEYBOARD_HELP
from companion.inputs.routing import Router
from companion.status import DeviceStatus

log = logging.getLogger(__name__)


@dataclass
class Inputs:
    router: Router
    gpio: GpioControls | None = None
    tray: driver.DiceTray | None = None
    sim_tray: SimTray | None = None  # sim mode: press_roll() is the tray's button
    notes: dict[str, DeviceStatus] = field(default_factory=dict)  # inputs that are off, and why

    def statuses(self) -> list[DeviceStatus]:
        out = []
        out.append(self.gpio.status() if self.gpio else self.notes[gpio_module.NAME])
        out.append(self.tray.status() if self.tray else self.notes[driver.NAME])
        return out

    def close(self) -> None:
        """Stop everything; safe to call more than once."""
        for device in (self.gpio, self.tray, self.sim_tray):
            if device is not None:
                try:
                    device.close()
                except Exception:  # noqa: BLE001 - shutting down must finish
                    log.exception("closing %r failed", device)

    def __enter__(self) -> Inputs:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def start_inputs(
    config: Any,
    session: Callable[[], Session | None],
    *,
    on_control: Callable[[str], None],
    on_roll: Callable[[str, dict[str, Any]], None],
    on_status: Callable[[DeviceStatus], None] = lambda status: None,
    sim: bool = False,
) -> Inputs:
    inputs = Inputs(Router(session))
    if sim:
        inputs.notes[gpio_module.NAME] = DeviceStatus(
            gpio_module.NAME, "off", "Sim mode: keys stand in for the buttons (" + KEYBOARD_HELP + ")"
        )
        inputs.sim_tray = start_sim_tray()
        inputs.tray = driver.DiceTray(inputs.sim_tray.device, on_roll=on_roll, on_status=on_status).start()
    else:
        if config["gpio"]["enabled"]:
            inputs.gpio = GpioControls.from_config(config, on_control).start()
            on_status(inputs.gpio.status())
        else:
            inputs.notes[gpio_module.NAME] = DeviceStatus(
                gpio_module.NAME, "off", "GPIO buttons are turned off in the configuration ([gpio] enabled)"
            )
        section = config["dicetray"]
        if section["enabled"]:
            inputs.tray = driver.DiceTray(
                section["port"], baudrate=section["baudrate"], on_roll=on_roll, on_status=on_status
            ).start()
        else:
            inputs.notes[driver.NAME] = DeviceStatus(
                driver.NAME, "off", "Dice tray turned off in the configuration ([dicetray] enabled): rolls are electronic"
            )
    inputs.router.tray = inputs.tray
    return inputs
