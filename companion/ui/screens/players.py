"""Who is playing: seat order is turn order; names used before are one touch away."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.effects.scroll import ScrollEffect
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget
from kivy.utils import get_color_from_hex

from companion import games
from companion.core.errors import SetupError
from companion.core.seats import make_seats
from companion.ui import theme
from companion.ui.docked_keyboard import docked_keyboard_top
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import BigButton, Panel, Text, scrolling_grid


# Seat order is always turn order, but who starts differs by game: the line must say what the
# game will actually do next (Bonbon asks on its board, BondCones holds an opening roll).

class KeepTyping(BigButton):
    """A button that leaves the name field focused, so the on-screen keyboard stays up.

    Any other touch takes the focus from the field, which closes Kivy's docked keyboard:
    seating someone or fixing a seat mid-entry must not make the screen jump twice.
    """

    def on_touch_down(self, touch):
        # A scroller hands a touch on to its rows a second time: list it once, as Kivy drops it once.
        if self.collide_point(*touch.pos) and not self.disabled and touch not in FocusBehavior.ignored_touch:
            FocusBehavior.ignored_touch.append(touch)
        return super().on_touch_down(touch)


def start_words(start: str, unfinished: str) -> str:
    """A Start button's words: with a game at the table unfinished, what starting does to it (the
    touch that leaves it says so: app.choose_game)."""
    if not unfinished:
        return start
    return f"[b]{start}[/b]\n[size={int(theme.FONT_SMALL)}]{unfinished}[/size]"


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
        self.seat_scroll, self.seat_list = scrolling_grid(1, theme.GAP / 2)
        # No springy overscroll here: while a new seat's row and the words above it settle, the list
        # is for a moment shorter than the view, and Kivy's default effect then sprang the list back
        # over several frames, leaving the newest seat half under the view's edge.
        self.seat_scroll.effect_cls = ScrollEffect
        # A list that grows or a view that shrinks (the keyboard) keeps the newest seat in view.
        self.seat_list.bind(height=self._show_newest)
        self.seat_scroll.bind(height=self._show_newest)
        seated.add_widget(self.seat_scroll)
        row.add_widget(seated)

        self.entry_column = right = BoxLayout(orientation="vertical", spacing=theme.GAP)
        self.entry = entry = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
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
            # Enter seats the name and the field stays ready for the next one.
            text_validate_unfocus=False,
        )
        self.name_input.bind(on_text_validate=lambda *_: self.add_typed())
        entry.add_widget(self.name_input)
        add = KeepTyping(text="Add", size_hint_x=None, width=100)
        add.bind(on_release=lambda *_: self.add_typed())
        entry.add_widget(add)
        # Only while the docked keyboard is up: it covers Next, and its own close key is a bare "×".
        self.done_button = BigButton(text="Done", size_hint_x=None, width=100)
        self.done_button.bind(on_release=lambda *_: self.done_typing())
        right.add_widget(entry)
        self.known_heading = Text(text="Played here before", color=theme.MUTED, font_size=theme.FONT_SMALL)
        right.add_widget(self.known_heading)
        known_scroll, self.known = scrolling_grid(3)
        # Every name a third of the width, however many there are: a grid with fewer names than
        # columns would otherwise stretch them, and the names would not keep their places.
        self.known.col_force_default = True
        self.known.bind(width=self._fit_known_columns)
        right.add_widget(known_scroll)
        self.next_button = BigButton(text="Next", primary=True, markup=True)
        self.next_button.bind(on_release=lambda *_: self.next())
        # A game with options starts from here too, with the rulebook's: the options screen is a
        # touch more only for a table that wants to change them.
        self.start_button = BigButton(text="Start game", primary=True, markup=True)
        self.start_button.bind(on_release=lambda *_: self.start_with_defaults())
        self.go_row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        # As tall as Start's words: over an unfinished game they say what becomes of it, in up to
        # three lines, which a finger-high button drew over its own edges.
        for go in (self.start_button, self.next_button):
            go.bind(texture_size=self._fit_go_row)
        self.go_row.add_widget(self.next_button)
        right.add_widget(self.go_row)
        row.add_widget(right)
        self.body.add_widget(row)
        # Stands where the docked keyboard is, so everything else moves up above it.
        self.keyboard_room = Widget(size_hint_y=None, height=0)
        self.typing = False
        self._fit_keyboard_soon = Clock.create_trigger(self._fit_keyboard, -1)
        self.name_input.bind(focus=self._fit_keyboard_soon)

    def _fit_go_row(self, *_) -> None:
        words = max(b.texture_size[1] for b in (self.start_button, self.next_button))
        self.go_row.height = self.start_button.height = self.next_button.height = max(theme.TOUCH, words + 2 * theme.GAP)

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
        # The docked keyboard is a widget of the window: it comes and goes as its children.
        EventLoop.window.bind(children=self._fit_keyboard_soon, size=self._fit_keyboard_soon)

    def on_leave(self, *_) -> None:
        EventLoop.window.unbind(children=self._fit_keyboard_soon, size=self._fit_keyboard_soon)
        self.name_input.focus = False
        self._fit_keyboard()

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
            self._refuse(str(exc))
            return False
        if len(self.names) >= self.game.max_players:
            self._refuse(f"{self.game.title} is for at most {self.game.max_players} players")
            return False
        self.names.append(name)
        self._redraw()
        return True

    def _refuse(self, message: str) -> None:
        if not self.typing:
            self.app.notify(message)
            return
        # The message line sits at the foot of the screen, under the keyboard: say it above
        # instead (it would only show, out of date, once the keyboard closed).
        self.seat_hint.text = message[0].upper() + message[1:]
        self.seat_hint.color = theme.DANGER

    def add_typed(self) -> bool:
        added = self.add(self.name_input.text)
        if added:
            self.name_input.text = ""
        else:
            self.name_input.select_all()  # typing again replaces the refused name
        # Ready for the next name (Add and Enter leave the focus where it is; this is for an
        # Add touched with the keyboard closed, e.g. a name typed on a real keyboard).
        self.name_input.focus = True
        return added

    def done_typing(self) -> None:
        """Close the keyboard, seating a name left in the field: Done after a name means "and this one"."""
        if self.name_input.text.strip() and not self.add_typed():
            return  # refused: the reason is shown, the name stays to be corrected
        self.name_input.focus = False

    def _fit_keyboard(self, *_) -> None:
        """With the keyboard up, everything moves into the strip above it.

        Kivy docks its keyboard over the lower half of the 800x480 screen, where the seat list
        and Next are. While it is up, the screen keeps to the part above it: the seats (scrolled
        to the newest, with a count) beside the field, Add and Done. Next comes back with Done.
        """
        top = docked_keyboard_top(self.name_input)
        typing = top > 0
        if typing:
            # The body's own bottom is where the room starts; the layout's spacing sits above it.
            bottom = self.body.to_window(self.body.x, self.body.y)[1]
            self.keyboard_room.height = max(0, top - bottom)
        if typing == self.typing:
            return
        self.typing = typing
        if typing:
            self.body.add_widget(self.keyboard_room)
            self.entry_column.remove_widget(self.go_row)
            self.entry.add_widget(self.done_button)
        else:
            self.body.remove_widget(self.keyboard_room)
            self.entry.remove_widget(self.done_button)
            self.entry_column.add_widget(self.go_row)
        self._show_hint()

    def _show_hint(self) -> None:
        if self.game_id is None:
            return
        self.seat_hint.color = theme.MUTED
        if not self.typing:
            self.seat_hint.text = self.game.seat_hint
            return
        # One line, so the seats keep the room: how many, and what is still needed before Next.
        count, need = len(self.names), self.game.min_players - len(self.names)
        self.seat_hint.text = f"{count} seated" + (f", add {need} more" if need > 0 else "")

    def _show_newest(self, *_) -> None:
        """Scroll the seats to the last one: the name just added is the one to check."""
        # Kivy's ScrollView overscrolls by default: at scroll_y 0 a short list would sit at the foot.
        self.seat_scroll.scroll_y = 0 if self.seat_list.height > self.seat_scroll.height else 1

    def remove(self, index: int) -> None:
        del self.names[index]
        self._redraw()

    def move_up(self, index: int) -> None:
        if index > 0:
            self.names[index - 1], self.names[index] = self.names[index], self.names[index - 1]
            self._redraw()

    def start_with_defaults(self) -> bool:
        """Start at once with the rulebook's options (as the options screen would leave them)."""
        return self.app.start_game(self.game_id, list(self.names), {o.name: o.default for o in self.game.options})

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
        self._show_hint()
        self.seat_list.clear_widgets()
        for i, seat in enumerate(make_seats(self.names)):
            self.seat_list.add_widget(self._seat_row(i, seat.name, seat.colour))
        count = len(self.names)
        ready = game.min_players <= count <= game.max_players
        self.next_button.disabled = not ready
        self.next_button.text = (
            ("Next: options" if game.options else start_words("Start", self.app.unfinished_words()))
            if ready
            else f"Add {game.min_players - count} more" if count < game.min_players else "Too many players"
        )
        # "Start game" beside "Next: options" once the seats are ready, in a place of its own.
        self.start_button.disabled = not ready
        self.start_button.text = start_words("Start game", self.app.unfinished_words())
        shown = bool(game.options)
        if shown and self.start_button.parent is None:
            self.go_row.add_widget(self.start_button)
        elif not shown and self.start_button.parent is not None:
            self.go_row.remove_widget(self.start_button)
        # One bright button: Start when it is there, else Next.
        self.next_button.background_color = self.next_button._normal = theme.PANEL_LIGHT if shown else theme.ACCENT
        self.next_button.color = theme.TEXT if shown else theme.ACCENT_TEXT
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
                chip = KeepTyping(text=name, shorten=True, shorten_from="right", disabled_color=theme.MUTED)
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
            up = KeepTyping(text="Up", size_hint_x=None, width=72)
            up.bind(on_release=lambda *_: self.move_up(index))
            row.add_widget(up)
        else:
            row.add_widget(Widget(size_hint_x=None, width=72))
        remove = KeepTyping(text="×", size_hint_x=None, width=theme.TOUCH, font_size=theme.FONT_TITLE)
        remove.bind(on_release=lambda *_: self.remove(index))
        row.add_widget(remove)
        return row
