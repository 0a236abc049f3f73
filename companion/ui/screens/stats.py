"""Players' stats, from History: games played and won by each player at this table, per game and
overall, best and average scores where a game counts points, and when each last played."""

from __future__ import annotations

from datetime import datetime

from kivy.uix.boxlayout import BoxLayout

from companion.cli_plays import read_plays
from companion.stats import PlayerStats, player_stats
from companion.ui import theme
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import Panel, Text, scrolling_grid


def _day(stamp: str) -> str:
    return datetime.fromisoformat(stamp).astimezone().strftime("%d %b %Y") if stamp else ""


def _n(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


class StatsScreen(BaseScreen):
    title_text = "Players' stats"
    back_to = "history"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, name="stats", **kwargs)
        scroll, self.rows = scrolling_grid(1)
        self.body.add_widget(scroll)

    def on_pre_enter(self, *_) -> None:
        self.rows.clear_widgets()
        try:
            # As `companion stats` reads it: storage damaged since the table started is read as
            # its next start will read it, and said in the same words.
            plays, told = read_plays(self.app.table.store.path, live=True)
            found = player_stats(plays)
        except Exception as exc:  # noqa: BLE001 - stats must never close the table
            self.rows.add_widget(Text(text=f"The stats cannot be read: {exc}", color=theme.DANGER))
            return
        for words in told:
            self.rows.add_widget(Text(text=words[0].upper() + words[1:], color=theme.WARNING,
                                      font_size=theme.FONT_SMALL))
        if not found:
            self.rows.add_widget(Text(text="No finished games yet.", color=theme.MUTED))
        for stats in found:
            self.rows.add_widget(self._row(stats))

    @staticmethod
    def _row(stats: PlayerStats) -> Panel:
        row = Panel(orientation="vertical", size_hint_y=None, padding=(theme.PAD, theme.GAP), spacing=2)
        row.bind(minimum_height=row.setter("height"))
        head = BoxLayout(size_hint_y=None, height=theme.FONT * 1.5)
        head.add_widget(Text(text=stats.name, bold=True, wrap=False))
        o = stats.overall
        head.add_widget(Text(text=f"{o.won} won of {o.played}", wrap=False, halign="right", color=theme.ACCENT,
                             bold=True))
        row.add_widget(head)
        lines = [f"Last played {_day(o.last_played)}"]
        for title, t in sorted(stats.games.items()):
            points = f" · best {_n(t.best)}, average {_n(t.average)}" if t.scores else ""
            lines.append(f"{title}: {t.won} won of {t.played}{points}")
        row.add_widget(Text(text="\n".join(lines), color=theme.MUTED, font_size=theme.FONT_SMALL))
        return row
