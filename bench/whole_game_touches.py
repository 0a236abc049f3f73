"""Every touch of whole games, for every game: the app thread's time per touch and the frame after.

    python -m bench.whole_game_touches [pytest options, e.g. -k bonbon]

Plays the whole-game tests of every game (tests/games/*: whole games by touch, with undo, redo,
a restart and a phone watching, as players and the test suite play them) with each touch timed:
from the finger going down to it lifting (Kivy dispatching both on the app's thread: what the
touch itself does), then the frame that follows (what it scheduled for the screen, drawn). It
prints, per game, p50, p99 and max of each, as CPU time of the app's thread (what a loaded
machine does not change) and as wall time, the garbage collector's share, and the slowest
touches by what was touched. As the table's own start does, every screen is warmed up and what
exists once each app is up is set aside from the garbage collector (BENCH_NO_FREEZE=1:
neither; BENCH_PROFILE=1: a profile; BENCH_SLOW_FRAMES=40: a profile of the frames over 40 ms;
BENCH_SLOWEST=12: that many slowest touches). Target: p99 <= 25 ms here, so that a Pi 4 (4-5x
slower per core) stays near 100 ms. It asserts nothing; the tests it plays assert what they do.
"""

from __future__ import annotations

import cProfile
import os
import pstats
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
# BENCH_PROFILE=1: where the touches and the frames after them spend their time (cProfile, top 30 by own time);
# BENCH_PROFILE=<file>: that, and the whole profile written to the file.
# Timed by the app thread's CPU, as the figures are (wall time would count the renderer's threads
# finishing a frame while a texture waits for them).
PROFILE = cProfile.Profile(time.thread_time) if os.environ.get("BENCH_PROFILE") else None
# BENCH_SLOW_FRAMES=<ms>: a profile of only the frames after a touch that took longer (CPU) than that.
SLOW_FRAMES_OVER = float(os.environ.get("BENCH_SLOW_FRAMES", "0")) / 1000
_slow_frames: list = []

# game -> [(touch CPU, touch wall, frame CPU, frame wall, garbage collection in the touch and frame)] in seconds
timings: dict[str, list[tuple[float, float, float, float, float]]] = defaultdict(list)
_game = "?"
slowest: dict[str, list[tuple[float, str]]] = defaultdict(list)  # game -> (touch and frame CPU, what was touched)
_gc = {"since": 0.0, "total": 0.0, "generation2": 0}  # Python's garbage collector: time spent, full passes
_rest: list = []  # each app's RestCollections, as the table's start makes one


def _gc_timer(phase: str, info: dict) -> None:
    if phase == "start":
        _gc["since"] = time.perf_counter()
    else:
        _gc["total"] += time.perf_counter() - _gc["since"]
        _gc["generation2"] += info.get("generation") == 2


def _under(x: float, y: float) -> str:
    """What the finger touched: the last-drawn widget under the point, by its class and words."""
    from kivy.core.window import Window

    found = None
    for layer in Window.children[::-1]:
        for widget in layer.walk(restrict=True):
            if widget.get_root_window() is None or widget.opacity == 0:
                continue
            wx, wy = widget.to_window(widget.x, widget.y)
            if wx <= x <= wx + widget.width and wy <= y <= wy + widget.height and widget.children == []:
                found = widget
    if found is None:
        return "nothing"
    words = next((w.text for w in found.walk(restrict=True) if isinstance(getattr(w, "text", None), str)
                  and w.text.strip()), "")
    return f"{type(found).__name__} {' '.join(words.split())[:30]!r}"


