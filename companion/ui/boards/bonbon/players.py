"""The players' rows: name and tokens, the cards, the face-up total against the personal limit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.kit.cards import CardRow
from companion.ui.kit.player_row import PlayerRow as KitRow

DIMMED = 0.5  # a passed or eliminated player's cards and total; the word itself stays bright
RIGHT = 80  # the total's column: "10/10", or "+1 per zero" under a smaller total


class PlayerRow(KitRow):
    """One player at a glance: name and tokens, the cards, the face-up total against the personal limit."""

    def __init__(self, **kwargs) -> None:
        super().__init__(middle=CardRow(words.CHOCOLATE), number_width=RIGHT, **kwargs)
        self.cards: CardRow = self.middle
        # The same labels under Bonbon's names: the total and, under it, the tile taken or the cards discarded.
        self.total, self.extra = self.number, self.tag

    def show(self, player: dict[str, Any], colour: list[float], acting: bool, to_win: int, playing: bool) -> None:
        status = words.status_word(player)
        shown = f"[size={int(theme.FONT_SMALL * 0.8)}]{words.tokens(player['tokens'], to_win)}[/size]"
        if status:
            tint = theme.DANGER if player.get("status") == "out" else theme.TEXT
            shown += f"  [b][color={words.hex_of(tint)}]{status}[/color][/b]"
        up, limit = player.get("face_up_total", 0), player["limit"]
        super().show(player["name"], colour, acting, line2=shown,
                     number=f"{up}[size={int(theme.FONT_SMALL)}]/{limit}[/size]", tag=_extra(player))
        self.line2.color = theme.ACCENT
        self.cards.show(player.get("cards", []))
        # A smaller total when a tag shares its column: both fit a row of six players.
        self.total.font_size = theme.FONT if self.extra.text else theme.FONT_TITLE
        self.total.color = words.personal_colour(up, limit)
        # Once the round is over everyone has stopped: only the eliminated stay dimmed, the rest are checked.
        self.dim(player.get("status") == "out" or (playing and bool(status)), DIMMED)


def _extra(player: dict[str, Any]) -> str:
    """The tile a player took and the cards they had to discard, after their cards."""
    parts = []
    if player.get("tile"):
        parts.append(f"[b][color={words.hex_of(theme.ACCENT)}]{words.TILE_SHORT[player['tile']]}[/color][/b]")
    if player.get("discarded"):
        parts.append(f"{player['discarded']} discarded")
    return "\n".join(parts)


class PlayerList(BoxLayout):
    """All rows, sharing the height: up to six fit the 800x480 screen."""

    MAX_ROW = 76

    def __init__(self, touched: Callable[[str, int | None], bool] | None = None, **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=3, **kwargs)
        self.touched = touched  # a row touched: (player, card position from 1, or None)
        self.rows: list[PlayerRow] = []
        self.shown: list[PlayerRow] = []
        self.bind(height=self._fit)

    def show(self, players: list[dict[str, Any]], colours: dict[str, list[float]], acting: str | None,
             to_win: int, playing: bool = True) -> None:
        while len(self.rows) < len(players):
            self.rows.append(PlayerRow(size_hint_y=None))
            self.rows[-1].touched = self.touched
        self.clear_widgets()
        self.shown = self.rows[: len(players)]
        for row, player in zip(self.shown, players):
            row.show(player, colours[player["name"]], player["name"] == acting, to_win, playing)
            self.add_widget(row)
        self.add_widget(Widget())  # the rows keep to the top when there is room to spare
        self._fit()

    def mark(self, cards: list[tuple[str, int]]) -> None:
        """Frame these cards, (player, position from 1 on the left): the ones the entry panel asks about."""
        for row in self.shown:
            row.cards.mark([position for name, position in cards if name == row.player])

    def _fit(self, *_) -> None:
        if not self.shown:
            return
        each = (self.height - self.spacing * len(self.shown)) / len(self.shown)
        for row in self.shown:
            row.height = min(self.MAX_ROW, each)
