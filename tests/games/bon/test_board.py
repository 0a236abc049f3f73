"""The B.O.N board on the touchscreen, driven by real touches: the rank stack entered, cards played
from the pad, the scoring, undo and redo on the way; screenshots at both screen sizes."""

from __future__ import annotations

import pytest
from kivy.uix.button import Button

from tests.support.finger import tap as finger_tap
from tests.games.bon.support import ROUND_ANN3_BEN0_CY4
from tests.ui.conftest import make_app, window  # noqa: F401 (fixtures)
from tests.ui.driver import AppDriver

def start(make_app, players=("Ann", "Ben", "Cy"), size=(800, 480), **options) -> AppDriver:
    app = make_app(size=size).start()
    assert app.app.start_game("bon", list(players), options)
    app.frames(3)
    return app


def board(app: AppDriver):
    return app.app.screen("play").board


def view(app: AppDriver) -> dict:
    return app.table.session.view()["view"]


def touch(app: AppDriver, widget) -> None:
    app.frames(2)
    x, y = widget.to_window(*widget.center)
    finger_tap(app, x, y)  # waits, as a player does, to see what is there
    app.frames(2)


def press(app: AppDriver, text: str, root=None) -> None:
    """Touch the button showing exactly this text on the board (or within `root`)."""
    app.frames(2)
    found = [w for w in (root or board(app)).walk() if isinstance(w, Button) and w.text == text
             and not w.disabled and w.get_root_window() is not None]
    assert found, f"no button {text!r} to touch"
    touch(app, found[0])


def card(app: AppDriver, name: str) -> None:
    """One touch on the pad."""
    touch(app, board(app).pad.buttons[name])


def shot(app: AppDriver, name: str) -> None:
    """A screenshot in artifacts/screens/ (looked at, then copied to docs/screens/ by hand)."""
    app.screenshot(name)


def set_up(app: AppDriver, order=("red", "yellow", "blue"), first="Ann", leftovers=("pass", "pass")) -> None:
    """The round's set-up in three touches: two tokens (the third is the one left) and the leader."""
    for colour in order[:2]:
        press(app, colour.capitalize())
    press(app, first)
    for c in leftovers:
        card(app, c)


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_a_whole_round_by_touch_with_undo_and_redo(make_app, size):
    app = start(make_app, size=size)
    tag = f"{size[0]}x{size[1]}"
    shot(app, f"bon-start-{tag}")
    set_up(app)
    assert view(app)["ranks"] == ["red", "yellow", "blue"] and view(app)["phase"] == "play"
    assert board(app).pad.buttons["pass"].greyed  # both Pass cards lie face up
    for name in ROUND_ANN3_BEN0_CY4[:4]:
        card(app, name)
    assert [t.text for t in board(app).ranks.tokens] == ["  1  Yellow", "  2  Blue", "  3  Red"]
    shot(app, f"bon-trick-{tag}")
    press(app, "Undo", root=app.app.screen("play"))
    assert view(app)["played"] == list(ROUND_ANN3_BEN0_CY4[:3])
    assert not board(app).pad.buttons["yellow-7"].greyed
    press(app, "Redo", root=app.app.screen("play"))
    assert view(app)["played"] == list(ROUND_ANN3_BEN0_CY4[:4])
    for name in ROUND_ANN3_BEN0_CY4[4:]:
        card(app, name)
    assert view(app)["phase"] == "scored"
    texts = app.texts()
    assert "Ann: 3 tricks, +1" in texts and "Ben: 0 tricks, +2" in texts and "Cy: 4 tricks, +0" in texts
    shot(app, f"bon-scored-{tag}")
    press(app, "Undo", root=app.app.screen("play"))  # across the scoring
    assert view(app)["phase"] == "play" and view(app)["scoring"] is None
    press(app, "Redo", root=app.app.screen("play"))
    press(app, "Deal round 2")
    assert view(app)["round"] == 2 and view(app)["phase"] == "deal"


