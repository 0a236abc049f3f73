"""The game's options, each with its help text; the defaults are the rulebook's (or the rulings')."""

from __future__ import annotations

from typing import Any

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion import games
from companion.core import Session
from companion.core.errors import SetupError
from companion.core.options import Option, with_labels
from companion.ui import theme
from companion.ui.docked_keyboard import docked_keyboard_top
from companion.ui.drawn_ahead import draw_words_ahead
from companion.ui.screens.base import BaseScreen
from companion.ui.screens.players import start_words
from companion.ui.widgets import BigButton, Chip, MoreSign, Panel, Text, scrolling_grid


class OptionsScreen(BaseScreen):
    title_text = "Options"
    back_to = "players"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, name="options", **kwargs)
        self.game_id: str | None = None
        self.players: list[str] = []
        self.values: dict[str, Any] = {}
        # The game whose rows are built, and whether a player has changed any of them since:
        # rows built ahead (while the names are typed) and untouched are shown as they are.
        self._rows_for: str | None = None
        self._changed = False
        self.scroll, self.rows = scrolling_grid(1)
        self.body.add_widget(self.scroll)
        # A list longer than the screen shows it: its bar never fades, and a line under it says
        # how many options lie below or above (BONC!'s fourth option was cut off without a sign).
        # The line keeps its room while the list is longer than the screen: nothing moves as it scrolls.
        self.more = MoreSign(self.scroll, self.rows, "option", "options")
        self.body.add_widget(self.more)
        # Why Start was refused, above the buttons: the message line at the foot would cover them.
        self.problem = Text(text="", color=theme.DANGER)
        bottom = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        reset = BigButton(text="Rulebook defaults")
        reset.bind(on_release=lambda *_: self._reset())
        bottom.add_widget(reset)
        self.start_button = start = BigButton(text="Start game", primary=True, markup=True)
        start.bind(on_release=lambda *_: self.start())
        bottom.add_widget(start)
        # As tall as Start's words: over an unfinished game a second line says what becomes of it.
        start.bind(texture_size=lambda b, size: setattr(bottom, "height", max(theme.TOUCH, size[1] + 2 * theme.GAP)))
        bottom.bind(height=lambda row, h: [setattr(b, "height", h) for b in row.children])
        self.body.add_widget(bottom)
        self.bottom = bottom
        # While the docked keyboard types into a field: stands where the keyboard is.
        self.keyboard_room = Widget(size_hint_y=None, height=0)
        self.fields: list[TextInput] = []
        self.typing = False
        self._fit_keyboard_soon = Clock.create_trigger(self._fit_keyboard, -1)

    def on_pre_enter(self, *_) -> None:
        # The docked keyboard is a widget of the window: it comes and goes as its children.
        EventLoop.window.bind(children=self._fit_keyboard_soon, size=self._fit_keyboard_soon)

    def on_leave(self, *_) -> None:
        EventLoop.window.unbind(children=self._fit_keyboard_soon, size=self._fit_keyboard_soon)
        for field in self.fields:
            field.focus = False
        self._fit_keyboard()

    def _fit_keyboard(self, *_) -> None:
        """With the keyboard up, the options keep to the strip above it, the field being typed in shown.

        Kivy docks its keyboard over the lower half of the 800x480 screen: Bonbon's deck field
        and both buttons would be under it. The buttons wait until the keyboard closes (its
        Enter or its × key): Start with a half-typed value is not what anyone means.
        """
        field = next((f for f in self.fields if docked_keyboard_top(f) > 0), None)
        if field is not None:
            bottom = self.body.to_window(self.body.x, self.body.y)[1]
            self.keyboard_room.height = max(0, docked_keyboard_top(field) - bottom)
            # After the layout has made room: the field's whole row in view.
            row = next(w for w in self.rows.children if field in w.walk())
            Clock.schedule_once(lambda _dt: self.scroll.scroll_to(row, padding=0, animate=False), 0)
        typing = field is not None
        if typing == self.typing:
            return
        self.typing = typing
        if typing:
            self.body.remove_widget(self.bottom)
            self.body.add_widget(self.keyboard_room)
        else:
            self.body.remove_widget(self.keyboard_room)
            self.body.add_widget(self.bottom)

    def prepare(self, game_id: str, players: list[str]) -> None:
        self.game_id, self.players = game_id, players
        self.start_button.text = start_words("Start game", self.app.unfinished_words())
        if self._rows_for == game_id and not self._changed:
            self._say("")
            self.scroll.scroll_y = 1
            return
        self._reset()

    def ready(self, game_id: str) -> None:
        """This game's options built ahead of "Next: options" (while the players type their names),
        laid out at the screen's size and their words drawn, so that touch only shows them."""
        if self.manager is None or self.manager.current_screen is self:
            return  # on the screen: the players may be changing them
        if self._rows_for == game_id and not self._changed:
            return
        self.game_id = game_id
        self.size = self.manager.size  # as it will be shown: wrapped words are not drawn twice
        self._reset()
        Clock.schedule_once(lambda _dt: draw_words_ahead(self), 0)  # once this frame's layout is done

    def start(self) -> bool:
        game = games.get(self.game_id)
        try:
            # The same checks the table makes on Start, tried first here: a game checks its own
            # options (Bonbon's deck make-up) in its code's words, and this screen says labels.
            Session(game, self.players, dict(self.values))
        except SetupError as exc:
            self._say(with_labels(str(exc), game.options))
            return False
        self._say("")
        return self.app.start_game(self.game_id, self.players, dict(self.values))

    def _say(self, message: str) -> None:
        self.problem.text = message[:1].upper() + message[1:]
        if message and self.problem.parent is None:
            above = self.bottom if self.bottom.parent else self.keyboard_room
            self.body.add_widget(self.problem, index=self.body.children.index(above) + 1)
        elif not message and self.problem.parent is not None:
            self.body.remove_widget(self.problem)

    def _reset(self) -> None:
        game = games.get(self.game_id)
        self._say("")
        self.fields = []
        self.heading.text = f"{game.title} options"
        self.values = {o.name: o.default for o in game.options}
        self._rows_for, self._changed = self.game_id, False
        self.rows.clear_widgets()
        for option in game.options:
            self.rows.add_widget(self._row(option))
        self.scroll.scroll_y = 1  # a new game's options from the first

    def _row(self, option: Option) -> Panel:
        row = Panel(orientation="horizontal", size_hint_y=None, padding=theme.PAD, spacing=theme.PAD)
        words = BoxLayout(orientation="vertical", size_hint_y=None)
        title = Text(text=option.label, bold=True)
        helptext = Text(text=option.help, color=theme.MUTED, font_size=theme.FONT_SMALL)
        words.add_widget(title)
        words.add_widget(helptext)
        words.bind(minimum_height=words.setter("height"))
        row.add_widget(words)
        control = self._control(option)
        row.add_widget(control)
        # The row is as tall as its text or its control, whichever is taller.
        fit = lambda *_: setattr(row, "height", max(words.height, control.height) + theme.PAD * 2)  # noqa: E731
        words.bind(height=fit)
        fit()
        return row

    def _set(self, name: str, value: Any) -> None:
        self.values[name] = value
        self._changed = True
        self._say("")  # a refusal was about the value before

    def _control(self, option: Option):
        box = BoxLayout(size_hint=(None, None), height=theme.TOUCH, spacing=theme.GAP / 2)
        if option.kind is bool:
            chip = Chip(text="Yes" if option.default else "No", state="down" if option.default else "normal", width=110, size_hint_x=None)
            chip.bind(state=lambda c, s: (self._set(option.name, s == "down"), setattr(c, "text", "Yes" if s == "down" else "No")))
            box.add_widget(chip)
            box.width = 110
        elif option.choices:
            group = f"option-{option.name}"
            for choice in option.choices:
                chip = Chip(text=option.words(choice), group=group, allow_no_selection=False, size_hint_x=None, width=110,
                            state="down" if choice == option.default else "normal")
                chip.bind(on_release=lambda _c, v=choice: self._set(option.name, v))
                box.add_widget(chip)
            box.width = 114 * len(option.choices)
        elif option.kind is int:
            value = Text(text=str(option.default), wrap=False, halign="center", font_size=theme.FONT_TITLE,
                         size_hint_x=None, width=80)

            def step(delta: int) -> None:
                new = self.values[option.name] + delta
                if option.minimum is not None and new < option.minimum:
                    return
                if option.maximum is not None and new > option.maximum:
                    return
                self._set(option.name, new)
                value.text = str(new)

            for label, delta in (("−", -1), (None, 0), ("+", 1)):
                if label is None:
                    box.add_widget(value)
                    continue
                button = BigButton(text=label, size_hint_x=None, width=theme.TOUCH, font_size=theme.FONT_TITLE)
                button.bind(on_release=lambda _b, d=delta: step(d))
                box.add_widget(button)
            box.width = theme.TOUCH * 2 + 80 + theme.GAP
        else:
            field = TextInput(text=str(option.default), multiline=False, font_size=theme.FONT,
                              background_color=theme.PANEL_LIGHT, foreground_color=theme.TEXT)
            field.bind(text=lambda _f, t: self._set(option.name, t), focus=self._fit_keyboard_soon)
            self.fields.append(field)
            box.add_widget(field)
            box.width = 240
        return box