class TimedPlugin:
    """Times each touch the tests' fingers make and the frame after it."""

    def pytest_runtest_setup(self, item) -> None:
        global _game
        parts = Path(str(item.fspath)).parts
        _game = parts[parts.index("games") + 1] if "games" in parts else item.name

    def pytest_configure(self, config) -> None:
        from kivy.base import EventLoop
        from kivy.tests.common import UnitTestTouch

        down, up = UnitTestTouch.touch_down, UnitTestTouch.touch_up

        import gc

        gc.callbacks.append(_gc_timer)

        def timed_down(touch, *args):
            from kivy.core.window import Window

            touch._what = _under(touch.sx * Window.width, touch.sy * Window.height)  # x, y are set on dispatch
            touch._bench = (time.thread_time(), time.perf_counter())
            touch._gc = _gc["total"]
            _profiling(down, touch, *args)

        def timed_up(touch, *args):
            _profiling(up, touch, *args)
            cpu0, wall0 = getattr(touch, "_bench", (None, None))
            if cpu0 is None:
                return
            cpu, wall = time.thread_time() - cpu0, time.perf_counter() - wall0
            frame_cpu, frame_wall = time.thread_time(), time.perf_counter()
            if PROFILE is not None:
                PROFILE.enable()
            slow = cProfile.Profile(time.thread_time) if SLOW_FRAMES_OVER else None
            if slow is not None:
                slow.enable()
            EventLoop.idle()  # the frame that follows: what the touch scheduled, drawn
            if slow is not None:
                slow.disable()
                if time.thread_time() - frame_cpu > SLOW_FRAMES_OVER:
                    _slow_frames.append(slow)
            if PROFILE is not None:
                PROFILE.disable()
            collected = _gc["total"] - touch._gc
            timings[_game].append((cpu, wall, time.thread_time() - frame_cpu, time.perf_counter() - frame_wall, collected))
            slowest[_game].append((cpu + timings[_game][-1][2],
                                   f"{touch._what} ({_screen()}; touch {cpu * 1000:.0f} ms; GC {collected * 1000:.0f} ms)"))

        # Every test finger is Kivy's UnitTestTouch (tests/support/finger.py and the games' own).
        UnitTestTouch.touch_down, UnitTestTouch.touch_up = timed_down, timed_up

    def pytest_runtest_call(self, item) -> None:
        """Once the test's window exists (tests/ui/conftest.py sizes it before it is made)."""
        from tests.ui.driver import AppDriver

        if os.environ.get("BENCH_NO_FREEZE") or getattr(AppDriver.start, "as_the_table_does", False):
            return
        # As the table's own start does (launch.py, after its first frames): every screen and
        # board warmed up (app.warm_ups: on the table, one a frame after the first frames while
        # nobody touches, about twenty of them; the tests touch in their first frames, and would
        # time the building of each screen the table has built by the time a player has read
        # the menu), then what exists once the app is up set aside from the garbage collector.
        # Else every full collection walks the whole test session's objects, which the table
        # never holds.
        # And, as it does, full collections wait for a moment nobody touches (rest_collections.py).
        from companion.ui.first_frame import keep_out_of_collections
        from companion.ui.rest_collections import RestCollections

        start = AppDriver.start

        def start_as_the_table_does(driver):
            started = start(driver)
            for warm_up in driver.app.warm_ups():
                warm_up()
                driver.frames(1)  # as on the table: a frame after each, for what it left to the Clock
            keep_out_of_collections()
            if _rest:
                _rest[-1].stop()
            _rest.append(RestCollections())
            _rest[-1].start()
            return started

        start_as_the_table_does.as_the_table_does = True
        AppDriver.start = start_as_the_table_does


def _profiling(call, *args) -> None:
    """A touch's own part, in the profile when one is taken (BENCH_PROFILE)."""
    if PROFILE is None:
        call(*args)
        return
    PROFILE.enable()
    try:
        call(*args)
    finally:
        PROFILE.disable()


def _screen() -> str:
    """The screen shown after the touch (the app under test is the window's root's)."""
    from kivy.core.window import Window

    for layer in Window.children:
        manager = getattr(layer, "current", None) if hasattr(layer, "screen_names") else None
        if manager:
            return manager
        for widget in layer.walk(restrict=True):
            if hasattr(widget, "screen_names"):
                return widget.current
    return "?"


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
        cpu, wall, fcpu, fwall, collected = zip(*rows)
        # The garbage collector's passes walk the whole test session's objects (browsers, brokers'
        # clients, earlier apps), not only the table's: the same CPU without them is printed too.
        bare = [max(0.0, c + f - g) for c, f, g in zip(cpu, fcpu, collected)]
        print(f"{game:<10} {len(rows):>7}   {_ms(list(cpu)):>21}   {_ms(list(wall)):>20}"
              f"   {_ms(list(fcpu)):>21}   {_ms(list(fwall)):>20}   touch and frame CPU without GC {_ms(bare)}")
        for name, values in (("touch", cpu), ("frame after it", fcpu)):
            if _p99(list(values)) * 1000 > TARGET_MS:
                over.append(f"{game}'s {name} p99 {_p99(list(values)) * 1000:.1f} ms CPU")
    print(f"target: p99 <= {TARGET_MS:.0f} ms; " + ("over: " + "; ".join(over) if over else "every game within it"))
    print(f"Python's garbage collector over the run: {_gc['total']:.1f} s, {_gc['generation2']} full passes")
    if _rest:
        passes, overdue, seconds = (sum(getattr(r, k) for r in _rest) for k in ("passes", "overdue", "seconds"))
        print(f"of which the table's own (rest_collections.py): {passes} full passes, {overdue} of them overdue in"
              f" the middle of touches, {seconds:.1f} s")
    for game, rows in sorted(slowest.items()):
        worst = sorted(rows, reverse=True)[:int(os.environ.get("BENCH_SLOWEST", "5"))]
        print(f"{game} slowest (touch and its frame, CPU ms): " + "; ".join(f"{c * 1000:.0f} {w!r}" for c, w in worst))


def main(argv: list[str]) -> int:
    status = pytest.main(["-q", "-n", "0", "-p", "no:cacheprovider", "-p", "no:randomly", *argv, *WHOLE_GAMES],
                         plugins=[TimedPlugin()])
    report()
    if _slow_frames:
        print(f"the {len(_slow_frames)} frames over {SLOW_FRAMES_OVER * 1000:.0f} ms CPU, by time with what they call:")
        pstats.Stats(*_slow_frames).sort_stats("cumulative").print_stats(60)
    if PROFILE is not None:
        pstats.Stats(PROFILE).sort_stats("tottime").print_stats(30)
        if os.environ["BENCH_PROFILE"] != "1":  # a path: the whole profile, for pstats or snakeviz
            PROFILE.dump_stats(os.environ["BENCH_PROFILE"])
    return int(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
