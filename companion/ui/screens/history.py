"""Games played at this table: when, what, who, and how it ended."""

from __future__ import annotations

from datetime import datetime

from kivy.uix.boxlayout import BoxLayout

from companion import games
from companion.core.errors import SetupError
from companion.ui import theme
from companion.ui.screens.base import BaseScreen
from companion.ui.styling import symbol
from companion.ui.widgets import BigButton, PanelButton, Text, scrolling_grid


def _when(stamp: str | None) -> str:
    return datetime.fromisoformat(stamp).astimezone().strftime("%d %b %H:%M") if stamp else ""


def _title(game_id: str) -> str:
    try:
        return games.get(game_id).title
    except SetupError:
        return game_id


def _players_line(record) -> str:
    """Who played, with each one's final score when the game ended with scores."""
    scores = (record.result or {}).get("scores") or {}
    return ", ".join(
        f"{p['name']} {scores[p['name']]}" if p["name"] in scores else p["name"] for p in record.players
    )


class HistoryScreen(BaseScreen):
    title_text = "History"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, name="history", **kwargs)
        stats = BigButton(text="Players' stats", size_hint_x=None, width=190)
        stats.bind(on_release=lambda *_: self.app.go("stats"))
        self.bar.add_widget(stats)
        scroll, self.rows = scrolling_grid(1)
        self.body.add_widget(scroll)

    def on_pre_enter(self, *_) -> None:
        self.rows.clear_widgets()
        records = self.app.table.store.history(limit=100)
        if not records:
            self.rows.add_widget(Text(text="No finished games yet.", color=theme.MUTED))
        for r in records:
            self.rows.add_widget(self._row(r))

    def _row(self, r) -> PanelButton:
        """One game; a touch opens it. The outcome and the players wrap onto more lines rather than
        end in "…": "Cris won with 3 bonbon tokens after 3 rounds" is the line people look for."""
        pad_y = 6
        row = PanelButton(size_hint_y=None, height=theme.TOUCH * 1.3, padding=(theme.PAD, pad_y), spacing=theme.PAD)
        row.bind(on_release=lambda *_: self.app.open_past_game(r.id))
        row.add_widget(Text(text=_when(r.ended_at), wrap=False, size_hint_x=None, width=130, color=theme.MUTED,
                            font_size=theme.FONT_SMALL))
        middle = BoxLayout(orientation="vertical", size_hint_y=None, pos_hint={"center_y": 0.5}, spacing=2)
        title = Text(text=_title(r.game), wrap=False, bold=True, size_hint_y=None)
        title.height = title.font_size * 1.3
        middle.add_widget(title)
        middle.add_widget(Text(text=_players_line(r), color=theme.MUTED, font_size=theme.FONT_SMALL))
        middle.bind(minimum_height=middle.setter("height"))
        row.add_widget(middle)
        outcome = r.result["summary"] if r.result else "Not finished"
        if r.lost:  # as the notice said at the start after the damage; the story tells the rest
            outcome += f"\n{r.lost} move{'' if r.lost == 1 else 's'} lost to damaged storage"
        summary = Text(text=outcome, halign="right", pos_hint={"center_y": 0.5},
                       color=theme.ACCENT if r.result else theme.MUTED)
        row.add_widget(summary)
        # Says the row opens, as a list row on a phone does.
        row.add_widget(Text(text=symbol("›"), markup=True, wrap=False, size_hint_x=None, width=16,
                            color=theme.MUTED, font_size=theme.FONT_TITLE))
        # As tall as the taller side, never less than the one-line row (a comfortable touch).
        fit = lambda *_: setattr(row, "height", max(theme.TOUCH * 1.3, middle.height + 2 * pad_y,  # noqa: E731
                                                     summary.height + 2 * pad_y))
        middle.bind(height=fit)
        summary.bind(height=fit)
        fit()
        return row
