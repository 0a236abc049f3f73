"""Only what a player meant is entered: a double tap, the panel's bounce or a resting finger's
slide never enters a second thing, on any screen or board (companion/ui/kit/touch_guard.py).

The three cases a table of players found (issue 29), each touched as it happened, then every
touch of the touch-count trial and of whole rounds of each game played again in each style of
touch a table makes (tests/support/finger.py): the record must hold exactly what it holds when
each touch is made once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from kivy.tests.common import UnitTestTouch

from companion.ui.kit.touch_guard import BOUNCE_SECONDS, SETTLE_SECONDS
from tests.support import finger
from tests.support.finger import TEST_CLOCK
from tests.support.touch_table import button_saying, plain, touch
from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the one headless window)
from tests.ui.driver import AppDriver


@pytest.fixture
def styled() -> Iterator[None]:
    """A test that sets finger.style gets it put back."""
    yield
    finger.style = "once"


def press(app: AppDriver, words, root=None) -> None:
    app.frames(1)
    touch(app, button_saying(app, root or app.app.root, words))


# -- the three cases of the trial --------------------------------------------------------------

def test_a_double_tap_on_deal_round_2_enters_no_card_where_the_button_was(make_app, styled):  # noqa: F811
    from tests.games.bon.support import ROUND_ANN3_BEN0_CY4

    app = make_app().start()
    assert app.app.start_game("bon", ["Ann", "Ben", "Cy"], {})
    session = app.table.session
    session.dispatch({"type": "start", "ranks": ["red", "yellow", "blue"], "first": "Ann"})
    for card in ("pass", "pass"):
        session.dispatch({"type": "leftover", "card": card})
    for card in ROUND_ANN3_BEN0_CY4:
        session.dispatch({"type": "play", "card": card})
    app.frames(3)
    assert session.view()["view"]["phase"] == "scored"
    revision = session.revision
    finger.style = "double"
    press(app, "Deal round 2", app.app.screen("play").board)
    view = session.view()["view"]
    assert session.revision == revision + 1, "the round dealt, and nothing entered by the second touch"
    assert view["round"] == 2 and view["phase"] == "deal"
    assert app.app.touch_guard.ignored >= 1


def test_a_double_tap_on_next_options_never_starts_the_game_unseen(make_app, styled):  # noqa: F811
    app = make_app().start()
    press(app, lambda w: w.split("\n")[0] == "Bonbon")
    for name in ("Anna", "John", "Cris"):
        app.app.screen("players").name_input.text = name
        press(app, "Add")
    finger.style = "double"
    press(app, "Next: options")
    assert app.screen == "options", "the options are shown"
    assert app.table.session is None, "and the game waits for its Start game"
    finger.style = "once"
    press(app, "Start game")
    assert app.screen == "play" and app.table.session.game.id == "bonbon"


def test_a_double_tap_on_face_down_enters_one_card_for_one_player(make_app, styled):  # noqa: F811
    from tests.ui.test_bonbon_board import begin, player, start

    app = start(make_app)
    begin(app)
    entry = app.app.screen("play").board.entry
    press(app, "4", entry)  # Anna
    revision = app.table.session.revision
    finger.style = "double"
    press(app, "Face down", entry)  # John, twice in 0.12 s
    assert app.table.session.revision == revision + 1
    assert player(app, "John")["cards"] == [{"face": "down"}] or len(player(app, "John")["cards"]) == 1
    assert player(app, "Cris")["cards"] == [], "nothing entered for the next player"
    assert app.table.session.view()["expected"]["turn"] == "Cris"


# -- the rule itself, on one button --------------------------------------------------------------

def test_a_touch_counts_once_the_control_has_been_shown_its_moment(make_app):  # noqa: F811
    """A touch that went down before the button was shown, or within SETTLE_SECONDS of it, reaches
    nothing (its lift neither); one after that moment counts."""
    app = make_app().start()
    app.frames(3)
    guard = app.app.touch_guard
    history = app.find("History")
    x, y = history.to_window(*history.center)
    TEST_CLOCK.advance(SETTLE_SECONDS)
    early = UnitTestTouch(x, y)  # went down before Home's buttons are shown again below
    app.app.go("stats")
    app.frames(2)
    app.app.go("home")
    app.frames(2)
    early.touch_down()
    early.touch_up()
    app.frames(2)
    assert app.screen == "home", "a touch from before the button was shown did nothing"
    TEST_CLOCK.advance(SETTLE_SECONDS - 0.05)
    soon = UnitTestTouch(x, y)
    soon.touch_down()
    soon.touch_up()
    app.frames(2)
    assert app.screen == "home", "nor one within its moment"
    TEST_CLOCK.advance(0.1)
    later = UnitTestTouch(x, y)
    later.touch_down()
    later.touch_up()
    app.frames(2)
    assert app.screen == "history", "once it has been seen its moment, the touch counts"
    assert guard.ignored == 2


def test_a_bounce_is_one_touch_and_two_quick_fingers_elsewhere_are_two(make_app):  # noqa: F811
    app = make_app().start()
    TEST_CLOCK.advance(SETTLE_SECONDS)
    app.frames(2)
    guard = app.app.touch_guard
    first, bounce = UnitTestTouch(300, 200), None
    first.touch_down()
    TEST_CLOCK.advance(BOUNCE_SECONDS / 4)
    bounce = UnitTestTouch(302, 201)
    bounce.touch_down()
    assert guard.ignored == 1, "the bounce, 20 ms after, 2 px away"
    first.touch_up()
    bounce.touch_up()
    TEST_CLOCK.advance(0.01)
    elsewhere = UnitTestTouch(600, 200)
    elsewhere.touch_down()
    elsewhere.touch_up()
    assert guard.ignored == 1, "another finger at another spot is its own touch"


def test_the_same_entry_twice_in_a_moment_is_asked_once(make_app):  # noqa: F811
    """Two inputs (a touch and the dial, or a button shown in two places) entering the same thing
    for the same player in a moment: the second is asked, not entered."""
    from kivy.uix.modalview import ModalView

    app = make_app().start()
    assert app.app.start_game("tally", ["Ann", "Ben"], {})
    session = app.table.session
    TEST_CLOCK.advance(SETTLE_SECONDS)
    action = {"type": "dial", "step": 1}  # the tally's one entry that leaves the turn where it is
    revision = session.revision
    assert app.app.act(action) is not None
    assert app.app.act(action) is None
    app.frames(2)
    asked = [w for w in app.window.children if isinstance(w, ModalView)]
    assert asked and "a moment ago" in " ".join(app.texts() + [getattr(w, "text", "") for d in asked
                                                              for w in d.walk()])
    assert session.revision == revision + 1
    app.settle(0.3)  # the dialog opened
    app.screenshot("the-same-entry-asked-once")
    asked[0].dismiss()
    app.settle(0.3)
    TEST_CLOCK.advance(SETTLE_SECONDS)
    assert app.app.act(action) is not None, "a moment later, the same entry is entered at once"
    assert session.revision == revision + 2


# -- every touch of the trial and of whole rounds, in every style of touch ---------------------

def _scenarios() -> list:
    from tests.ui import test_touch_counts as counts

    return [getattr(counts, name) for name in dir(counts) if name.startswith("test_")]


@pytest.mark.parametrize("style", ["double", "bounce", "slide"])
@pytest.mark.parametrize("scenario", _scenarios(), ids=lambda f: f.__name__[5:45])
def test_every_touch_of_the_trial_enters_exactly_the_same_in_every_style(make_app, styled, style, scenario):  # noqa: F811
    """Each scenario asserts what every touch records (one move each, by its last touch)."""
    finger.style = style
    scenario(make_app)


@pytest.mark.parametrize("style", ["double", "bounce"])
@pytest.mark.parametrize("whole", [
    "tests.games.bon.test_board:test_a_whole_round_by_touch_with_undo_and_redo",
    "tests.games.baon.test_board:test_a_whole_two_player_game_by_touch_to_lola_and_the_score",
    "tests.ui.test_bonbon_board:test_a_round_by_touch_from_the_tiles_to_the_next_round",
    "tests.games.bonc.test_board:test_a_whole_game_by_touch_to_one_winner_with_undo_and_redo",
    "tests.games.bonc.test_board:test_the_rulebook_chain_by_touch_and_a_block_out_of_turn_in_one_touch",
], ids=lambda s: s.split(":")[1][5:40])
def test_whole_rounds_by_touch_enter_exactly_the_same_in_every_style(make_app, styled, style, whole):  # noqa: F811
    import importlib

    module, name = whole.split(":")
    scenario = getattr(importlib.import_module(module), name, None)
    if scenario is None:
        pytest.skip(f"{whole} is not in this suite")
    finger.style = style
    kwargs = {"size": (800, 480)} if "size" in scenario.__code__.co_varnames[:scenario.__code__.co_argcount] else {}
    scenario(make_app, **kwargs)


def test_the_styles_touch_as_they_say(make_app, styled):  # noqa: F811
    """The double tap really touches twice: without the guard, Next: options twice starts the game."""
    app = make_app().start()
    press(app, lambda w: w.split("\n")[0] == "Bonbon")
    for name in ("Anna", "John"):
        app.app.screen("players").name_input.text = name
        press(app, "Add")
    app.app.touch_guard.uninstall()
    finger.style = "double"
    press(app, "Next: options")
    assert app.table.session is not None, "the second touch reached Start game: the style double-taps"
    app.app.touch_guard.install()


assert plain  # the words of buttons, markup aside (used through button_saying)


# -- a notice over the top bar ----------------------------------------------------------------

def _half_entered_baon_refused(app: AppDriver):
    """Ann took food (Undo is live); Ben's baon Ado 1 2 4 is refused (not consecutive)."""
    from tests.games.baon.test_board import press

    assert app.app.act({"type": "take", "sources": ["pile", "pile"]})
    press(app, "End turn")
    press(app, "Play a baon")
    for key in ("Ado", "1", "2", "4"):
        press(app, key)
    press(app, "Pack baon")
    toast, play = app.app.toast, app.app.screen("play")
    assert not play.undo_button.disabled
    assert toast.opacity > 0 and toast.text, "the refusal is said"
    return toast, play


