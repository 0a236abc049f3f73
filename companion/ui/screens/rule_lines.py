"""A screen of lines that explain the board, under a top bar with Back and Rules: What now? and
Why? are both this. Rules opens the game's rules page at the section the screen names
(`rule_to_open`), and the rules page's Back returns here."""

from __future__ import annotations

from companion.ui import theme
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import BigButton, MoreSign, Panel, Text, scrolling_grid


class RuleLinesScreen(BaseScreen):
    back_to = "play"
    back_label = "Back"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, **kwargs)
        self.rule_button = BigButton(text="Rules", size_hint_x=None, width=150)
        self.rule_button.bind(on_release=lambda *_: self.open_rules())
        self.bar.add_widget(self.rule_button)
        scroll, self.rows = scrolling_grid(1)
        self.body.add_widget(scroll)
        self.more = MoreSign(scroll, self.rows, "line", "lines")
        self.body.add_widget(self.more)
        self.game_id = ""

    def rule_to_open(self) -> str:
        """The rules page's section Rules opens ("" for the page's top)."""
        return ""

    def open_rules(self) -> None:
        self.app.screen("rules").show(self.game_id, self.rule_to_open(), back_to=self.name)
        self.app.go("rules")

    def _block(self, title: str, lines: list[str], accent: bool = False) -> None:
        """A panel of lines under a bold title: bullets, or (accent: a rule's own words) plain."""
        block = Panel(orientation="vertical", size_hint_y=None, padding=(theme.PAD, theme.GAP), spacing=2)
        block.bind(minimum_height=block.setter("height"))
        block.add_widget(Text(text=title, bold=True, color=theme.ACCENT if accent else theme.TEXT))
        for line in lines:
            block.add_widget(Text(text=f"• {line}" if not accent else line, font_size=theme.FONT_SMALL))
        self.rows.add_widget(block)
