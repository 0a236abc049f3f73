"""How the table is doing: broker, GPIO, dice tray, version, where the games are kept."""

from __future__ import annotations

import re
from pathlib import Path

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.uix.anchorlayout import AnchorLayout

from companion import __version__
from companion.broadcast.phone_url import reachable_page_url
from companion.status import DeviceStatus
from companion.ui import theme
from companion.ui.phone_code import NO_NETWORK
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import BigButton, Panel, Text, scrolling_grid


BLINK_SECONDS = 5


class StatusScreen(BaseScreen):
    title_text = "Status"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, name="status", **kwargs)
        scroll, self.rows = scrolling_grid(1)
        self.body.add_widget(scroll)
        self._tick = None
        # With more than one table in a room (a game night, a café), which tray is this one's?
        self.blink = BigButton(text="Blink the dice tray", size_hint_x=None, width=250)
        self.blink.bind(on_release=lambda *_: self._blink_tray())

    def on_pre_enter(self, *_) -> None:
        self.refresh()
        self._tick = Clock.schedule_interval(lambda _dt: self.refresh(), 1.0)

    def on_leave(self, *_) -> None:
        if self._tick is not None:
            self._tick.cancel()

    def statuses(self) -> list[DeviceStatus]:
        out = self.app.device_statuses()
        settings = self.app.settings
        if settings["mqtt"]["enabled"]:
            # The page is served by the broker: it is only as reachable as the broker is.
            broker = next((s for s in out if s.name == "Broker"), None)
            level = broker.level if broker else "waiting"
            url = reachable_page_url(settings)
            if url is None:
                # No address a phone could open (Wi-Fi still joining): a localhost address here
                # would be the phone itself, so say what is missing instead, as home does.
                out.append(DeviceStatus("Phone page", "waiting", NO_NETWORK))
            else:
                note = "" if level == "ok" else "\n(phones can follow once the broker is reachable)"
                out.append(DeviceStatus("Phone page", level, url + note))
        out.append(DeviceStatus("Companion", "ok", f"version {__version__}" + ("  (simulated hardware)" if self.app.sim else "")))
        out.append(DeviceStatus("Games kept in", "ok", _shown(settings.database)))
        out.append(DeviceStatus("Settings", "ok", _shown(settings.source) if settings.source else "defaults (no config file)"))
        store = self.app.table.store
        if store.failure_notice:  # until a write succeeds again; first, as nothing matters more
            out.insert(0, DeviceStatus("Database", "error", store.failure_notice))
        for notice in store.notices:
            out.append(DeviceStatus("Database", "error", notice))
        return out

    def _tray(self):
        tray = getattr(self.app.router, "tray", None)
        return tray if tray is not None and tray.connected else None

    def _blink_tray(self) -> None:
        tray = self._tray()
        if tray is None:
            self.app.notify("The dice tray is not connected.", "error")
            return
        tray.identify(BLINK_SECONDS)
        self.app.notify(f"This table's dice tray blinks all its lights for {BLINK_SECONDS} s.", "info",
                        seconds=BLINK_SECONDS)

    def refresh(self) -> None:
        # Offered only while a tray answers: a button that can only fail is worse than none.
        connected = self._tray() is not None
        if connected and self.blink.parent is None:
            self.bar.add_widget(self.blink)
        elif not connected and self.blink.parent is not None:
            self.bar.remove_widget(self.blink)
        self.rows.clear_widgets()
        for status in self.statuses():
            row = Panel(size_hint_y=None, padding=(theme.PAD, theme.GAP), spacing=theme.PAD)
            name = Text(text=status.name, wrap=False, bold=True, size_hint_x=None, width=190)
            level = Text(text=status.level.upper(), wrap=False, size_hint_x=None, width=110,
                         color=theme.LEVEL_COLOURS[status.level], bold=True)
            detail = Text(text=status.detail, font_size=theme.FONT_SMALL)
            if status.name in _ADDRESSES:
                # An address or path has no spaces, so the label would cut it wherever the row ends
                # ("...prefix=compani" / "on"): break it only where it reads well, once laid out.
                detail.bind(width=lambda label, _w, text=status.detail: setattr(label, "text", _broken(text, label)))
            row.add_widget(name)
            row.add_widget(level)
            holder = AnchorLayout(anchor_y="center")  # wrapped text centred like the one-liners
            holder.add_widget(detail)
            row.add_widget(holder)
            fit = lambda *_a, r=row, d=detail: setattr(r, "height", max(theme.TOUCH, d.height + theme.GAP * 2))  # noqa: E731
            detail.bind(height=fit)
            fit()
            self.rows.add_widget(row)


def _shown(path: Path) -> str:
    """A path as a person would type it: the home folder as ~, so long paths fit a row."""
    home = Path.home()
    try:
        return "~/" + str(Path(path).relative_to(home))
    except ValueError:
        return str(path)


_ADDRESSES = {"Phone page", "Games kept in", "Settings"}  # rows whose detail is a URL or a path
# Before the fragment and each of its parts, and after a path's "/" (not the "//" of "http://").
_ADDRESS_BREAKS = re.compile(r"(?=[#&?])|(?<=[^/]/)(?=[^/#])")


def _broken(text: str, label) -> str:
    """Each line of `text` that is wider than `label`, broken at _ADDRESS_BREAKS onto as few lines as fit."""
    if label.width <= 1:
        return text  # not laid out yet
    measure = CoreLabel(font_size=label.font_size, font_name=label.font_name, bold=label.bold)

    def fits(line: str) -> bool:
        return measure.get_extents(line)[0] <= label.width

    out: list[str] = []
    for line in text.split("\n"):
        parts = [p for p in _ADDRESS_BREAKS.split(line) if p]
        lines: list[str] = []
        for part in parts:
            if lines and fits(lines[-1] + part):
                lines[-1] += part
            else:
                lines.append(part)
        out.extend(lines or [""])
    return "\n".join(out)
