"""The players' rows: name and tokens, the cards, the face-up total against the personal limit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.kit.cards import CardRow
from companion.ui.kit.measure import drawn_width
from companion.ui.kit.player_row import PlayerRow as KitRow

DIMMED = 0.5  # a passed or eliminated player's cards and total; the word itself stays bright
# The total's column: "10/10"; as wide as the widest tag of any row ("+1 per zero", "OUT: table"), the
# same in every row so that the cards of every row are the same size.
RIGHT = 80
# The name's column: the name over "○○○ PASSED", whole in 20 px words. Every pixel the row spares
# goes to the cards: twelve of them stay legible in a row of six players at 800x480.
NAME = 130
SIDES = (8, 2, 2, 2)  # the row's padding: room for the colour stripe on the left, little elsewhere
SPACING = 4


class PlayerRow(KitRow):
    """One player at a glance: name and tokens, the cards, the face-up total against the personal limit."""

    def __init__(self, **kwargs) -> None:
        super().__init__(middle=CardRow(words.CHOCOLATE), name_width=NAME, number_width=RIGHT,
                         tag_size=theme.FONT_SMALL, **kwargs)
        self.padding, self.spacing = SIDES, SPACING
        self.cards: CardRow = self.middle
        # The same labels under Bonbon's names: the total and, under it, why the player is out, the tile
        # taken or the cards discarded.
        self.total, self.extra = self.number, self.tag

    def show(self, player: dict[str, Any], colour: list[float], acting: bool, to_win: int, playing: bool) -> None:
        status = words.status_word(player)
        out = player.get("status") == "out"
        # The rings in the line's own size: a player counts them from their seat, as they read the words.
        # "PASSED" beside them; "OUT: table" goes under the total, where it has the room.
        shown = words.tokens(player["tokens"], to_win)
        if status and not out:
            shown += f" [b][color={words.hex_of(theme.TEXT)}]{status}[/color][/b]"
        up, limit = player.get("face_up_total", 0), player["limit"]
        super().show(player["name"], colour, acting, line2=shown,
                     number=f"{up}[size={int(theme.FONT_SMALL)}]/{limit}[/size]", tag=_extra(player, status))
        self.line2.color = theme.ACCENT
        self.cards.show(player.get("cards", []))
        # A smaller total when a tag shares its column: both fit a row of six players.
        self.total.font_size = theme.FONT if self.extra.text else theme.FONT_TITLE
        self.total.color = words.personal_colour(up, limit)
        # Once the round is over everyone has stopped: only the eliminated stay dimmed, the rest are checked.
        self.dim(out or (playing and bool(status)), DIMMED)
        if out:
            self.extra.opacity = 1  # the word that says why stays bright, as "PASSED" does

    def tag_width(self) -> float:
        """How wide the tag's words are drawn, whatever width the column has now."""
        if not self.extra.text:
            return 0.0
        return drawn_width(self.extra.text, self.extra.font_size, bold=self.extra.bold, markup=True,
                           font_name=self.extra.font_name)

    def right_width(self, width: float) -> None:
        self.total.parent.width = width


def _extra(player: dict[str, Any], status: str) -> str:
    """Why a player is out, the tile they took and the cards they had to discard, after their cards."""
    parts = []
    if player.get("status") == "out":
        parts.append(f"[b][color={words.hex_of(theme.DANGER)}]{status}[/color][/b]")
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
        self.make(len(players))
        self.clear_widgets()
        self.shown = self.rows[: len(players)]
        for row, player in zip(self.shown, players):
            row.show(player, colours[player["name"]], player["name"] == acting, to_win, playing)
            self.add_widget(row)
        # One width for the totals' column: a tag in 20 px words is wider than a total, and the cards of
        # a row with a tile are the same size as those of a row without.
        right = max([RIGHT] + [row.tag_width() + 2 for row in self.shown])
        for row in self.shown:
            row.right_width(right)
        self.add_widget(Widget())  # the rows keep to the top when there is room to spare
        self._fit()

    def make(self, count: int) -> None:
        """At least `count` rows, made now (the board makes them ahead, kit/made_ahead.py)."""
        while len(self.rows) < count:
            self.rows.append(PlayerRow(size_hint_y=None))
            self.rows[-1].touched = self.touched

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
