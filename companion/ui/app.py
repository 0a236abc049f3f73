"""The Kivy application: screens, the current table, and the hand-over from other threads."""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import NoTransition

from companion.config import Config
from companion.core import controls
from companion.core.errors import RuleError, SetupError, StoreFailure
from companion.core.learning import TIP
from companion.inputs.keyboard import TRAY_ROLL_KEY, control_for_key
from companion.inputs.routing import APPLIED, IGNORED, ON_BOARD, SENT, Outcome, Router, route_action
from companion.status import DeviceStatus
from companion.table import Table
from companion.ui.first_frame import FirstFrames, measuring
from companion.ui.kit.touch_guard import SETTLE_SECONDS, TouchGuard
from companion.ui.lazy_screens import LazyScreens
from companion.ui.widgets import Toast

if TYPE_CHECKING:  # in annotations only: a table opening on Home needs no session yet
    from companion.core.session import Change, Session

log = logging.getLogger(__name__)

# An Undo (button or touch) that let go of a move entered halfway instead of taking one back.
ENTRY_CANCELLED = "entry_cancelled"

# How often a game database that could not be opened at start-up (a full disk) is tried again.
STORE_RETRY_SECONDS = 5.0
# A learning game's tip: two lines read aloud to a table take about ten seconds; it stays through
# touches elsewhere (the board goes on being played) and goes at a touch on it.
TIP_SECONDS = 20.0
# After the players screen is drawn, before a first name is typed.
LOAD_CHOSEN_GAME_AFTER = 0.15

# A status source returns one DeviceStatus or several (the inputs report GPIO and tray together).
StatusSource = Callable[[], "DeviceStatus | Sequence[DeviceStatus]"]

# Every screen, by name: each is imported and built the first time it is shown (LazyScreens).
SCREENS = {
    "home": "companion.ui.screens.home:HomeScreen",
    "players": "companion.ui.screens.players:PlayersScreen",
    "options": "companion.ui.screens.options:OptionsScreen",
    "play": "companion.ui.screens.play:PlayScreen",
    "history": "companion.ui.screens.history:HistoryScreen",
    "past_game": "companion.ui.screens.past_game:PastGameScreen",
    "correction": "companion.ui.screens.correction:CorrectionScreen",
    "stats": "companion.ui.screens.stats:StatsScreen",
    "status": "companion.ui.screens.status:StatusScreen",
    "what_now": "companion.ui.screens.what_now:WhatNowScreen",
    "rules": "companion.ui.screens.rules:RulesScreen",
    "why": "companion.ui.screens.why:WhyScreen",
}


def cannot_resume_words(exc: BaseException) -> str:
    """Why the last game did not reopen, in players' words: the rules' and the store's own words,
    else what it means for them (the exception's details go to the log file)."""
    if isinstance(exc, (RuleError, SetupError, StoreFailure)):
        return str(exc)
    return "its record cannot be read"


