"""Home: pick a game to start, or go to history and status.

The games' buttons keep their place whatever the table is doing (they once dropped 84 px when a
game was in progress, under a finger reaching for one): with a game in progress its way back
comes under them. A finished game is not offered as one to go back to: Home says how it ended,
offers the same game again first, and its final board second (where a mistaken last move can
still be undone).
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion import games
from companion.ui import theme
from companion.ui.phone_code import PhoneCode
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import BigButton, Text

# How often the phone code looks for a new LAN address while home is shown: soon enough that
# the code appears while people are still sitting down after the Wi-Fi joins.
PHONE_RECHECK_SECONDS = 3.0

CHOOSE = "Choose a game"
CHOOSE_ANOTHER = "Choose a new game"
CHOOSE_OTHER = "Choose another game"
GAME_BUTTON = theme.TOUCH * 1.1  # a game's name over its players: five games and a finished one's offer fit
GAME_OVER = "{title} is over: {summary}"
PLAY_AGAIN = "Play {title} again"
SEE_RESULT = "See the result"


class HomeScreen(BaseScreen):
    name = "home"
    back_to = None

    def __init__(self, app, **kwargs) -> None:
        self.title_text = app.settings["table"]["name"]
        super().__init__(app, name="home", **kwargs)
        row = BoxLayout(spacing=theme.PAD)
        self.left = left = BoxLayout(orientation="vertical", spacing=theme.GAP)
        self.choose = Text(text=CHOOSE, color=theme.MUTED, font_size=theme.FONT_SMALL)
        left.add_widget(self.choose)
        self.game_grid = GridLayout(cols=2, spacing=theme.GAP, size_hint_y=None)
        self.game_grid.bind(minimum_height=self.game_grid.setter("height"))
        left.add_widget(self.game_grid)
        left.add_widget(BoxLayout())  # keeps the games at the top, and the game at the table under them
        row.add_widget(left)

        self.side = side = BoxLayout(orientation="vertical", spacing=theme.GAP, size_hint_x=None, width=220)
        self.spacer = Text(text=" ", font_size=theme.FONT_SMALL)  # lines up with "Choose a game"
        side.add_widget(self.spacer)
        # Above the games, not in this column: here it took 92 px from the phone code, which
        # then shrank to about 15 mm on the 7-inch screen, too small to scan across the table.
        self.resume_button = BigButton(text="Back to the game", primary=True, height=theme.TOUCH * 1.5)
        self.resume_button.bind(on_release=lambda *_: app.go("play"))
        # A finished game: how it ended, then the same game again, or its final board.
        self.finished = BoxLayout(orientation="vertical", spacing=theme.GAP, size_hint_y=None)
        self.result_text = Text(text="", bold=True, color=theme.ACCENT)
        self.finished.add_widget(self.result_text)
        choices = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH * 1.5)
        self.again_button = BigButton(text="", primary=True, height=theme.TOUCH * 1.5)
        self.again_button.bind(on_release=lambda *_: self._play_again())
        self.result_button = BigButton(text=SEE_RESULT, size_hint_x=None, width=190, height=theme.TOUCH * 1.5)
        self.result_button.bind(on_release=lambda *_: app.go("play"))
        choices.add_widget(self.again_button)
        choices.add_widget(self.result_button)
        self.finished.add_widget(choices)
        self.result_text.bind(height=self._fit_finished)
        self._fit_finished()
        # Two rows of buttons, so the phone code below keeps its size (a third row took 56 px
        # from it): History and Rules side by side, Status under them.
        pair = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH)
        for label, target, box in (("History", "history", pair), ("Rules", "rules", pair), ("Status", "status", side)):
            button = BigButton(text=label)
            button.bind(on_release=lambda _b, t=target: app.go(t))
            box.add_widget(button)
            if box is pair and len(pair.children) == 1:
                side.add_widget(pair)
        later = lambda task: app.first_frames.later(task, first=True)  # noqa: E731
        self.phone_code = PhoneCode(app.settings, later) if app.settings["mqtt"]["enabled"] else None
        side.add_widget(self.phone_code or BoxLayout())
        self._phone_recheck = None
        row.add_widget(side)
        # 220 px on the 800x480 screen; wider screens give the column (and so the code) more.
        row.bind(width=lambda _row, width: setattr(side, "width", max(220, width * 0.28)))
        self.body.add_widget(row)

    def on_pre_enter(self, *_) -> None:
        if self.phone_code is not None:
            self.phone_code.refresh()
            # The unit starts before the network is up: the address often arrives while home is shown.
            if self._phone_recheck is None:
                self._phone_recheck = Clock.schedule_interval(self._recheck_phone_code, PHONE_RECHECK_SECONDS)
        self.game_grid.clear_widgets()
        for game in games.menu(listed_only=True):  # the example game stays off the menu
            count = (
                f"{game.min_players} players"
                if game.min_players == game.max_players
                else f"{game.min_players}–{game.max_players} players"
            )
            button = BigButton(
                text=f"[b]{game.title}[/b]\n[size={int(theme.FONT_SMALL)}]{count}[/size]",
                markup=True,
                height=GAME_BUTTON,
            )
            button.bind(on_release=lambda _b, gid=game.id: self.app.choose_game(gid))
            self.game_grid.add_widget(button)
        session = self.app.table.session
        result = session.result() if session else None
        for offer in (self.resume_button, self.finished):
            if offer.parent:
                self.left.remove_widget(offer)
        if session and result:
            title = session.game.title
            self.result_text.text = GAME_OVER.format(title=title, summary=result.summary)
            self.again_button.text = PLAY_AGAIN.format(title=title)
            self.left.add_widget(self.finished, index=1)  # under the games, which stay where they are
        elif session:
            self.resume_button.text = f"Back to {session.game.title}"
            self.left.add_widget(self.resume_button, index=1)  # under the games
        self.choose.text = CHOOSE_OTHER if result else CHOOSE_ANOTHER if session else CHOOSE

    def _fit_finished(self, *_) -> None:
        self.finished.height = self.result_text.height + theme.GAP + theme.TOUCH * 1.5

    def _play_again(self) -> None:
        session = self.app.table.session
        if session is not None:
            self.app.choose_game(session.game.id)

    def on_pre_leave(self, *_) -> None:
        # As soon as another screen is asked for: the switch completes a frame later, and a check
        # due in that frame would be made for a screen nobody sees.
        if self._phone_recheck is not None:
            self._phone_recheck.cancel()
            self._phone_recheck = None

    def _recheck_phone_code(self, _dt) -> None:
        self.phone_code.refresh()