def test_the_app_draws_the_stack_when_asked_and_sends_the_order(make_app):
    app = start(make_app, players=("Bill", "Sue", "Julie", "Greg"))
    press(app, "Draw for us")
    press(app, "Bill")  # completes the entry: sent
    ranks = view(app)["ranks"]
    assert sorted(ranks) == ["blue", "red", "yellow"]
    assert app.table.session.timeline.action(0)["ranks"] == ranks  # in the log: a replay gives the same game


def test_the_rulebook_trick_and_a_failure_to_follow_on_screen(make_app):
    app = start(make_app, players=("Bill", "Sue", "Julie", "Greg"), size=(1024, 600))
    set_up(app, order=("blue", "red", "yellow"), first="Bill", leftovers=("red-1", "yellow-5"))
    for name in ("red-8", "red-3", "blue-1", "yellow-9"):
        card(app, name)
    assert "Trick 1: Julie takes it with Blue 1" in app.texts()
    assert [t.text for t in board(app).ranks.tokens] == ["  1  Red", "  2  Yellow", "  3  Blue"]
    shot(app, "bon-rulebook-example-1024x600")
    # Julie leads Yellow; Greg, next, plays Red and takes it (Red is on top); then he leads Yellow.
    for name in ("yellow-2", "red-2", "yellow-3", "pass"):
        card(app, name)
    assert view(app)["last_trick"]["winner"] == "Greg"
    told = "Greg did not follow Yellow in trick 2 but held Yellow 4"
    assert told not in app.texts()
    card(app, "yellow-4")
    assert told in app.texts()
    shot(app, "bon-failure-to-follow-1024x600")


def test_a_whole_game_to_the_champion_line_by_touch(make_app):
    app = start(make_app, target=1)
    set_up(app)
    for name in ROUND_ANN3_BEN0_CY4:
        card(app, name)
    # Ann and Ben reach the line together: the tie-break is said, and the result bar shows the end.
    assert view(app)["phase"] == "over"
    result = app.table.session.result()
    assert result is not None and result.winners in (("Ann",), ("Ben",))
    assert view(app)["scoring"]["decided"] in app.texts()
    shot(app, "bon-over-800x480")
    press(app, "Undo", root=app.app.screen("play"))
    assert app.table.session.result() is None and view(app)["phase"] == "play"


def test_a_next_round_that_asks_for_a_leader_and_a_new_stack(make_app):
    app = start(make_app, next_leader="choose", new_ranks=True)
    set_up(app)
    for name in ROUND_ANN3_BEN0_CY4:
        card(app, name)
    # The entry stands under the round's scoring: no Deal round 2 to touch first.
    assert "Who leads round 2" in app.texts() and not [t for t in app.texts() if t.startswith("Deal round")]
    shot(app, "bon-scored-asking-800x480")
    for colour in ("Blue", "Red"):  # Yellow is the one left
        press(app, colour)
    assert view(app)["round"] == 1, "not sent before the leader is chosen"
    press(app, "Ben")
    v = view(app)
    assert v["round"] == 2 and v["leader"] == "Ben" and v["ranks"] == ["blue", "red", "yellow"]
    assert board(app).pad is not None and board(app).pad.parent is not None


def test_a_touch_on_a_greyed_card_says_why_and_changes_nothing(make_app):
    app = start(make_app, players=("Bill", "Sue", "Julie", "Greg"))
    set_up(app, order=("blue", "red", "yellow"), first="Bill", leftovers=("red-1", "yellow-5"))
    card(app, "red-8")
    revision = app.table.session.revision
    for name, why in (("red-8", "Red 8 was already played this round: Bill played it in trick 1"),
                      ("yellow-5", "Yellow 5 lies face up among the left-over cards")):
        assert board(app).pad.buttons[name].opacity < 1  # greyed in place
        card(app, name)
        assert app.app.toast.text == why and app.app.toast.opacity > 0
        assert app.table.session.revision == revision and view(app)["played"] == ["red-8"]
