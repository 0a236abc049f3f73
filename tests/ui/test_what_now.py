""""What now?" on the play screen of every game (issue 32, items 2 and 5): one touch on the prompt
opens it, it says who may act and every move open to them in the game's words, its Rules button
opens the rules page at the section behind the step, and Back (one touch each) returns to the
board exactly as it was. Home's Rules shows any game's page."""

from __future__ import annotations

import pytest

from companion import games
from companion.core import rules_page
from companion.core.guide import guide
from tests.support.back_to_board import back_from_the_rules_to_the_board
from tests.support.finger import tap
from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the one headless window)

PLAYERS = {"baon": ["Ann", "Ben", "Cy"], "bon": ["Ann", "Ben", "Cy"], "bonbon": ["Ann", "Ben", "Cy"],
           "bonc": ["Ann", "Ben", "Cy"], "bondcones": ["Ann", "Ben"]}


def listed() -> list[str]:
    return [g.id for g in games.menu(listed_only=True)]


@pytest.mark.parametrize("game_id", listed())
def test_what_now_is_one_touch_away_and_back_is_one_touch(make_app, game_id):  # noqa: F811
    app = make_app().start()
    assert app.app.start_game(game_id, PLAYERS.get(game_id, ["Ann", "Ben", "Cy"]), {})
    app.frames(4)
    board_before = app.texts()
    session = app.app.table.session
    revision = session.revision
    answer = guide(session.game, session.state, session.names)
    touches = app.app.touches.downs
    app.tap(app.app.screen("play").prompt.text)
    assert app.screen == "what_now" and app.app.touches.downs == touches + 1
    shown = "\n".join(app.texts())
    assert answer.prompt in shown
    for move in answer.moves:
        assert move.words[1:] in shown, f"{move.words!r} is not on What now?"
    for name in answer.who:
        assert name in shown
    section = rules_page.read(game_id).section(answer.rule)
    assert f"The rule: {section.title}" in shown
    app.screenshot(f"{game_id}-what-now")
    app.tap("Rules")
    assert app.screen == "rules"
    app.frames(3)
    heading = app.find(section.title)
    assert tuple(heading.color) != tuple(app.find(rules_page.read(game_id).sections[0].title).color) or \
        section.id == rules_page.read(game_id).sections[0].id, "the step's section is not picked out"
    top, bottom = app.window.height - 2 * 56, 0  # the section is in view, under the two bars
    y = heading.to_window(*heading.pos)[1]
    assert bottom <= y <= top, f"{section.title} is not in view at y={y}"
    app.screenshot(f"{game_id}-rules-at-the-step")
    back_from_the_rules_to_the_board(app, "what_now", board_before, revision)


def test_homes_rules_show_every_games_page(make_app):  # noqa: F811
    app = make_app().start()
    app.tap("Rules")
    assert app.screen == "rules"
    for entry in games.menu(listed_only=True):
        app.tap(entry.title)
        page = rules_page.read(entry.id)
        texts = app.texts()
        assert page.title in texts and page.sections[0].title in texts
    app.tap("Baon")  # a game of the table's menu in the picture (the tests list their example game too)
    app.screenshot("rules-from-home")
    app.tap("Back")
    assert app.screen == "home"


def test_a_learning_game_tells_a_rule_once_the_first_time_it_matters(make_app):  # noqa: F811
    app = make_app().start()
    assert app.app.start_game("bondcones", ["Mia", "Leo"], {"learning": True})
    app.frames(3)
    assert app.app.act({"type": "roll", "face": "4"}) is not None  # Mia's opening roll
    app.frames(3)
    opening = "The best opening roll starts: BONDO, then PEEK, 4, 3, 2 and 1. Equal faces roll again."
    assert app.app.toast.opacity > 0 and app.app.toast.text == opening
    app.screenshot("bondcones-learning-tip")
    # One touch on it dismisses it, and does nothing else: the board is as it was.
    board_before, revision = app.texts(), app.app.table.session.revision
    tip = app.app.toast
    tap(app, *tip.to_window(*tip.center))
    app.frames(3)
    assert app.app.toast.opacity == 0 and app.app.table.session.revision == revision
    shown = app.texts()
    assert opening not in shown and all(t in shown for t in board_before if t != opening)
    assert app.app.act({"type": "roll", "face": "1"}) is not None  # Leo's: no rule is told twice
    app.frames(3)
    assert app.app.toast.opacity == 0 or app.app.toast.text != opening
