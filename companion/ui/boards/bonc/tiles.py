"""One player's tile: lives large enough to read at a metre, what the last card took, the shield
with its side, cards in hand, and the BLOCK button while they may block.

Always two rows of tiles (up to four columns for seven players), so every tile keeps the height
for its big number and a finger-sized BLOCK.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.graphics import Color, Line
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.styling import hex_of, readable
from companion.ui.widgets import BigButton, Panel, Text

NAME_HEIGHT = theme.FONT * 1.25
LIVES_HEIGHT = theme.FONT_HUGE * 1.15


NARROW = 120  # a tile narrower than this (seven players at 800x480) has no room for "of 5"


def lives_markup(player: dict[str, Any], narrow: bool = False) -> str:
    """The big number, and beside it what matters most now: the lives just lost, or the maximum."""
    if player["out"] and not narrow:
        tail = f"[color={hex_of(theme.DANGER)}] OUT[/color]"
    elif player["hit"] and not narrow:
        tail = f"[color={hex_of(theme.DANGER)}] −{player['hit']}[/color]"
    elif narrow:
        tail = ""
    else:
        tail = f"[color={hex_of(theme.MUTED)}] of {player['max_lives']}[/color]"
    return f"[b]{player['lives']}[/b][size={int(theme.FONT)}]{tail}[/size]"


def info_text(player: dict[str, Any], narrow: bool = False) -> str:
    """Cards in hand and the shield's side (or that it held against the last card)."""
    parts = [f"{player['cards']} card{'' if player['cards'] == 1 else 's'}"]
    if player["out"] and narrow:
        parts.insert(0, "OUT")  # no room for it beside the number
    if player["blocked"]:
        parts.append("blocked")
    if player["shield"]:
        parts.append(f"Shield {player['shield']}" + (" held" if player["missed"] else ""))
    return "\n".join(parts)


class PlayerTile(Panel):
    """Outlined in amber on its player's turn; dark once they are out."""

    def __init__(self, on_block: Callable[[str], None], **kwargs) -> None:
        super().__init__(orientation="vertical", padding=(6, 4), spacing=2, **kwargs)
        self.on_block = on_block
        self.player = ""
        self._shown: dict[str, Any] | None = None
        self.name = Text(text="", wrap=False, bold=True, font_size=theme.FONT,
                         size_hint_y=None, height=NAME_HEIGHT)
        self.add_widget(self.name)
        self.lives = Label(text="", markup=True, font_size=theme.FONT_HUGE, size_hint_y=None,
                           height=LIVES_HEIGHT, halign="left", valign="middle")
        self.lives.bind(size=lambda label, size: setattr(label, "text_size", size))
        self.add_widget(self.lives)
        # One finger-high slot: the BLOCK button while this player may block, else cards and shield.
        self.slot = BoxLayout(size_hint_y=None, height=theme.TOUCH)
        self.info = Text(text="", wrap=False, font_size=theme.FONT_SMALL, color=theme.MUTED, bold=True,
                         valign="top")
        self.info.shorten = False
        self.block = BigButton(text="BLOCK", bold=True, background_color=theme.DANGER, color=theme.ACCENT_TEXT,
                               font_size=theme.FONT_SMALL)
        self.block.bind(size=lambda b, size: setattr(b, "text_size", (size[0] - 4, None)))
        self.block.bind(on_release=lambda *_: self.on_block(self.player))
        self.slot.add_widget(self.info)
        self.add_widget(self.slot)
        self.add_widget(BoxLayout())  # taller tiles (1024x600) keep their content at the top
        with self.canvas.after:
            self._edge_colour = Color(rgba=(0, 0, 0, 0))
            self._edge = Line(width=2.5)
        self.bind(pos=self._outline, size=self._outline, width=self._fit)

    def _fit(self, *_) -> None:
        if self._shown is not None:
            self.lives.text = lives_markup(self._shown, narrow=self.width < NARROW)
            self.info.text = info_text(self._shown, narrow=self.width < NARROW)

    def show(self, seat: dict[str, Any], player: dict[str, Any]) -> None:
        self.player = player["name"]
        colour = readable(seat["colour"])
        self.name.text = player["name"]
        self.name.color = colour
        self._shown = player
        self.lives.text = lives_markup(player, narrow=self.width < NARROW)
        self.lives.color = theme.MUTED if player["out"] else colour
        self.info.text = info_text(player, narrow=self.width < NARROW)
        self.info.color = theme.GOOD if player["shield"] or player["blocked"] else theme.MUTED
        # In a narrow tile the lives just lost go on the BLOCK button, beside the number there is no room.
        self.block.text = f"BLOCK −{player['hit']}" if player["hit"] else "BLOCK"
        self.block.halign = "center"
        self.slot.clear_widgets()
        self.slot.add_widget(self.block if player["can_block"] else self.info)
        self.background = theme.BACKGROUND if player["out"] else theme.PANEL
        self._edge_colour.rgba = theme.ACCENT if player["turn"] else (0, 0, 0, 0)

    def _outline(self, *_) -> None:
        self._edge.rounded_rectangle = (self.x + 1, self.y + 1, self.width - 2, self.height - 2, 10)
