"""Full garbage collections wait until nobody touches the table (companion/ui/rest_collections.py)."""

from __future__ import annotations

import gc

import pytest

from companion.ui.rest_collections import OVERDUE, REST, RestCollections


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def full_passes():
    """The full collections Python runs, counted; the collector's settings as they were afterwards."""
    kept = gc.get_threshold()
    seen: list[int] = []

    def count(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2:
            seen.append(1)

    gc.callbacks.append(count)
    yield seen
    gc.callbacks.remove(count)
    gc.set_threshold(*kept)


@pytest.fixture
def resting(window, full_passes):
    """The table's collector started on a test clock, the run's garbage collected first; stopped after."""
    clock = Clock()
    rest = RestCollections(clock)
    rest.start()
    gc.collect()
    full_passes.clear()
    yield clock, rest
    rest.stop()


_shown: list[list] = []


def cycles(n: int) -> None:
    """What a touch builds: a panel of objects in cycles, shown for a few touches (long enough to
    outlive the younger collections), then replaced and left for a full collection to free."""
    panel = []
    for _ in range(n):
        a: dict = {}
        a["self"] = a
        panel.append(a)
    _shown.append(panel)
    del _shown[:-3]


def test_while_players_touch_python_runs_no_full_collection_then_one_runs_at_rest(resting, full_passes):
    clock, rest = resting
    for _ in range(40):  # touches one after another, each leaving garbage behind
        rest.touched()
        cycles(20_000)
        assert not rest.check(), "a full collection right after a touch"
        clock.now += REST / 4
    assert full_passes == [], "Python ran a full collection of its own in the middle of the touches"
    clock.now += REST
    assert rest.check(), "no full collection once the table was at rest"
    assert len(full_passes) == 1 and rest.passes == 1 and rest.overdue == 0
    assert not rest.check(), "a second full collection with nothing new to collect"


def test_a_table_touched_without_a_pause_still_collects_when_long_overdue(resting, full_passes):
    clock, rest = resting
    collected = False
    for _ in range(2000):
        rest.touched()
        cycles(5_000)
        collected = rest.check() or collected
        if collected:
            break
        clock.now += 0.1
    assert collected and rest.overdue == 1, "cycles left to grow without end while the players kept touching"
    assert len(full_passes) == 1
    assert gc.get_count()[2] < OVERDUE
