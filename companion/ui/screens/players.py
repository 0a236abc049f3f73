"""Who is playing: seat order is turn order; names used before are one touch away."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget
from kivy.utils import get_color_from_hex

from companion import games
from companion.core.errors import SetupError
from companion.core.seats import make_seats
from companion.ui import theme
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import BigButton, Panel, Text, scrolling_grid


# Seat order is always turn order, but who starts differs by game: the line must say what the
# game will actually do next (Bonbon asks on its board, BondCones holds an opening roll).
SEAT_HINTS = {
    "bonbon": "In seat order: play goes round the list. The game asks who starts.",
    "bondcones": "In seat order. An opening roll decides who starts: the first name rolls first.",
}
SEAT_HINT = "In seat order: play goes round the list."


class PlayersScreen(BaseScreen):
    title_text = "Who is playing?"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, name="players", **kwargs)
        self.game_id: str | None = None
        self.names: list[str] = []
        row = BoxLayout(spacing=theme.PAD)

        seated = Panel(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        self.seat_hint = Text(text="", color=theme.MUTED, font_size=theme.FONT_SMALL)
        seated.add_widget(self.seat_hint)
        scroll, self.seat_list = scrolling_grid(1, theme.GAP / 2)
        seated.add_widget(scroll)
        row.add_widget(seated)

        right = BoxLayout(orientation="vertical", spacing=theme.GAP)
        entry = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        self.name_input = TextInput(
            hint_text="Type a name",
            multiline=False,
            font_size=theme.FONT,
            padding=(theme.PAD, theme.PAD * 1.2),
            background_color=theme.PANEL_LIGHT,
            foreground_color=theme.TEXT,
            hint_text_color=theme.MUTED,
            cursor_color=theme.ACCENT,
            write_tab=False,
        )
        self.name_input.bind(on_text_validate=lambda *_: self.add_typed())
        entry.add_widget(self.name_input)
        add = BigButton(text="Add", size_hint_x=None, width=100)
        add.bind(on_release=lambda *_: self.add_typed())
        entry.add_widget(add)
        right.add_widget(entry)
        self.known_heading = Text(text="Played here before", color=theme.MUTED, font_size=theme.FONT_SMALL)
        right.add_widget(self.known_heading)
        known_scroll, self.known = scrolling_grid(3)
        # Every name a third of the width, however many there are: a grid with fewer names than
        # columns would otherwise stretch them, and the names would not keep their places.
        self.known.col_force_default = True
        self.known.bind(width=self._fit_known_columns)
        right.add_widget(known_scroll)
        self.next_button = BigButton(text="Next", primary=True)
        self.next_button.bind(on_release=lambda *_: self.next())
        right.add_widget(self.next_button)
        row.add_widget(right)
        self.body.add_widget(row)

    def _fit_known_columns(self, grid, width) -> None:
        grid.col_default_width = (width - grid.spacing[0] * (grid.cols - 1)) / grid.cols

    def prepare(self, game_id: str) -> None:
        """Called when a game is chosen: start from an empty table."""
        self.game_id = game_id
        self.names = []
        self.name_input.text = ""
        self._redraw()

    @property
    def game(self):
        return games.get(self.game_id)

    def on_pre_enter(self, *_) -> None:
        self._redraw()

    def on_enter(self, *_) -> None:
        # With a keyboard, typing starts at once. On the touchscreen, focus would dock the
        # on-screen keyboard over the names already offered, so it waits for a touch.
        if self.app.sim or self.app.settings["display"]["touch"] != "auto":
            self.name_input.focus = True

    def add(self, name: str) -> bool:
        name = " ".join(name.split())
        if not name:
            return False
        try:
            make_seats([*self.names, name])
        except SetupError as exc:
            self.app.notify(str(exc))
            return False
        if len(self.names) >= self.game.max_players:
            self.app.notify(f"{self.game.title} is for at most {self.game.max_players} players")
            return False
        self.names.append(name)
        self._redraw()
        return True

    def add_typed(self) -> None:
        if self.add(self.name_input.text):
            self.name_input.text = ""
        else:
            self.name_input.select_all()  # typing again replaces the refused name
        # Enter takes the focus away: give it back, so the next name can be typed straight on.
        Clock.schedule_once(lambda _dt: setattr(self.name_input, "focus", True), 0)

    def remove(self, index: int) -> None:
        del self.names[index]
        self._redraw()

    def move_up(self, index: int) -> None:
        if index > 0:
            self.names[index - 1], self.names[index] = self.names[index], self.names[index - 1]
            self._redraw()

    def next(self) -> None:
        if self.game.options:
            self.app.screen("options").prepare(self.game_id, list(self.names))
            self.app.go("options")
        else:
            self.app.start_game(self.game_id, list(self.names), {})

    def _redraw(self) -> None:
        if self.game_id is None:
            return
        game = self.game
        self.heading.text = f"Who is playing {game.title}?"
        self.seat_hint.text = SEAT_HINTS.get(game.id, SEAT_HINT)
        self.seat_list.clear_widgets()
        for i, seat in enumerate(make_seats(self.names)):
            self.seat_list.add_widget(self._seat_row(i, seat.name, seat.colour))
        count = len(self.names)
        ready = game.min_players <= count <= game.max_players
        self.next_button.disabled = not ready
        self.next_button.text = (
            ("Next: options" if game.options else "Start")
            if ready
            else f"Add {game.min_players - count} more" if count < game.min_players else "Too many players"
        )
        self._offer_known_names()

    def _offer_known_names(self) -> None:
        """Names played here before, each in a fixed place of a fixed-width grid.

        A chosen name stays where it is and shows as chosen (disabled) rather than leaving
        the grid: if the others moved up, a player touching where "Ben" was a moment ago
        would seat whoever had slid into that place.
        """
        seen = self.app.table.store.names_seen()
        if [chip.text for chip in reversed(self.known.children)] != seen:
            self.known.clear_widgets()
            for name in seen:
                # A chosen name is dimmed like any disabled button, but stays legible.
                chip = BigButton(text=name, shorten=True, shorten_from="right", disabled_color=theme.MUTED)
                chip.bind(on_release=lambda _b, n=name: self.add(n))
                self.known.add_widget(chip)
        seated = {n.casefold() for n in self.names}
        for chip in self.known.children:
            chip.disabled = chip.text.casefold() in seated
        self.known_heading.opacity = 1 if self.known.children else 0

    def _seat_row(self, index: int, name: str, colour: str) -> BoxLayout:
        row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        swatch = Panel(size_hint_x=None, width=14, background=get_color_from_hex(colour), radius=4)
        row.add_widget(swatch)
        row.add_widget(Text(text=f"{index + 1}. {name}", wrap=False))
        if index > 0:
            up = BigButton(text="Up", size_hint_x=None, width=72)
            up.bind(on_release=lambda *_: self.move_up(index))
            row.add_widget(up)
        else:
            row.add_widget(Widget(size_hint_x=None, width=72))
        remove = BigButton(text="×", size_hint_x=None, width=theme.TOUCH, font_size=theme.FONT_TITLE)
        remove.bind(on_release=lambda *_: self.remove(index))
        row.add_widget(remove)
        return row
