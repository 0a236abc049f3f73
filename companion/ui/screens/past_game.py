"""One game from the history: how it ended, who scored what, and what happened, move by move.

For settling "who passed first in round two?" after the game: the story is the table's own news,
made again from the stored actions (companion/story.py), so it says exactly what was said live.

Opened from the game being played (or just finished), it lists every move, and a touch on one
opens its correction (screens/correction.py).
"""

from __future__ import annotations

import itertools
from datetime import datetime
from typing import Any

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout

from companion import games
from companion.core import rules_page
from companion.core.errors import SetupError
from companion.core.game import Game
from companion.core.scores import player_scores
from companion.store.records import GameRecord
from companion.story import Story, tell
from companion.ui import theme
from companion.ui.screens.base import BaseScreen
from companion.ui.styling import readable, symbol
from companion.ui.widgets import BigButton, MoreSign, Panel, PanelButton, Text, scrolling_grid


JUMPS = 4  # chips to jump to an early move, in one row beside the word "Correct"
EVERY_MOVES = 10  # a game without rounds: a chip every this many moves
ROWS_PER_FRAME = 25  # about two screens of the story: shown at once, the rest follows a frame at a time


def _game(record: GameRecord) -> Game | None:
    """The game a record was played with, or None if this table no longer has it."""
    try:
        return games.get(record.game)
    except SetupError:
        return None


def said_with_why(event: dict, page: rules_page.RulesPage | None) -> list[str]:
    """An event's words, then the numbers that went in and the rule behind them ("Why?")."""
    lines = [event["text"]]
    why = event.get("why") or []
    if why:
        section = page.section(event.get("rule", "")) if page else None
        rule = f" ({section.title})" if section else ""
        lines += [f"    Why{rule}: {why[0]}", *(f"    {line}" for line in why[1:])]
    return lines


def _local(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp).astimezone()