def _entered(app: AppDriver) -> list[str]:
    from tests.games.baon.test_board import board

    return [w.text for w in board(app).entry.walk() if getattr(w, "text", "")]


def test_a_refusal_leaves_undo_in_sight_and_a_touch_on_it_dismisses_it_and_nothing_else(make_app):  # noqa: F811
    """Baon's refusal of a baon being entered stands over Menu, Story and the prompt: Undo and Redo
    stay in sight. A touch on the refusal dismisses it and does nothing else; Undo then lets go
    of the baon being entered, as Undo does."""
    from tests.games.baon.test_board import start, view

    app = start(make_app)
    toast, play = _half_entered_baon_refused(app)
    for button in (play.undo_button, play.redo_button):
        x, y = button.to_window(*button.center)
        assert not toast.collide_point(x, y), f"the refusal lies over {button.text}"
        assert button.opacity > 0 and button.parent.opacity > 0, f"{button.text} is hidden, not covered"
    app.screenshot("baon-refused-over-the-top-bar-800x480")
    revision, entered = app.table.session.revision, _entered(app)
    finger.tap(app, *toast.to_window(*toast.center))
    app.frames(3)
    assert toast.opacity == 0, "the touch dismissed the refusal"
    assert app.table.session.revision == revision, "and took nothing back"
    assert _entered(app) == entered, "the baon being entered is as it was"
    assert view(app)["players"][0]["baons"] == []
    finger.tap(app, *play.undo_button.to_window(*play.undo_button.center))
    app.frames(3)
    assert "nothing was recorded" in toast.text, toast.text
    assert app.table.session.revision == revision


