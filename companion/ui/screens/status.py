"""How the table is doing: broker, GPIO, dice tray, version, where the games are kept."""

from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.uix.anchorlayout import AnchorLayout

from companion import __version__
from companion.broadcast.phone_url import page_url
from companion.status import DeviceStatus
from companion.ui import theme
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import Panel, Text, scrolling_grid


class StatusScreen(BaseScreen):
    title_text = "Status"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, name="status", **kwargs)
        scroll, self.rows = scrolling_grid(1)
        self.body.add_widget(scroll)
        self._tick = None

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
            note = "" if level == "ok" else " (phones can follow once the broker is reachable)"
            out.append(DeviceStatus("Phone page", level, page_url(settings) + note))
        out.append(DeviceStatus("Companion", "ok", f"version {__version__}" + ("  (simulated hardware)" if self.app.sim else "")))
        out.append(DeviceStatus("Games kept in", "ok", _shown(settings.database)))
        out.append(DeviceStatus("Settings", "ok", _shown(settings.source) if settings.source else "defaults (no config file)"))
        for notice in self.app.table.store.notices:
            out.append(DeviceStatus("Database", "error", notice))
        return out

    def refresh(self) -> None:
        self.rows.clear_widgets()
        for status in self.statuses():
            row = Panel(size_hint_y=None, padding=(theme.PAD, theme.GAP), spacing=theme.PAD)
            name = Text(text=status.name, wrap=False, bold=True, size_hint_x=None, width=190)
            level = Text(text=status.level.upper(), wrap=False, size_hint_x=None, width=110,
                         color=theme.LEVEL_COLOURS[status.level], bold=True)
            detail = Text(text=status.detail, font_size=theme.FONT_SMALL)
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