def when_played(record: GameRecord, moves: int) -> list[str]:
    """ "Sat 21 Nov, 19:02 to 19:50" and "48 min, 132 moves"; an unfinished game says when it was left."""
    start = _local(record.started_at)
    day = start.strftime("%a %d %b, %H:%M")
    counted = f"{moves} move" + ("" if moves == 1 else "s")
    if not record.ended_at:
        return [day, counted]
    end = _local(record.ended_at)
    minutes = max(0, int((end - start).total_seconds() // 60))
    length = ("under a minute" if minutes < 1 else f"{minutes} min" if minutes < 60
              else f"{minutes // 60} h {minutes % 60:02d} min")
    if record.status != "finished":
        return [day, f"Left unfinished at {end:%H:%M}", f"{length}, {counted}".capitalize()]
    return [f"{day} to {end:%H:%M}", f"{length}, {counted}".capitalize()]


def option_lines(record: GameRecord) -> list[str]:
    """The options the game was played with, by the labels the options screen shows; one left
    empty (a deck's make-up nobody entered) is not worth a line."""
    game = _game(record)
    declared = {o.name: o for o in game.options} if game else {}
    parts = []
    for key, value in record.options.items():
        if value in ("", [], None):
            continue
        label = declared[key].label if key in declared else key.replace("_", " ")
        shown = {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else value
        if isinstance(shown, list):
            shown = ", ".join(str(v) for v in shown)
        elif isinstance(shown, str) and key in declared:
            shown = declared[key].words(shown)  # "Last trick", never the program's "last_trick"
        parts.append(f"{label}: {shown}")
    return parts


def standings(record: GameRecord, story: Story) -> list[tuple[str, str, Any, bool]]:
    """(name, colour, score or None, won) in seat order: the final scores of a finished game, or
    where an unfinished one stood."""
    result = record.result or {}
    scores = result.get("scores") or player_scores(story.view)
    winners = set(result.get("winners") or ())
    return [(p["name"], p.get("colour", "#FFFFFF"), scores.get(p["name"]), p["name"] in winners)
            for p in record.players]


def jumps(story: Story) -> list[tuple[str, int]]:
    """(chip words, move) for the places an early move is corrected from: each round's start
    ("Round 2"), or every EVERY_MOVES moves ("Move 11") in a game without rounds. Move 1 always
    comes first; beyond JUMPS, the latest rounds (a mistake is seldom many rounds back)."""
    places = [(f"Round {e['round']}", m.move) for m in story.moments for e in m.events
              if e.get("type") == "round_started" and isinstance(e.get("round"), int)]
    if not places:
        places = [(f"Move {n}", n) for n in range(1, story.moves + 1, EVERY_MOVES)]
    if places and places[0][1] != 1:
        places.insert(0, ("Move 1", 1))
    return places[:1] + places[1:][-(JUMPS - 1):] if len(places) > JUMPS else places


class PastGameScreen(BaseScreen):
    title_text = "Game"
    back_to = "history"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, name="past_game", **kwargs)
        row = BoxLayout(spacing=theme.PAD)
        # The result, scores and facts scroll when a long game's do not fit (five players and their
        # options pushed "Not finished" up over the Back button).
        left_scroll, self.left = scrolling_grid(1, spacing=theme.GAP)
        left = BoxLayout(orientation="vertical", size_hint_x=0.42)
        left.add_widget(left_scroll)
        # A line cut at the fold with nothing under it was taken for the last one: a line says
        # how many more lie below, each fact (a line of its own) counted once.
        self.more_left = MoreSign(left_scroll, self.left, "line", "lines")
        left.add_widget(self.more_left)
        row.add_widget(left)
        right = BoxLayout(orientation="vertical", spacing=theme.GAP)
        right.add_widget(Text(text="What happened", bold=True, color=theme.MUTED, font_size=theme.FONT_SMALL))
        # Correcting: the story opens at the latest move, and an early one was a swipe (or several)
        # away, a touch more than the last move's four. A chip per round's start (or every tenth
        # move, for a game without rounds) opens that move's correction at once.
        self.jumps = BoxLayout(size_hint_y=None, height=0, spacing=theme.GAP, opacity=0)
        right.add_widget(self.jumps)
        self.story_scroll, self.story_rows = scrolling_grid(1, spacing=4)
        right.add_widget(self.story_scroll)
        # The story opens at its latest moves when correcting: a line says how many came before
        # (a row cut at the top edge was all that told there were more). It counts moves, a row
        # each however many lines its news takes; the note at the foot is not one.
        self._tail: list[Text] = []
        self.more_story = MoreSign(self.story_scroll, self.story_rows, "move", "moves",
                                   pieces=lambda: [w for w in self.story_rows.children if w not in self._tail])
        right.add_widget(self.more_story)
        row.add_widget(right)
        self.body.add_widget(row)
        self._building = None  # the Clock event adding the story's rows, while it runs
        self.correcting = False  # the table's own game: every move listed, a touch corrects it

    def show(self, game_id: int, correcting: bool = False) -> None:
        """Fill the screen with one stored game (then go to it)."""
        store = self.app.table.store
        record = store.record(game_id)
        if record is None:
            raise LookupError(f"no game {game_id} in the history")
        self.correcting = correcting
        self.back_to = "play" if correcting else "history"
        story = tell(record, store.played(game_id), every_move=correcting)
        game = _game(record)
        self.heading.text = (game.title if game else record.game) + (": touch a move to correct it"
                                                                    if correcting else "")
        self._fill_left(record, story)
        self._fill_jumps(jumps(story) if correcting else [])
        self.story_scroll.scroll_y = 0 if correcting else 1
        self._fill_story(record, story)

    def _fill_jumps(self, places: list[tuple[str, int]]) -> None:
        self.jumps.clear_widgets()
        self.jumps.height, self.jumps.opacity = (theme.TOUCH, 1) if places else (0, 0)
        self.jumps.disabled = not places
        if not places:
            return
        self.jumps.add_widget(Text(text="Correct", wrap=False, color=theme.MUTED, font_size=theme.FONT_SMALL,
                                   size_hint_x=None, width=76))
        for label, move in places:
            chip = BigButton(text=label, font_size=theme.FONT_SMALL)
            chip.bind(on_release=lambda _b, m=move: self.app.open_correction(m))
            self.jumps.add_widget(chip)
        for _ in range(JUMPS - len(places)):  # chips of one width, however many there are
            self.jumps.add_widget(BoxLayout())

    def _fill_left(self, record: GameRecord, story: Story) -> None:
        self.left.clear_widgets()
        summary = record.result["summary"] if record.result else "Not finished"
        self.left.add_widget(Text(text=summary, bold=True, color=theme.ACCENT if record.result else theme.MUTED))
        table = Panel(orientation="vertical", size_hint_y=None, padding=(theme.PAD, theme.GAP), spacing=2)
        table.bind(minimum_height=table.setter("height"))
        game = _game(record)
        table.add_widget(Text(text=game.score_label if game else "score", halign="right", color=theme.MUTED, font_size=theme.FONT_SMALL))
        for name, colour, score, won in standings(record, story):
            line = BoxLayout(size_hint_y=None, height=theme.FONT * 1.6, spacing=theme.GAP)
            mark = symbol("★", "#FFB000") + " " if won else ""
            line.add_widget(Text(text=f"{mark}{name}", markup=True, wrap=False, color=readable(colour)))
            line.add_widget(Text(text="" if score is None else str(score), wrap=False, halign="right",
                                 size_hint_x=None, width=64, bold=won))
            table.add_widget(line)
        self.left.add_widget(table)
        for fact in when_played(record, story.moves) + option_lines(record):
            self.left.add_widget(Text(text=fact, color=theme.MUTED, font_size=theme.FONT_SMALL))
        self.left.parent.scroll_y = 1

    def _fill_story(self, record: GameRecord, story: Story) -> None:
        """The story's rows, a screenful at a time: a long game has hundreds, and building them all
        at once froze the touchscreen for seconds. The first ones show at once; the rest follow
        over the next frames, while the list can already be read and scrolled."""
        if self._building is not None:
            self._building.cancel()
        self.story_rows.clear_widgets()
        # Each event carries its game's words (Game.describe), as the touchscreen and phones said it,
        # and a scoring line, limit or elimination its why (Game.why) under it.
        page = rules_page.read(record.game)
        said = [(moment, lines) for moment in story.moments
                if (lines := [line for e in moment.events if e.get("text") for line in said_with_why(e, page)])
                or self.correcting]
        tail: list[Text] = []
        self._tail = tail  # not counted as moves by the line under the story
        if story.problem:
            tail.append(Text(text=story.problem, color=theme.WARNING, font_size=theme.FONT_SMALL))
        elif not said:
            tail.append(Text(text="Nothing was announced in this game." if not self.correcting
                             else "No move has been made yet.", color=theme.MUTED, font_size=theme.FONT_SMALL))
        # The table's own game opens at its latest move, where a correction is most often wanted
        # (after one B.O.N round it opened at move 1, five swipes away): its rows are built from
        # the newest back, each put above the last, while the list stays scrolled to its end.
        newest_first = self.correcting
        pending = iter(reversed(said) if newest_first else said)
        if newest_first:
            for widget in tail:
                self.story_rows.add_widget(widget)
            self.story_scroll.scroll_y = 0

        def more(_dt: float = 0) -> bool:
            for moment, lines in itertools.islice(pending, ROWS_PER_FRAME):
                if newest_first:
                    self.story_rows.add_widget(self._move_row(moment, lines), index=len(self.story_rows.children))
                else:
                    self.story_rows.add_widget(self._story_row(moment.at, lines))
            if len(self.story_rows.children) < len(said) + (len(tail) if newest_first else 0):
                return True  # Clock keeps calling
            if not newest_first:
                for widget in tail:
                    self.story_rows.add_widget(widget)
            self._building = None
            return False

        if more():
            self._building = Clock.schedule_interval(more, 0)

    @property
    def story_complete(self) -> bool:
        """Every row of the story is on the list (tests wait for it; people just scroll)."""
        return self._building is None

    def on_leave(self, *_) -> None:
        if self._building is not None:
            self._building.cancel()
            self._building = None

    def _move_row(self, moment, lines: list[str]) -> PanelButton:
        """One move of the table's own game, numbered; a touch opens its correction."""
        said = [moment.words] + [line for line in lines if line != moment.words]
        row = PanelButton(size_hint_y=None, spacing=theme.GAP, padding=(theme.GAP, 4))
        words = Text(text=f"[color=#C5CED8]{moment.move}.[/color] " + "\n".join(said), markup=True,
                     font_size=theme.FONT_SMALL)
        row.add_widget(words)
        row.add_widget(Text(text=symbol("›"), markup=True, wrap=False, size_hint_x=None, width=16,
                            color=theme.MUTED))
        fit = lambda *_: setattr(row, "height", max(theme.TOUCH * 0.8, words.height + 8))  # noqa: E731
        words.bind(height=fit)
        fit()
        row.bind(on_release=lambda *_: self.app.open_correction(moment.move))
        return row

    @staticmethod
    def _story_row(at: str, lines: list[str]) -> BoxLayout:
        row = BoxLayout(size_hint_y=None, spacing=theme.GAP)
        stamp = Text(text=_local(at).strftime("%H:%M"), wrap=False, size_hint_x=None, width=64,
                     color=theme.MUTED, font_size=theme.FONT_SMALL, valign="top")
        words = Text(text="\n".join(lines), font_size=theme.FONT_SMALL)
        row.add_widget(stamp)
        row.add_widget(words)
        words.bind(height=lambda _w, h: setattr(row, "height", h))
        return row
