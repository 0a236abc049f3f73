"""The game being played: whose turn and what is expected, undo one touch away, the game's board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.utils import get_color_from_hex

from companion.core.session import Change, Session
from companion.ui import theme
from companion.ui.boards import board_class
from companion.ui.widgets import BigButton, PanelButton, Text, fill

if TYPE_CHECKING:
    from companion.ui.bgstats_code import BgStatsCode

DEVICES_SECONDS = 3.0  # how often the devices are looked at again while a game is on screen
QUESTION_MARK = 24  # px: the "?" at the prompt's end that says a touch there opens What now?


def explained(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of a move that say why (a game's `explained` kinds, worded: session.py `_with_why`).
    Here, not in why.py: a resumed game's first frame imports no screen but this one."""
    return [e for e in events if e.get("why") and isinstance(e.get("text"), str)]


class PlayScreen(Screen):
    def __init__(self, app, **kwargs) -> None:
        super().__init__(name="play", **kwargs)
        self.app = app
        self.session: Session | None = None
        self.board = None
        fill(self, theme.BACKGROUND)
        outer = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)

        bar = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        # Menu, Story and the prompt, apart from Undo and Redo: a message too long for the prompt
        # but not for this stands over these alone, and Undo stays in sight and in reach (a
        # half-entered move let go says "Undo again takes back the last move").
        self.bar_left = BoxLayout(spacing=theme.GAP)
        bar.add_widget(self.bar_left)
        # Menu and Story give the "?" of What now? its room (QUESTION_MARK), so prompts keep the
        # width they had before it and wrap no sooner (a taller bar reshapes a board's pads).
        menu = BigButton(text="Menu", size_hint_x=None, width=92)
        menu.bind(on_release=lambda *_: app.go("home"))
        self.bar_left.add_widget(menu)
        # Every move so far, each one touch away from its correction.
        story = BigButton(text="Story", size_hint_x=None, width=92)
        story.bind(on_release=lambda *_: app.open_story())
        self.bar_left.add_widget(story)
        # The prompt is the way to "What now?": one touch on it, from any moment of any game, and
        # the board's own controls stay where they are (what_now.py is a screen of its own).
        self.turn_panel = PanelButton(padding=(theme.PAD, 0, 4, 0), background=theme.PANEL)
        self.turn_panel.bind(on_release=lambda *_: app.go("what_now"))
        self.prompt = Text(text="", wrap=False, font_size=theme.FONT, bold=True)
        # Long prompts wrap in the bar rather than being cut short (see _fit_prompt).
        self.prompt.shorten = False
        self.bar = bar
        self.prompt.bind(width=self._fit_prompt)
        self.turn_panel.add_widget(self.prompt)
        self.turn_panel.add_widget(Text(text="?", wrap=False, bold=True, font_size=theme.FONT_TITLE,
                                        halign="center", size_hint_x=None, width=QUESTION_MARK))
        self.bar_left.add_widget(self.turn_panel)
        self.undo_button = BigButton(text="Undo", size_hint_x=None, width=110)
        self.undo_button.bind(on_release=lambda *_: self.undo())
        bar.add_widget(self.undo_button)
        self.redo_button = BigButton(text="Redo", size_hint_x=None, width=110)
        self.redo_button.bind(on_release=lambda *_: app.act({"type": "redo"}))
        bar.add_widget(self.redo_button)
        # "Why?" of the move just made (a scoring line, a limit, an elimination), in Redo's place:
        # a new move leaves nothing to redo, and an Undo or a Redo puts Redo back before anything
        # else, so a finger on that spot never finds Why? where it meant Redo. Nothing moves.
        self.why_button = BigButton(text="Why?", size_hint_x=None, width=110)
        self.why_button.bind(on_release=lambda *_: app.go("why"))
        self.explained: list[dict[str, Any]] = []  # the latest move's events that say why
        self.explained_gone = False  # the move they explained taken back or corrected since
        outer.add_widget(bar)

        # Shown only when the game is over; out of the layout otherwise, so it can never
        # sit invisibly over other buttons and swallow their touches.
        self.result_bar = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        # The result large on one line when it fits, else wrapped smaller (see _fit_result).
        self.result_text = Text(text="", font_size=theme.FONT_TITLE, bold=True, color=theme.ACCENT,
                                size_hint_y=None, pos_hint={"center_y": 0.5})
        self._summary = ""
        self.result_text.bind(width=self._fit_result)
        self.result_text.bind(height=lambda _l, h: setattr(self.result_bar, "height", max(theme.TOUCH, h)))
        self.result_bar.add_widget(self.result_text)
        log_play = BigButton(text="Log in BG Stats", size_hint_x=None, width=200)
        log_play.bind(on_release=lambda *_: self.show_bgstats_code())
        self.result_bar.add_widget(log_play)
        done = BigButton(text="New game", primary=True, size_hint_x=None, width=180)
        done.bind(on_release=lambda *_: app.leave_game())
        self.result_bar.add_widget(done)
        self.outer = outer
        self.board_area = BoxLayout()
        outer.add_widget(self.board_area)
        self.add_widget(outer)

    def heard(self, change: Change) -> None:
        """A change the session told: a new move's explained events give Why? its lines; an Undo,
        a Redo or a correction takes them away (the move they explain is not the latest one)."""
        self.explained = explained(change.events) if change.kind == "action" else []
        self.explained_gone = change.kind != "action"

    def _show_why(self, can_redo: bool) -> None:
        """Why? in Redo's place while the latest move has something to explain and nothing is to redo."""
        slot = self.redo_button.parent or self.why_button.parent
        shown, hidden = ((self.why_button, self.redo_button) if self.explained and not can_redo
                         else (self.redo_button, self.why_button))
        if hidden.parent is not None:
            slot.remove_widget(hidden)
        if shown.parent is None:
            slot.add_widget(shown)

    def message_places(self) -> list:
        """Where a message (a refusal, the move an Undo took back) stands in for the prompt
        (companion/ui/widgets.py, Toast): over the prompt, else over Menu, Story and the prompt
        (Undo and Redo in sight), else over the whole top bar, and never over the board's buttons."""
        return [self.turn_panel, self.bar_left, self.bar]

    def _fit_prompt(self, *_) -> None:
        """The whole prompt in the bar: in the body size on up to two lines, else in the small size,
        the bar growing by a line when even that needs three (the board gives up a line's height)."""
        label = self.prompt
        if label.width <= 1:
            return
        room = label.width - label.padding[0] - label.padding[2]  # [left, top, right, bottom]
        for size in (theme.FONT, theme.FONT_SMALL):
            drawn = CoreLabel(text=label.text, font_size=size, bold=True, text_size=(room, None))
            drawn.refresh()
            if drawn.texture.height <= 2 * size * 1.3:
                break
        label.font_size = size
        self.bar.height = max(theme.TOUCH, drawn.texture.height + 4)

    def _fit_result(self, *_) -> None:
        """The result in the bar's height: large on one line, else on two lines in a smaller size.
        A summary too long even so loses its part in brackets (the tie-break the board spells out
        beneath, as B.O.N's does); a headline too long even for two lines grows the bar."""
        label, summary = self.result_text, self._summary
        if label.width <= 1 or not summary:
            label.text = summary
            return
        headline = summary.split(" (", 1)[0]
        for text, size, lines in ((summary, theme.FONT_TITLE, 1), (summary, theme.FONT, 2),
                                  (summary, theme.FONT_SMALL, 2), (headline, theme.FONT_TITLE, 1),
                                  (headline, theme.FONT, 2)):
            drawn = CoreLabel(text=text, font_size=size, bold=True, text_size=(label.width, None))
            drawn.refresh()
            if drawn.texture.height <= lines * size * 1.3:
                break
        else:  # even the headline needs more: the bar grows to show it whole
            text, size = headline, theme.FONT_SMALL
        label.text, label.font_size = text, size

    def show_bgstats_code(self) -> BgStatsCode | None:
        """The finished game as BG Stats' link, in a QR code a phone scans (docs/stats.md)."""
        from companion import bgstats  # here: a resumed game's first frame does not wait for it
        from companion.ui.bgstats_code import BgStatsCode

        told: list[str] = []
        found = self.app.table.finished_play(told)
        if told:  # storage damaged since the table started: said as `companion export` says it
            self.app.notify(" ".join(told), seconds=8)
        if found is None:
            if not told:
                self.app.notify("The game is not over yet.")
            return None
        code = BgStatsCode(bgstats.link(found, self.app.settings["table"]["name"]), found.summary)
        code.open()
        return code

    def show_session(self, session: Session | None) -> None:
        """A game started, resumed or closed: put its board on the screen."""
        self.session = session
        self.explained = []  # a game started or resumed: no move of it has been made here yet
        self.board_area.clear_widgets()
        self.board = None
        if session is not None:
            self.board = board_class(session.game.id)(self.app.act, lambda words: self.app.notify(words, "info"))
            self.board_area.add_widget(self.board)
            self.refresh(session.view())
            self.show_devices()

    def undo(self, source: str = "touch") -> Change | None:
        """Undo as a player means it, from a touch or the table's Undo button alike: a move
        entered halfway on the board is let go first (nothing was recorded); otherwise the
        last recorded move is taken back."""
        if self.cancel_entry():
            return None
        return self.app.act({"type": "undo"}, source)

    def cancel_entry(self) -> str | None:
        """The one place where Undo lets go of a move entered halfway on the board (a touch on
        Undo and the table's Undo button both come here); the words shown, or None."""
        shown = self.manager is not None and self.manager.current == self.name
        what = self.board.cancel_entry() if self.board is not None and shown else None
        if not what:
            return None
        words = f"{what}: nothing was recorded. Undo again takes back the last move."
        self.app.notify(words, "info")
        return words

    def board_control(self, control: str) -> dict[str, Any] | str | None:
        """What the board on screen makes of a physical control itself (Board.control), or None."""
        shown = self.manager is not None and self.manager.current == self.name
        return self.board.control(control) if self.board is not None and shown else None

    def show_devices(self, *_dt) -> None:
        """The table's devices, for a board that shows one (the dice tray beside BondCones' roll)."""
        if self.board is not None:
            self.board.show_devices(self.app.device_statuses())

    def on_enter(self, *_args) -> None:
        # Devices come and go (a tray unplugged): look again every few seconds while a game shows.
        self._devices_tick = Clock.schedule_interval(self.show_devices, DEVICES_SECONDS)

    def on_leave(self, *_args) -> None:
        tick = getattr(self, "_devices_tick", None)
        if tick is not None:
            tick.cancel()

    def refresh(self, view: dict[str, Any]) -> None:
        """Show a view of the game: the one the session announced with its last change."""
        if self.session is None or self.board is None:
            return
        expected = view["expected"]
        colours = {p["name"]: p["colour"] for p in view["players"]}
        self.prompt.text = expected["prompt"]
        self._fit_prompt()
        turn = expected["turn"]
        self.turn_panel.background = get_color_from_hex(colours[turn]) if turn in colours else theme.PANEL
        self.prompt.color = theme.ACCENT_TEXT if turn in colours else theme.TEXT
        self.undo_button.disabled = not view["can_undo"]
        self.redo_button.disabled = not view["can_redo"]
        self._show_why(view["can_redo"])
        result = view["result"]
        if result and not self.result_bar.parent:
            self.outer.add_widget(self.result_bar, index=1)  # between the top bar and the board
        elif not result and self.result_bar.parent:
            self.outer.remove_widget(self.result_bar)
        self._summary = result["summary"] if result else ""
        self._fit_result()
        self.board.refresh(view)
