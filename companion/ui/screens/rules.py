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
        self._target: Panel | None = None  # the section to show at the top (from What now?)
        self._settle = Clock.create_trigger(self._place_target, 0)
        self.rows.bind(height=self._settle)

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
        self._target = self.section_widgets.get(section)
        self._place_target()

    def _place_target(self, *_) -> None:
        """The section asked for with its heading at the top of the list (scroll_to stops as soon
        as any of it shows, often with its heading under the previous section's tail). Again as
        the sections take their heights over the next frames, so it ends where it should."""
        block = self._target
        room = self.rows.height - self.scroll.height
        if block is None or room <= 0:
            return
        top = block.top - self.rows.y  # from the list's bottom (its rows share the list's frame)
        self.scroll.scroll_y = max(0.0, min(1.0, (top - self.scroll.height) / room))

    def on_touch_down(self, touch) -> bool:
        if self.collide_point(*touch.pos):
            self._target = None  # the player scrolls now: the list is theirs
        return super().on_touch_down(touch)

    def on_leave(self, *_) -> None:
        self.game_id = ""  # from Home next time: the game at the table then
