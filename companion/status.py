"""How an adapter (GPIO, dice tray, broker) reports its health to the status screen."""

from __future__ import annotations

from dataclasses import dataclass

# ok: working. off: not configured or not present here (fine, e.g. no GPIO on a desktop).
# waiting: trying to (re)connect. error: configured but failing; `detail` says what to do.
LEVELS = ("ok", "off", "waiting", "error")


@dataclass(frozen=True)
class DeviceStatus:
    name: str  # "GPIO", "Dice tray", "Broker"
    level: str
    detail: str  # one line a person can act on: "connected to /dev/dicetray (firmware 1.0)"

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"status level must be one of {LEVELS}, not {self.level!r}")