class CompanionApp(App):
    """One table, its screens, and every input's way in (all on Kivy's main thread)."""

    title = "Table companion"
    # What touches are timed by (Kivy stamps touch.time_start with time.time()); tests give their own.
    touch_clock: Callable[[], float] = staticmethod(time.time)

    def __init__(
        self,
        config: Config,
        table: Table,
        devices: Sequence[StatusSource] = (),
        sim: bool = False,
        router: Router | None = None,
        sim_tray: Any = None,
    ):
        super().__init__()
        self.settings = config  # App.config is Kivy's own ConfigParser
        self.table = table
        self.devices = list(devices)
        self.sim = sim
        # Buttons, the dial and the dice tray reach the session through the router, on this thread.
        self.router = router or Router(lambda: self.table.session)
        self.sim_tray = sim_tray  # sim mode: the simulated tray whose button the T key presses
        self.toast: Toast | None = None
        self.touch_guard: TouchGuard | None = None
        self._last_entry: tuple[Any, float] | None = None  # the last entry by touch, and when
        self._last_words = ""  # what that entry said happened
        self._unsubscribe: Callable[[], None] | None = None
        self._refresh = Clock.create_trigger(self._refresh_play, 0)
        self._latest_view: dict[str, Any] | None = None
        self._store_retry: Any = None
        self.touches: Any = None  # the TouchLog, from on_start
        self._key_names: dict[int, str] | None = None  # sim mode's keys, from on_start
        # What can wait for the first frame runs after it (launch.py: the broker, the inputs, the
        # other screens).
        self.first_frames = FirstFrames()
        table.on_session(self._session_changed)

    def attach_inputs(self, router: Router, statuses: StatusSource, sim_tray: Any = None) -> None:
        """The physical inputs, started after the app exists so their first event has somewhere to go."""
        self.router = router
        self.devices.append(statuses)
        self.sim_tray = sim_tray
        # They start after the first frame, so a resumed game is already open: the tray learns its
        # die and whether a roll is expected now, not at the next move.
        router.refresh()

    # -- building ------------------------------------------------------------

    def build(self):
        root = FloatLayout()
        self.screens = LazyScreens(SCREENS, lambda screen: screen(app=self), transition=NoTransition())
        # Only the screen the table opens on is built now: the game's, when one waits to be
        # resumed (on_start resumes it), else Home. Every other screen waits to be first shown.
        self.screens.current = "play" if self.table.resume_pending else "home"
        root.add_widget(self.screens)
        self.toast = Toast()
        root.add_widget(self.toast)
        return root

    def on_start(self) -> None:
        self.first_frames.watch(on_settled=self.stop if measuring() else None)
        from kivy.core.window import Window

        from companion.ui.touch_log import TouchLog

        # Every touch of every screen and board passes here first: only what a player meant counts.
        self.touch_guard = TouchGuard(Window, context=self._touch_context, clock=self.touch_clock).install()
        # Bound after the guard, so it runs before it (Kivy calls the last bound first): the log
        # counts every finger the panel gives, the ones the guard then refuses too.
        self.touches = TouchLog()
        self.touches.watch(Window)
        if self.sim:
            from kivy.core.window import Keyboard, Window

            self._key_names = {code: name for name, code in Keyboard.keycodes.items()}
            Window.bind(on_key_down=self._on_key_down)
        notices = list(self.table.store.notices)
        if self.table.store.failure_notice:  # e.g. a read-only database: said before the first move
            notices.append(self.table.store.failure_notice)
        try:
            session = self.table.resume()
        except Exception as exc:  # noqa: BLE001 - a game that cannot reopen must not stop the table
            # Kept in the store (set aside as abandoned), so the table starts instead of crash-looping.
            why = cannot_resume_words(exc)
            log.error("The last game could not be resumed (%s); it is kept in the history", why, exc_info=exc)
            try:
                record = self.table.store.unfinished()
                if record is not None:
                    self.table.store.abandon(record.id)
            except (StoreFailure, sqlite3.Error):
                pass  # still "playing": tried again at the next start, and the status screen says why
            self.table.close_game()  # no game, and every listener (the phones too) hears so
            notices.append(f"The last game could not be resumed ({why}); it is kept in the history.")
            session = None
        self.go("play" if session else "home")
        # After go(): changing screens clears messages, and these must stay to be read.
        for notice in notices:
            self.notify(notice, "error", seconds=15)
        if not self.table.store.available:  # a full disk at start-up: open it once there is room
            self._store_retry = Clock.schedule_interval(self._retry_store, STORE_RETRY_SECONDS)

    def _retry_store(self, _dt: float) -> None:
        """The game database opens at last: reopen the game that was being played, as a start would."""
        if not self.table.store.reconnect():
            return
        self._store_retry.cancel()
        if self.table.session is None and self.table.resume() is not None:
            self.go("play")
        self.notify("The game database opens again: moves are saved.", "info", seconds=6)

    def _touch_context(self) -> tuple[str, int | None]:
        """What gives every control its meaning besides its words: the screen, and the game's
        revision (after a move, the same button speaks for the next step or the next player)."""
        session = self.table.session
        return self.screens.current, session.revision if session is not None else None

    def on_stop(self) -> None:
        # The window outlives the app (a test runs many apps in one window): unbind what was bound.
        if self.touches is not None:
            self.touches.unwatch()
        if self._key_names is not None:
            from kivy.core.window import Window

            Window.unbind(on_key_down=self._on_key_down)
        if self.touch_guard is not None:
            self.touch_guard.uninstall()
        if self._store_retry is not None:
            self._store_retry.cancel()
        if self._unsubscribe:
            self._unsubscribe()

    # -- navigation and messages --------------------------------------------

    def go(self, name: str) -> None:
        if self.toast is not None:
            self.toast.hide()  # a message about the last screen means nothing on the next
        self.screens.current = name

    def open_past_game(self, game_id: int) -> None:
        """A game from the history, with its story; a game that cannot be shown says so instead."""
        try:
            self.screen("past_game").show(game_id)
        except Exception as exc:  # noqa: BLE001 - a history row must never close the table
            log.exception("cannot show game %s", game_id)
            self.notify(f"This game cannot be shown: {exc}")
            return
        self.go("past_game")

    def open_story(self) -> None:
        """The story of the game at the table, every move listed: a touch on one corrects it."""
        if self.table.record is None:
            self.notify("No game is being played.")
            return
        self.screen("past_game").show(self.table.record.id, correcting=True)
        self.go("past_game")

    def open_correction(self, move: int) -> None:
        try:
            self.screen("correction").show(move)
        except Exception as exc:  # noqa: BLE001 - a move that cannot be opened must not close the table
            log.exception("cannot correct move %s", move)
            self.notify(f"Move {move} cannot be corrected here: {exc}")
            return
        self.go("correction")

    def screen(self, name: str):
        """The screen of this name, built now if it is the first time it is needed."""
        return self.screens.get_screen(name)

    def warm_ups(self) -> list[Callable[[], Any]]:
        """What a player's first touch of each screen and board would otherwise wait for, in the
        order a table is most often used, one piece each: launch.py runs them in the frames after
        the first, so no touch meets a cold screen, and no frame waits for more than one piece.
        Going to a screen first builds it then instead; a warm-up finds it built and does nothing."""
        from companion import games
        from companion.ui.boards import board_class

        listed = [entry.id for entry in games.menu()]
        return (
            [partial(self.screen, name) for name in ("players", "options")]
            + [partial(games.get, game_id) for game_id in listed]  # its rules: players and options ask them
            + [partial(self.screen, "play")]
            + [partial(board_class, game_id) for game_id in listed]  # its board's module, imported
            + [partial(self.screen, name) for name in ("what_now", "why", "history", "status", "stats", "past_game",
                                                       "correction", "rules", "home")]
        )

    def _play_screen(self):
        """The play screen if it has been built: with none there is no board (and no game) yet."""
        return self.screens.built("play") if hasattr(self, "screens") else None

    def notify(self, message: str, level: str = "error", seconds: float = 3.5) -> None:
        if self.toast is not None and message:
            shown = self.screens.current_screen
            places = shown.message_places() if hasattr(shown, "message_places") else []
            self.toast.show(message[0].upper() + message[1:], level, seconds, places)

    # -- games ---------------------------------------------------------------

    def choose_game(self, game_id: str) -> None:
        """Set up a new game. One still being played is left only by the new game's Start.

        No question in between: it cost a touch on every new game over an unfinished one, and a
        question answered that often is answered without being read. The unfinished game is still
        safe from one stray touch: a game's button only opens the players screen (Back returns to
        the game as it was), seats are filled one by one, and the Start button itself says that
        the game at the table is left unfinished (unfinished_words), so the touch that leaves it
        is the one that says so."""
        self._set_up(game_id)

    def unfinished_words(self) -> str:
        """What starting a new game does to the one at the table: "" when there is none to leave."""
        session = self.table.session
        if session is None or session.result() is not None:
            return ""
        return f"leaves {session.game.title} unfinished"

    def _set_up(self, game_id: str) -> None:
        self.screen("players").prepare(game_id)
        self.go("players")
        # While the players type their names: the chosen game's rules, its options (built and their
        # words drawn), its board's modules and the play screen, so neither its options nor its
        # first board wait for them (the warm-ups may not have come to them yet, and they wait
        # while a player is touching).
        Clock.schedule_once(lambda _dt: self._load_game(game_id), LOAD_CHOSEN_GAME_AFTER)

    def _load_game(self, game_id: str) -> None:
        from companion import games
        from companion.ui.boards import board_class

        try:
            if games.get(game_id).options:
                self.screen("options").ready(game_id)
            board_class(game_id)
            self.screen("play")
        except Exception:  # noqa: BLE001 - loaded again, and said, when the game is started
            log.exception("could not load %s ahead of its start", game_id)

    def start_game(self, game_id: str, players: Sequence[Any], options: Mapping[str, Any]) -> bool:
        try:
            self.table.start(game_id, players, options)
        except SetupError as exc:
            self.notify(str(exc))
            return False
        self.go("play")
        return True

    def leave_game(self) -> None:
        self.table.close_game()
        self.go("home")

    # -- inputs: every way in ends in Session.dispatch on this thread -------

    def act(self, action: dict[str, Any], source: str = "touch") -> Change | None:
        """A touch (or any input already turned into an action): dispatch it, say why if refused.
        The same player entering the same thing again within SETTLE_SECONDS is asked first."""
        session = self.table.session
        if session is None:
            self.notify("No game is being played.")
            return None
        key = self._entry_key(action)
        now = self.touch_clock()
        last = self._last_entry
        if key is not None and last is not None and last[0] == key and now - last[1] < SETTLE_SECONDS:
            self._last_entry = None  # asked once: the answer is the player's
            self._ask_again(action, source)
            return None
        change = self._enter(session, action, source)
        self._last_entry = (key, now) if change is not None and key is not None else None
        return change

    def _entry_key(self, action: dict[str, Any]) -> tuple[Any, ...] | None:
        """Who enters what: the player whose turn it is and the action (None for undo and redo,
        which are not entries)."""
        if action.get("type") in ("undo", "redo") or self.table.session is None:
            return None
        turn = self.table.session.expected().turn
        return turn, json.dumps({k: v for k, v in action.items() if k != "source"}, sort_keys=True, default=str)

    def _ask_again(self, action: dict[str, Any], source: str) -> None:
        """The same entry twice in a moment: a double tap, unless the player says otherwise."""
        from companion.ui.confirm import Confirm

        Confirm(
            f"Entered a moment ago: {self._last_words}. Enter it again?" if self._last_words else
            "The same was entered a moment ago. Enter it again?",
            keep="No, once", go_on="Enter it again",
            on_go_on=lambda: self._enter(self.table.session, action, source) if self.table.session else None,
        ).open()

    def _enter(self, session: Session, action: dict[str, Any], source: str) -> Change | None:
        # What the entry is, in the game's words, for the question should it come again at once:
        # what it did (its events' words), else what it was offered as ("Ann: Turn the dial").
        expected = session.expected()
        spec = expected.spec(str(action.get("type")))
        offered = f"{expected.turn}: {spec.label}" if spec is not None and expected.turn else (
            spec.label if spec is not None else "")
        try:
            change = session.dispatch({**action, "source": source})
        except RuleError as exc:
            self.notify(exc.message)
            return None
        except Exception as exc:  # noqa: BLE001 - e.g. a full disk: nothing was accepted, say so
            log.exception("could not record %s", action)
            self.notify(f"Not recorded: {exc}. The game is as it was.")
            return None
        self._last_words = next((e["text"] for e in change.events if e.get("text")), offered)
        self.tell_change(change)
        return change

    def tell_change(self, change: Change) -> None:
        """An undo or a redo says what it took back or put back (the board alone would not show
        which move it was); any other accepted move clears an earlier refusal, which no longer
        describes the game."""
        if change.kind in ("undo", "redo", "correct") and change.events:
            self.notify(change.events[0]["text"], "info")
        elif self.toast is not None:
            self.toast.hide()

    def undo(self, source: str = "touch") -> Change | None:
        """Undo as a player means it (PlayScreen.undo: a half-entered move is let go first)."""
        return self.screen("play").undo(source)

    def control(self, control: str, source: str = "gpio") -> Outcome:
        """A physical control (GPIO button, the dial, or a key in sim mode)."""
        play = self._play_screen()
        if control == controls.UNDO and play is not None:
            cancelled = play.cancel_entry()
            if cancelled:
                return Outcome(ENTRY_CANCELLED, cancelled, source)
        # The board first: a dial moving its highlight is the board's own, never a move.
        taken = play.board_control(control) if play is not None else None
        if isinstance(taken, dict):
            return self.show(route_action(self.table.session, taken, control, source))
        if isinstance(taken, str):
            return self.show(Outcome(ON_BOARD if not taken else IGNORED, taken, source))
        return self.show(self.router.control(control, source))

    def roll(self, face: str, info: dict[str, Any] | None = None) -> Outcome:
        """A roll from the dice tray: applied if the game waits for one, else shown as ignored."""
        return self.show(self.router.roll(face, info))

    def show(self, outcome: Outcome) -> Outcome:
        """Say on screen what came of an input; an applied one shows itself on the board."""
        if outcome.kind == APPLIED and outcome.change is not None:
            self.tell_change(outcome.change)
        elif outcome.kind == SENT:
            self.notify(outcome.message, "info")
        elif outcome.kind == ON_BOARD:
            if self.toast is not None:
                self.toast.hide()  # the player moved on: an earlier refusal no longer describes the game
        elif outcome.kind != APPLIED:
            self.notify(outcome.message)
        return outcome

    def post_control(self, control: str, source: str = "gpio") -> None:
        """Thread-safe: hand a control over from an input thread to the app's thread."""
        Clock.schedule_once(lambda _dt: self.control(control, source), 0)

    def post_roll(self, face: str, info: dict[str, Any] | None = None) -> None:
        """Thread-safe: hand a tray roll over from the serial thread to the app's thread."""
        Clock.schedule_once(lambda _dt: self.roll(face, info), 0)

    def _on_key_down(self, _window, key: int, _scancode, _codepoint, modifiers) -> bool:
        """Sim mode: keys stand for the table's buttons, while a game is on screen."""
        if self.screens.current != "play":
            return False  # typing names must not press buttons
        name = self._key_names.get(key, "")
        if name == TRAY_ROLL_KEY and self.sim_tray is not None:
            self.sim_tray.press_roll()
            return True
        control = control_for_key(name, modifiers)
        if control is None:
            return False
        self.control(control, "keyboard")
        return True

    def device_statuses(self) -> list[DeviceStatus]:
        """Every device's status for the screens; a failing source is shown, never raised."""
        out: list[DeviceStatus] = []
        for source in self.devices:
            try:
                result = source()
            except Exception as exc:  # noqa: BLE001 - the status screen must always draw
                out.append(DeviceStatus("Device", "error", f"status unavailable: {exc}"))
                continue
            out.extend([result] if isinstance(result, DeviceStatus) else result)
        return out

    def post(self, fn: Callable[[], Any]) -> None:
        """Thread-safe: run `fn` on the app's thread at the next frame."""
        Clock.schedule_once(lambda _dt: fn(), 0)

    # -- following the session ----------------------------------------------

    def _session_changed(self, session: Session | None) -> None:
        if self._unsubscribe:
            self._unsubscribe()
            self._unsubscribe = None
        if session is not None:
            self._unsubscribe = session.subscribe(self._changed)
        if session is not None or self._play_screen() is not None:  # no game and no board to clear
            self.screen("play").show_session(session)
        self.router.refresh()

    def _changed(self, change: Change) -> None:
        self._latest_view = change.view
        play = self._play_screen()
        if play is not None:  # Why? of the move, before the board draws it
            play.heard(change)
        self._refresh()
        tips = [e["text"] for e in change.events if e.get("type") == TIP]
        if tips:  # a learning game's rule, told once (companion/core/learning.py): after the board
            # has drawn the move, so nothing the board says about the move takes its place.
            Clock.schedule_once(lambda _dt: self.notify("\n".join(tips), "tip", seconds=TIP_SECONDS), 0)
        self.router.refresh()  # the tray's ready light follows whether a roll is expected

    def _refresh_play(self, *_dt) -> None:
        # The newest change's own view: asking the session again would do its work twice.
        play = self._play_screen()
        if self._latest_view is not None and play is not None:
            play.refresh(self._latest_view)
        # What now? and Why? read the game as it is: open while a button on the table, the dice
        # tray or a correction changes it, they show the new step, not an answer for one gone.
        if self.screens.current in ("what_now", "why"):
            self.screen(self.screens.current).show()