def test_a_touch_on_a_notice_over_undo_dismisses_it_and_nothing_else(make_app):  # noqa: F811
    """A notice too long to stand beside Undo takes the whole top bar (Menu, Story, Undo, Redo out
    of sight): a touch where Undo stands dismisses the notice; the baon being entered stays. Once
    the bar is back, Undo is Undo again."""
    from tests.games.baon.test_board import start, view
    from tests.ui.test_buttons_stay_put import LONG_NOTICE

    app = start(make_app)
    toast, play = _half_entered_baon_refused(app)
    app.app.notify(LONG_NOTICE, "info")
    app.frames(3)
    x, y = play.undo_button.to_window(*play.undo_button.center)
    assert toast.collide_point(x, y), "the notice covers Undo"
    assert play.bar.opacity == 0, "and the bar is out of sight"
    revision, entered = app.table.session.revision, _entered(app)
    finger.tap(app, x, y)
    app.frames(3)
    assert toast.opacity == 0, "the touch dismissed the notice"
    assert app.table.session.revision == revision, "and took nothing back"
    assert _entered(app) == entered, "the baon being entered is as it was"
    assert view(app)["players"][0]["baons"] == []
    finger.tap(app, x, y)  # the bar is back: Undo is Undo again (it lets go of the half-entered baon)
    app.frames(3)
    assert "nothing was recorded" in toast.text, toast.text
