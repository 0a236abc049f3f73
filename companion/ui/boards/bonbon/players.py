"""The players' rows: name and tokens, the cards, the face-up total against the personal limit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.graphics import Color, Line, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.boards.bonbon import words
from companion.ui.boards.bonbon.cards import CardRow
from companion.ui.widgets import Panel, Text

DIMMED = 0.5  # a passed or eliminated player's cards and total; the word itself stays bright
RIGHT = 80  # the total's column: "10/10", or "+1 per zero" under a smaller total
TAG = theme.FONT_SMALL * 0.78  # the tile or the discarded cards, under the total


class PlayerRow(Panel):
    """One player at a glance, outlined in their colour while they act."""

    def __init__(self, **kwargs) -> None:
        super().__init__(padding=(theme.PAD, 2, theme.GAP, 2), spacing=theme.GAP, radius=8, **kwargs)
        self.player: str | None = None
        self.touched: Callable[[str, int | None], bool] | None = None
        who = BoxLayout(orientation="vertical", size_hint_x=None, width=140)
        self.name = Text(text="", wrap=False, markup=True, bold=True, font_size=theme.FONT)
        self.line2 = Text(text="", wrap=False, markup=True, font_size=theme.FONT_SMALL)
        who.add_widget(self.name)
        who.add_widget(self.line2)
        self.add_widget(who)
        self.cards = CardRow()
        self.add_widget(self.cards)
        # The face-up total, and under it the tile taken or the cards discarded: beside the cards, a
        # tile's words took the cards' width and shrank them to slivers.
        right = BoxLayout(orientation="vertical", size_hint_x=None, width=RIGHT)
        # Not a Text: a shortened label would turn "10/10" into an ellipsis.
        self.total = Label(text="", markup=True, bold=True, font_size=theme.FONT_TITLE, halign="right", valign="middle")
        self.total.bind(size=lambda label, *_: setattr(label, "text_size", label.size))
        right.add_widget(self.total)
        self.extra = Label(text="", markup=True, font_size=TAG, color=theme.MUTED, size_hint_y=None, height=0,
                           halign="right", valign="top", shorten=True, shorten_from="right")
        self.extra.bind(size=lambda label, *_: setattr(label, "text_size", label.size))
        right.add_widget(self.extra)
        self.add_widget(right)
        with self.canvas.before:
            self._stripe_colour = Color(rgba=theme.MUTED)
            self._stripe = Rectangle()
        with self.canvas.after:
            self._edge_colour = Color(rgba=(0, 0, 0, 0))
            self._edge = Line(width=2)
        self.bind(pos=self._outline, size=self._outline)

    def show(self, player: dict[str, Any], colour: list[float], acting: bool, to_win: int, playing: bool) -> None:
        self.player = player["name"]
        marker = words.symbol("▶") + " " if acting else ""
        self.name.text = marker + player["name"]
        self.name.color = colour
        status = words.status_word(player)
        shown = f"[size={int(theme.FONT_SMALL * 0.8)}]{words.tokens(player['tokens'], to_win)}[/size]"
        if status:
            tint = theme.DANGER if player.get("status") == "out" else theme.TEXT
            shown += f"  [b][color={words.hex_of(tint)}]{status}[/color][/b]"
        self.line2.text = shown
        self.line2.color = theme.ACCENT
        self.cards.show(player.get("cards", []))
        self.extra.text = _extra(player)
        self.extra.height = TAG * 1.25 * len(self.extra.text.splitlines())
        up, limit = player.get("face_up_total", 0), player["limit"]
        # A smaller total when a tag shares its column: both fit a row of six players.
        self.total.font_size = theme.FONT if self.extra.text else theme.FONT_TITLE
        self.total.text = f"{up}[size={int(theme.FONT_SMALL)}]/{limit}[/size]"
        self.total.color = words.personal_colour(up, limit)
        # Once the round is over everyone has stopped: only the eliminated stay dimmed, the rest are checked.
        done = player.get("status") == "out" or (playing and bool(status))
        for widget in (self.cards, self.total, self.extra):
            widget.opacity = DIMMED if done else 1
        self.background = theme.PANEL_LIGHT if acting else theme.PANEL
        self._stripe_colour.rgba = colour
        self._edge_colour.rgba = colour if acting else (0, 0, 0, 0)

    def on_touch_down(self, touch) -> bool:
        # The row answers a touch when the entry panel is choosing a card or a player: the same choice
        # as the panel's buttons, so a finger on the card itself is never ignored.
        if self.touched is not None and self.player is not None and self.collide_point(*touch.pos):
            if self.touched(self.player, self.cards.position_at(touch.pos)):
                return True
        return super().on_touch_down(touch)

    def _outline(self, *_) -> None:
        self._stripe.pos, self._stripe.size = (self.x, self.y + 4), (5, self.height - 8)
        self._edge.rounded_rectangle = (self.x + 1, self.y + 1, self.width - 2, self.height - 2, 8)


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
