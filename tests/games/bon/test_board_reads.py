"""The B.O.N board reads at arm's length at both screen sizes: nothing a player reads under 20 px,
nothing drawn over anything else, nothing cut off, with five players and a failure to follow."""

from __future__ import annotations

import random

import pytest
from kivy.uix.label import Label

from tests.games.bon.test_board import board, start
from tests.ui.conftest import make_app, window  # noqa: F401 (fixtures)

SIZES = [(800, 480), (1024, 600)]
FIVE = ("Ann", "Ben", "Cy", "Dee", "Eve")
SMALLEST = 20  # px: the least a player at the table reads


def act(app, **action) -> None:
    assert app.app.act(action) is not None, action
    app.frames(3)


def texts_on_screen(app) -> list[Label]:
    """Every label or button with words on it that a player sees on the play screen."""
    screen = app.app.screen("play")
    return [w for w in screen.walk() if isinstance(w, Label) and w.text.strip() and w.opacity > 0
            and w.get_root_window() is not None and all(p.opacity > 0 for p in parents(w))]


def parents(widget):
    while widget.parent is not None and widget.parent is not widget:
        widget = widget.parent
        yield widget


def too_small(app) -> list[str]:
    return [f"{w.text!r} at {w.font_size:.0f} px" for w in texts_on_screen(app) if w.font_size < SMALLEST]


def overlapping(app) -> list[str]:
    """Pairs of words drawn over each other, and words outside the board (sticking out of it)."""
    b = board(app)
    labels = [w for w in texts_on_screen(app) if b in parents(w)]
    boxes = []
    for w in labels:
        x, y = w.to_window(w.x, w.y)
        boxes.append((w.text, x, y, x + w.width, y + w.height))
    bx, by = b.to_window(b.x, b.y)
    out = [f"{t!r} outside the board" for t, x0, y0, x1, y1 in boxes
           if x0 < bx - 1 or y0 < by - 1 or x1 > bx + b.width + 1 or y1 > by + b.height + 1]
    for i, (t, x0, y0, x1, y1) in enumerate(boxes):
        for u, a0, b0, a1, b1 in boxes[i + 1:]:
            if min(x1, a1) - max(x0, a0) > 1 and min(y1, b1) - max(y0, b0) > 1:
                out.append(f"{t!r} over {u!r}")
    return out


def cut(app) -> list[str]:
    """Words a label had to leave out (a shortened or clipped line) in the prompt and the trick."""
    out = []
    b = board(app)
    for w in [app.app.screen("play").prompt, b.trick.title, b.trick.notice, b.ranks.title]:
        if not w.text or w.get_root_window() is None:  # not on the screen (the upper board at a start)
            continue
        w.texture_update()
        lines = ["".join(word.text for word in line.words) for line in w._label._cached_lines]
        shown = " ".join(" ".join(lines).split())
        plain = " ".join(w.text.split())
        if "[" not in plain and shown != plain:
            out.append(f"{plain!r} shows as {shown!r}")
    return out


def check(app, what: str) -> None:
    app.frames(4)
    problems = too_small(app) + overlapping(app) + cut(app)
    assert not problems, f"{what}: " + "; ".join(problems)


def five_players_with_a_failure_to_follow(app) -> None:
    """Ben shows no Red in trick 1 (Yellow 1), then plays Red 6 in trick 2: proved."""
    act(app, type="start", ranks=["red", "yellow", "blue"], first="Ann")
    act(app, type="leftover", card="red-1")
    act(app, type="leftover", card="pass")
    for c in ("red-2", "yellow-1", "red-3", "red-4", "red-5"):
        act(app, type="play", card=c)
    for c in ("red-7", "red-8", "red-6"):  # Eve leads trick 2; Ben's Red 6 proves the failure
        act(app, type="play", card=c)


@pytest.mark.parametrize("size", SIZES)
def test_five_players_and_a_failure_to_follow_read_whole_and_apart(make_app, size):
    app = start(make_app, players=FIVE, size=size)
    check(app, "the start")
    five_players_with_a_failure_to_follow(app)
    # The card rows fill the pad beside the Pass key, every card a finger tall at least.
    pad = board(app).pad
    rows = [b for c, b in pad.buttons.items() if c != "pass"]
    assert min(b.y for b in rows) <= pad.pass_button.y + 1 and max(b.top for b in rows) >= pad.pass_button.top - 1
    assert min(b.height for b in rows) >= 48
    assert board(app).trick.notice.text
    check(app, "a failure to follow proved mid-trick")
    for c in ("red-9", "red-10"):
        act(app, type="play", card=c)
    check(app, "the trick taken, the failure still the news")
    app.screenshot(f"bon-five-failure-{size[0]}x{size[1]}")


def deal_and_play(app, players, seed: int) -> None:
    """A whole round from a shuffled 5-player deck, each player following Prime when able."""
    rng = random.Random(seed)
    deck = [f"{c}-{v}" for c in ("red", "yellow", "blue") for v in range(1, 12)] + ["pass"] * 4
    rng.shuffle(deck)
    hands = {p: deck[i * 7:(i + 1) * 7] for i, p in enumerate(players)}
    for c in deck[35:]:
        act(app, type="leftover", card=c)
    for _ in range(35):
        game = app.table.session.view()["view"]
        hand = hands[game["turn"]]
        prime = game["prime"]
        following = [c for c in hand if prime and c.startswith(prime + "-")]
        pick = rng.choice(following or hand)
        hand.remove(pick)
        act(app, type="play", card=pick)


@pytest.mark.parametrize("size", SIZES)
def test_a_five_player_round_scored_and_the_champion_read_whole_and_apart(make_app, size):
    app = start(make_app, players=FIVE, size=size, target=1)
    act(app, type="start", ranks=["blue", "yellow", "red"], first="Cy")
    check(app, "the left-over cards awaited")
    deal_and_play(app, FIVE, seed=3)
    game = app.table.session.view()["view"]
    assert game["phase"] in ("scored", "over")
    check(app, "the round scored")
    texts = app.texts()
    assert "Round 1 scored (goal 1 trick: exactly +1, none +2)" in texts
    for line in game["scoring"]["lines"]:
        # The rule's points, even where a marker stopped at the Champion line and moved fewer.
        rule = {"exact": 1, "zero": 2, "missed": 0}[line["case"]]
        assert f"{line['player']}: {line['tricks']} trick{'' if line['tricks'] == 1 else 's'}, +{rule}" in texts
    app.screenshot(f"bon-five-scored-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", SIZES)
def test_five_players_next_round_stack_entered_under_the_scoring_reads_whole(make_app, size):
    """A new stack every round (option new_ranks): the tokens stand under the five players'
    scoring, the trick and the track above them, nothing cut or over anything."""
    app = start(make_app, players=FIVE, size=size, new_ranks=True)
    act(app, type="start", ranks=["blue", "yellow", "red"], first="Cy")
    deal_and_play(app, FIVE, seed=3)
    assert app.table.session.view()["view"]["phase"] == "scored"
    check(app, "the round scored, the next stack to enter")
    assert "Round 2's new rank stack: tap the tokens as drawn, top first (nothing yet)" in app.texts()
    app.screenshot(f"bon-five-next-stack-{size[0]}x{size[1]}")
