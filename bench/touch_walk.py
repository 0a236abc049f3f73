"""The table's first touches, cold: run by bench/start.py, one fresh process per walk.

    python -m bench.touch_walk CONFIG WALK

starts the table as `companion run` does (launch), waits until its first frames are drawn and
PAUSE seconds have passed (a player reaching for the screen), then touches its way along one walk.
A step that is not a touch (names typed on the players screen) is shown for PAUSE seconds too
before the next touch, as players see their names before touching Next.
Each touch is a real touch on the widget a player would touch (Kivy's touch events, at the
widget's centre); for each it prints

    touch <what it opened> <ms> <CPU ms>

the time from the touch to the second frame drawn after it (as bench/start.py counts the first
frame at start), and the app's own thread's CPU time in it (what a loaded machine does not
change); then it stops the app. Every screen and board on a walk is opened for the first
time in the process: nothing was built or imported for it before, unless the app did that itself.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PAUSE = 0.5  # seconds from the first frame to the first touch, and between touches
LOOK_AGAIN_TIMES = 50  # a tenth of a second apart

Find = Callable[[Any], Any]  # the running app -> the widget to touch (or a callable to call first)


def _visible(app: Any):
    from kivy.core.window import Window

    for layer in list(Window.children):
        for widget in layer.walk(restrict=True):
            if widget.get_root_window() is not None and widget.opacity > 0 and not getattr(widget, "disabled", False):
                yield widget


def text(words: str, starts: bool = False) -> Find:
    """The visible widget showing these words (or starting with them): a button a player reads."""

    def find(app: Any) -> Any:
        for widget in _visible(app):
            shown = getattr(widget, "text", None)
            if isinstance(shown, str) and (shown.startswith(words) if starts else shown == words):
                return widget
        raise LookupError(f"nothing on screen says {words!r}")

    return find


def first_row(app: Any) -> Any:
    """The first row of a list in view (a past game, a move of the story): what a player touches in it.

    In view: a story opens at its latest moves, and a row scrolled out of its list would take the
    touch at its place for whatever is drawn there instead."""
    from kivy.uix.scrollview import ScrollView

    for widget in _visible(app):
        if type(widget).__name__ != "PanelButton":
            continue
        x, y = widget.to_window(*widget.center)
        view = widget.parent
        while view is not None and not isinstance(view, ScrollView):
            view = view.parent
        if view is None or view.collide_point(*view.parent.to_widget(x, y)):
            return widget
    raise LookupError("no row in view")


def seat_players(game_id: str) -> Callable[[Any], None]:
    """Type the fewest names the game takes on the players screen (typing is not a touch timed here)."""

    def seat(app: Any) -> None:
        from companion import games

        screen = app.screen("players")
        for name in ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"][: games.get(game_id).min_players]:
            screen.name_input.text = name
            screen.add_typed()
        screen.done_typing()  # the docked keyboard goes, as Done does: it covers Next

    return seat


def start_game(app: Any) -> Any:
    """Next on the players screen when the game has no options (it starts the game), else Start game."""
    for words in ("Start game", "Start"):
        try:
            return text(words)(app)
        except LookupError:
            continue
    raise LookupError("no way to start the game on screen")


def new_game(game_id: str, title: str) -> list[tuple[str, Find | Callable[[Any], None]]]:
    return [
        ("players", text(f"[b]{title}[/b]", starts=True)),
        ("", seat_players(game_id)),
        ("options", text("Next: options")),
        (f"board:{game_id}", start_game),
    ]


def walks() -> dict[str, list[tuple[str, Any]]]:
    """Each walk, as (what the touch opens, how to find what to touch); "" is a step not timed."""
    from companion import games

    found: dict[str, list[tuple[str, Any]]] = {
        "history": [
            ("history", text("History")),
            ("stats", text("Players' stats")),
            ("", text("Back")),
            ("past_game", first_row),
            ("", text("Back")),
            ("", text("Back")),
            ("status", text("Status")),
        ],
        "resumed": [
            ("story", text("Story")),
            ("correction", first_row),
            ("", text("Back")),
            ("", text("Back")),
            ("home", text("Menu")),
        ],
    }
    for game in games.all_games(listed_only=True):
        found[f"new:{game.id}"] = new_game(game.id, game.title)
    return found


class Walker:
    def __init__(self, steps: list[tuple[str, Any]]) -> None:
        self.steps = list(steps)
        self.frames = 0
        self.waiting: tuple[str, float, float, int] | None = None  # what, when (wall, CPU), frame count
        self.misses = 0

    def begin(self, _dt: float) -> None:
        from kivy.core.window import Window

        Window.bind(on_flip=self.flipped)

    def flipped(self, window: Any) -> None:
        from kivy.clock import Clock

        self.frames += 1
        if self.frames == 1:
            window.canvas.ask_update()  # as at start: the second frame is the one counted
        elif self.frames == 2 and self.waiting is None:
            Clock.schedule_once(self.step, PAUSE)
        elif self.waiting is not None:
            what, touched, cpu, at_frame = self.waiting
            if self.frames == at_frame + 1:
                window.canvas.ask_update()  # a still screen would draw no second frame
            elif self.frames == at_frame + 2:
                print(f"touch {what} {(time.monotonic() - touched) * 1000:.1f} "
                      f"{(time.thread_time() - cpu) * 1000:.1f}", flush=True)
                self.waiting = None
                Clock.schedule_once(self.step, PAUSE)

    def step(self, _dt: float) -> None:
        from kivy.app import App
        from kivy.clock import Clock
        from kivy.tests.common import UnitTestTouch

        app = App.get_running_app()
        if not self.steps:
            app.stop()
            return
        what, how = self.steps.pop(0)
        try:
            target = how(app)
        except LookupError:
            # Not on the screen yet (a loaded machine draws the last touch's answer late): look
            # again shortly, for a few seconds, before calling the walk broken.
            self.misses += 1
            if self.misses > LOOK_AGAIN_TIMES:
                raise
            self.steps.insert(0, (what, how))
            Clock.schedule_once(self.step, 0.1)
            return
        self.misses = 0
        if target is None:  # a step that is not a touch (typing names): shown before the next touch,
            Clock.schedule_once(self.step, PAUSE)  # as a player sees the names before touching Next
            return
        x, y = target.to_window(*target.center)
        touch = UnitTestTouch(x, y)
        touched, cpu = time.monotonic(), time.thread_time()
        touch.touch_down()
        touch.touch_up()
        if not what:  # a touch on the way (Back), not timed
            Clock.schedule_once(self.step, PAUSE)
            return
        self.waiting = (what, touched, cpu, self.frames)
        app.root.get_root_window().canvas.ask_update()


def main(config_path: str, walk: str) -> int:
    from companion.config import load
    from companion.ui.launch import launch, prepare_kivy

    config = load(Path(config_path))
    prepare_kivy(config, sim=False)
    from kivy.clock import Clock

    walker = Walker(walks()[walk])
    Clock.schedule_once(walker.begin, 0)
    return launch(config, sim=False)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
