"""The debouncer alone, on made-up edge timestamps: chatter, short presses, holds, late decisions."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.inputs.debounce import Debouncer

SETTLE = 0.010


def run(edges, end, hold=None, poll_every=None):
    """Feed (t, active) edges; poll at each deadline (or every `poll_every` s); return event kinds."""
    d = Debouncer(SETTLE, hold)
    out = []
    t = 0.0
    for when, active in edges:
        while poll_every and t + poll_every < when:
            t += poll_every
            out += d.poll(t)
        deadline = d.deadline()
        if not poll_every and deadline is not None and deadline < when:
            out += d.poll(deadline)
        out += d.edge(when, active)
    deadline = d.deadline()
    while deadline is not None and deadline <= end:
        out += d.poll(deadline)
        deadline = d.deadline()
    out += d.poll(end)
    return [(e.kind, e.held) if e.kind == "release" else e.kind for e in out]


def chatter(t, active, n=5, gap=0.0003):
    """`n` bounces ending in `active` at about t + 2n*gap."""
    edges = []
    for _ in range(n):
        edges += [(t, active), (t + gap, not active)]
        t += 2 * gap
    return edges + [(t, active)]


def test_a_press_with_chatter_counts_once():
    edges = chatter(1.0, True) + chatter(1.08, False)
    assert run(edges, 2.0) == ["press", ("release", False)]


def test_a_quick_clean_press_still_counts():
    assert run([(1.0, True), (1.02, False)], 2.0) == ["press", ("release", False)]


def test_a_glitch_shorter_than_the_settle_time_is_not_a_press():
    assert run([(1.0, True), (1.004, False)], 2.0) == []


def test_a_long_press_is_a_hold_and_its_release_says_so():
    edges = chatter(1.0, True) + chatter(2.5, False)
    assert run(edges, 3.0, hold=1.0) == ["press", "hold", ("release", True)]


def test_a_release_just_before_the_hold_time_is_a_tap():
    edges = [(1.0, True), (1.99, False)]
    assert run(edges, 3.0, hold=1.0) == ["press", ("release", False)]


def test_chatter_while_held_does_not_break_the_hold():
    edges = [(1.0, True)] + chatter(1.5, True) + [(2.5, False)]
    assert run(edges, 3.0, hold=1.0) == ["press", "hold", ("release", True)]


def test_deciding_late_gives_the_same_answer():
    """A slow thread that only looks every 300 ms still counts every press exactly once."""
    edges = []
    for i in range(10):
        edges += chatter(1 + i * 0.1, True) + chatter(1.04 + i * 0.1, False)
    prompt = run(edges, 3.0)
    late = run(edges, 3.0, poll_every=0.3)
    assert prompt == late == ["press", ("release", False)] * 10


presses = st.lists(
    st.tuples(
        st.floats(0.015, 0.5),  # how long the finger holds the button (at least 15 ms)
        st.floats(0.015, 0.5),  # the pause before the next press
        st.integers(0, 8),  # bounces on press
        st.integers(0, 8),  # bounces on release
    ),
    max_size=15,
)


@settings(max_examples=200, deadline=None)
@given(presses)
def test_every_real_press_counts_exactly_once_whatever_the_chatter(plan):
    edges, t = [], 1.0
    for down, pause, bounce_in, bounce_out in plan:
        edges += chatter(t, True, bounce_in, gap=0.0002)
        t += down
        edges += chatter(t, False, bounce_out, gap=0.0002)
        t += pause
    kinds = run(edges, t + 1)
    assert kinds.count("press") == len(plan)
    assert kinds.count(("release", False)) == len(plan)
