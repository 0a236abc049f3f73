"""What the touch guard (companion/ui/kit/touch_guard.py) costs each frame drawn: one pass over
the controls a player can see, on each game's board as it starts at 800x480 and on a story of
600 moves opened for correcting (every move a button). Prints figures; run headless:

    SDL_VIDEODRIVER=offscreen KIVY_NO_ARGS=1 python bench/touch_guard.py
"""

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.ui.conftest import DRAWABLE  # noqa: E402  (the one headless window)


def per_look_ms(guard, times: int = 50) -> float:
    start = time.perf_counter()
    for _ in range(times):
        guard.look()
    return (time.perf_counter() - start) / times * 1000


def main() -> None:
    from kivy.base import EventLoop

    from tests.ui.driver import AppDriver

    players = {"bonbon": ["Anna", "John", "Cris"], "bon": ["Ann", "Ben", "Cy"], "baon": ["Ann", "Ben", "Cy"],
               "bondcones": ["Mia", "Leo"], "bonc": ["Ann", "Ben", "Cat", "Dan"]}
    for game, names in players.items():
        with tempfile.TemporaryDirectory() as folder:
            app = AppDriver(EventLoop.window, Path(folder), (800, 480), "", (), DRAWABLE).start()
            app.app.start_game(game, names, {})
            app.frames(4)
            guard = app.app.touch_guard
            print(f"{game:10s} board: {per_look_ms(guard):6.2f} ms a frame, {len(guard._seen)} controls seen, "
                  f"{sum(1 for _ in app.app.root.walk())} widgets")
            app.close()
    from companion import games
    from tests.support.tally import Tally

    games.register(Tally())
    with tempfile.TemporaryDirectory() as folder:
        app = AppDriver(EventLoop.window, Path(folder), (800, 480), "", (), DRAWABLE).start()
        assert app.app.start_game("tally", ["Ann", "Ben"], {"target": 99})
        for k in range(600):
            app.table.session.dispatch({"type": "dial", "step": k % 5 + 1})
        app.app.open_story()
        screen = app.app.screen("past_game")
        app.settle_until(lambda: screen.story_complete, timeout=120)
        app.frames(3)
        guard = app.app.touch_guard
        print(f"story of 600 moves: {per_look_ms(guard):6.2f} ms a frame, {len(guard._seen)} controls seen, "
              f"{sum(1 for _ in app.app.root.walk())} widgets")
        app.close()


if __name__ == "__main__":
    main()
