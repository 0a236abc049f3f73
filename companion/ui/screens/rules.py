"""A game's rules page (companion/games/<id>/rules.md), from Home's Rules and from "What now?",
which opens it at the section behind the current step. A row of the games at the top: a table
waiting to start can read any game's rules before choosing one."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.utils import escape_markup

from companion import games
from companion.core import rules_page
from companion.ui import theme
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import Chip, MoreSign, Panel, Text, scrolling_grid


def shown_text(markdown: str) -> str:
    """A section's Markdown as the screen shows it: items as bullets, **bold** as bold."""
    lines = []
    for line in markdown.splitlines():
        lines.append(f"•  {line[2:]}" if line.startswith("- ") else line)
    text = escape_markup("\n".join(lines))
    parts = text.split("**")
    return "".join(f"[b]{p}[/b]" if i % 2 else p for i, p in enumerate(parts))


class RulesScreen(BaseScreen):
    title_text = "Rules"
    back_to = "home"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, name="rules", **kwargs)
        self.game_row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        self.chips: dict[str, Chip] = {}
        for entry in games.menu():
            chip = Chip(text=entry.title, group="rules-game", allow_no_selection=False)
            chip.bind(on_release=lambda _c, g=entry.id: self.show(g, back_to=self.back_to))
            self.chips[entry.id] = chip
            self.game_row.add_widget(chip)
        self.body.add_widget(self.game_row)
        self.scroll, self.rows = scrolling_grid(1)
        self.body.add_widget(self.scroll)
        self.body.add_widget(MoreSign(self.scroll, self.rows, "section", "sections"))
        self.game_id = ""
        self.section_widgets: dict[str, Panel] = {}

    def on_pre_enter(self, *_) -> None:
        if not self.game_id:  # from Home: the game at the table, else the first on the menu
            session = self.app.table.session
            self.show(session.game.id if session else next(iter(self.chips), ""), back_to="home")

    def show(self, game_id: str, section: str = "", back_to: str = "home") -> None:
        self.back_to = back_to
        self.game_id = game_id
        for gid, chip in self.chips.items():
            chip.state = "down" if gid == game_id else "normal"
        self.rows.clear_widgets()
        self.section_widgets = {}
        page = rules_page.read(game_id) if game_id else None
        if page is None:
            self.heading.text = "Rules"
            self.rows.add_widget(Text(text="This game has no rules page.", color=theme.MUTED))
            return
        self.heading.text = page.title
        self.rows.add_widget(Text(text=page.opening, color=theme.MUTED, font_size=theme.FONT_SMALL))
        for part in page.sections:
            block = Panel(orientation="vertical", size_hint_y=None, padding=(theme.PAD, theme.GAP), spacing=2)
            block.bind(minimum_height=block.setter("height"))
            lit = part.id == section
            block.add_widget(Text(text=part.title, bold=True, color=theme.ACCENT if lit else theme.TEXT))
            block.add_widget(Text(text=shown_text(part.text), markup=True, font_size=theme.FONT_SMALL))
            self.rows.add_widget(block)
            self.section_widgets[part.id] = block
        self.scroll.scroll_y = 1
        if section in self.section_widgets:
            # After the layout has given each section its height: scroll_to needs them.
            Clock.schedule_once(lambda _dt: self.scroll.scroll_to(self.section_widgets[section], padding=0,
                                                                   animate=False), 0)

    def on_leave(self, *_) -> None:
        self.game_id = ""  # from Home next time: the game at the table then
