"""One player's tile: the kit's score frame with lives against the maximum, what the last card
took, and one finger-high slot under it: cards in hand and the shield, the BLOCK button while
they may block, or the button that names them while a card asks for a player.

Always two rows of tiles (up to four columns for seven players), so every tile keeps the height
for its big number and a finger-sized button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.kit.layout import READABLE, button
from companion.ui.kit.measure import drawn_width
from companion.ui.kit.score_frame import ScoreFrame
from companion.ui.styling import readable
from companion.ui.widgets import Text

LIVES = theme.FONT_HUGE * 1.5  # the lives as large as a tile allows: read from a metre and more
PADDING = (4, 4)  # a narrow tile needs its width for "Shield 1" at a readable size


def info_text(player: dict[str, Any], narrow: bool = False) -> str:
    """Cards in hand and the shield's side (or that it held against the last card)."""
    parts = [f"{player['cards']} card{'' if player['cards'] == 1 else 's'}"]
    if player["blocked"]:
        parts.append("blocked")
    if player["shield"]:
        held = " held" if player["missed"] and not narrow else ""
        parts.append(f"Shield {player['shield']}{held}")
    return "\n".join(parts[:2] if narrow else parts)


def lost_text(player: dict[str, Any]) -> str:
    """At the bar's end: out, or the lives the last card just took."""
    if player["out"]:
        return "OUT"
    return f"−{player['hit']}" if player["hit"] else ""


class PlayerTile(ScoreFrame):
    """Outlined in its player's colour on their turn; dark once they are out."""

    def __init__(self, on_block: Callable[[str], Any], on_choose: Callable[[str], Any], **kwargs) -> None:
        super().__init__(words=READABLE, big=LIVES, padding=PADDING, **kwargs)
        self.player = ""
        self._shown: dict[str, Any] | None = None
        self._choice = ""
        # One finger-high slot: the BLOCK button, a player's button for the card being entered, or
        # cards and shield.
        self.slot = BoxLayout(size_hint_y=None, height=theme.TOUCH)
        self.info = Text(text="", wrap=False, font_size=READABLE, bold=True, valign="top")
        self.info.shorten = False
        self.block = button("BLOCK", lambda: on_block(self.player), bold=True, font_size=READABLE,
                            background_color=theme.DANGER, color=theme.ACCENT_TEXT)
        self.choose = button("", lambda: on_choose(self.player), primary=True, bold=True, font_size=READABLE)
        for part in (self.block, self.choose):
            part.bind(size=lambda b, size: setattr(b, "text_size", (size[0] - 4, None)))
        self.slot.add_widget(self.info)
        self.add_row(self.slot)
        self.bind(width=self._fit)

    def show(self, seat: dict[str, Any], player: dict[str, Any], choice: str = "",  # type: ignore[override]
             over: bool = False) -> None:
        """`choice`: the words of this player's button while a card asks for a player ("" if not offered).
        `over`: the game is over and a banner over the board takes height: the slot gives its
        height to the lives, the cards left in hand no longer matter."""
        self.player = player["name"]
        self._shown, self._choice = player, choice
        colour = readable(seat["colour"])
        super().show(player["name"], colour, player["lives"], player["max_lives"], player["turn"],
                     to_go=lost_text(player))
        self.to_go.color = theme.DANGER
        if player["out"]:
            self.number.color = theme.MUTED
        self.background = theme.BACKGROUND if player["out"] else theme.PANEL
        self.info.color = theme.GOOD if player["shield"] or player["blocked"] else theme.MUTED
        self.block.text = f"BLOCK −{player['hit']}" if player["hit"] else "BLOCK"
        self.choose.text = choice
        self.slot.clear_widgets()
        self.slot.add_widget(self.choose if choice else self.block if player["can_block"] else self.info)
        self.slot.height, self.slot.opacity = (0, 0) if over else (theme.TOUCH, 1)
        self._fit()

    def _fit(self, *_) -> None:
        """"of 5" beside the number and "held" after the shield only where they fit (not for six or
        seven players at 800x480): the words that stay keep their readable size."""
        if self._shown is None:
            return
        inner = self.width - self.padding[0] - self.padding[2]
        self.number.texture_update()
        of = f"of {self._shown['max_lives']}"
        room = inner - max(self.number.texture_size[0], 48) - theme.GAP
        self.beside.text = of if drawn_width(of, READABLE) <= room else ""
        full = info_text(self._shown)
        fits = all(drawn_width(line, READABLE, bold=True) <= inner for line in full.splitlines())
        self.info.text = full if fits else info_text(self._shown, narrow=True)
