"""lgpio's thread is started under a coarse timer slack, and only it: the app's own thread keeps its
own (Kivy's frames are timed by it). The real lgpio thread in a real kernel is checked in the
virtual table (tests/support/vm/gpio_story.py); here, any thread started within the block."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from companion.inputs.timer_slack import SLACK, threads_started_with_slack


def slack_of(native_id: int) -> int:
    return int(Path(f"/proc/{native_id}/timerslack_ns").read_text())


def started_thread_slack() -> int:
    """The timer slack a thread started now runs with."""
    seen: list[int] = []
    thread = threading.Thread(target=lambda: seen.append(slack_of(threading.get_native_id())))
    thread.start()
    thread.join()
    return seen[0]


@pytest.fixture
def linux_slack():
    me = Path(f"/proc/{threading.get_native_id()}/timerslack_ns")
    if not me.exists():
        pytest.skip("this kernel does not show a thread's timer slack (/proc/<thread>/timerslack_ns)")


def test_a_thread_started_within_gets_the_slack_and_the_caller_keeps_its_own(linux_slack):
    mine = slack_of(threading.get_native_id())
    assert mine < SLACK, "the test's thread must start with a finer slack than the one given"
    with threads_started_with_slack():
        within = started_thread_slack()
    assert within == SLACK
    assert slack_of(threading.get_native_id()) == mine, "the calling thread's slack is back as it was"
    assert started_thread_slack() == mine, "threads started afterwards tick as before"


def test_the_slack_is_given_back_when_opening_fails(linux_slack):
    mine = slack_of(threading.get_native_id())
    with pytest.raises(RuntimeError), threads_started_with_slack(7_000_000):
        raise RuntimeError("the chip would not open")
    assert slack_of(threading.get_native_id()) == mine
