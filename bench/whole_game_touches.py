"""Every touch of whole games, for every game: the app thread's time per touch and the frame after.

    python -m bench.whole_game_touches [pytest options, e.g. -k bonbon]

Plays the whole-game tests of every game (tests/games/*: whole games by touch, with undo, redo,
a restart and a phone watching, as players and the test suite play them) with each touch timed:
from the finger going down to it lifting (Kivy dispatching both on the app's thread: what the
touch itself does), then the frame that follows (what it scheduled for the screen, drawn). It
prints, per game, p50, p99 and max of each, as CPU time of the app's thread (what a loaded
machine does not change) and as wall time. Target: p99 <= 25 ms here, so that a Pi 4 (4-5x
slower per core) stays near 100 ms. It asserts nothing; the tests it plays assert what they do.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WHOLE_GAMES = [
    "tests/games/bonbon/test_table_game.py::test_a_whole_game_of_bonbon_by_touch_with_a_phone_watching",
    "tests/games/bon/test_table_play.py::test_four_players_play_two_rounds_with_undo_redo_and_a_restart_the_phone_agreeing",
    "tests/games/baon/test_table_game.py::test_a_three_player_game_by_touch_with_a_phone_watching",
    "tests/games/bondcones/test_table_game.py::test_a_whole_game_of_bondcones_by_touch_with_a_phone_watching",
    "tests/games/bonc/test_whole_games.py",
]
TARGET_MS = 25.0

# game -> [(touch CPU, touch wall, frame CPU, frame wall)] in seconds
timings: dict[str, list[tuple[float, float, float, float]]] = defaultdict(list)
_game = "?"


class TimedPlugin:
    """Times each touch the tests' finger makes (tests/support/finger.py) and the frame after it."""

    def pytest_runtest_setup(self, item) -> None:
        global _game
        parts = Path(str(item.fspath)).parts
        _game = parts[parts.index("games") + 1] if "games" in parts else item.name

    def pytest_configure(self, config) -> None:
        from kivy.base import EventLoop
        from kivy.tests.common import UnitTestTouch

        import tests.support.finger as finger

        class TimedTouch(UnitTestTouch):
            def touch_down(self, *args):
                self._cpu, self._wall = time.thread_time(), time.perf_counter()
                super().touch_down(*args)

            def touch_up(self, *args):
                super().touch_up(*args)
                cpu, wall = time.thread_time() - self._cpu, time.perf_counter() - self._wall
                frame_cpu, frame_wall = time.thread_time(), time.perf_counter()
                EventLoop.idle()  # the frame that follows: what the touch scheduled, drawn
                timings[_game].append((cpu, wall, time.thread_time() - frame_cpu, time.perf_counter() - frame_wall))

        finger.UnitTestTouch = TimedTouch


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:6.1f} {_p99(values) * 1000:6.1f} {max(values) * 1000:6.1f}"


def report() -> None:
    print()
    print(f"{'game':<10} {'touches':>7}   {'touch CPU p50 p99 max':>21}   {'wall p50 p99 max':>20}"
          f"   {'frame CPU p50 p99 max':>21}   {'wall p50 p99 max':>20}   (ms)")
    over = []
    for game, rows in sorted(timings.items()):
        cpu, wall, fcpu, fwall = zip(*rows)
        print(f"{game:<10} {len(rows):>7}   {_ms(list(cpu)):>21}   {_ms(list(wall)):>20}"
              f"   {_ms(list(fcpu)):>21}   {_ms(list(fwall)):>20}")
        for name, values in (("touch", cpu), ("frame after it", fcpu)):
            if _p99(list(values)) * 1000 > TARGET_MS:
                over.append(f"{game}'s {name} p99 {_p99(list(values)) * 1000:.1f} ms CPU")
    print(f"target: p99 <= {TARGET_MS:.0f} ms; " + ("over: " + "; ".join(over) if over else "every game within it"))


def main(argv: list[str]) -> int:
    status = pytest.main(["-q", "-n", "0", "-p", "no:cacheprovider", "-p", "no:randomly", *argv, *WHOLE_GAMES],
                         plugins=[TimedPlugin()])
    report()
    return int(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
