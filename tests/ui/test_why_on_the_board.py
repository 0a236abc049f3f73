""""Why?" on the board (issue 32, item 3): after a move that scores a line, breaks a limit or
puts a player out, a "Why?" stands in Redo's place in the top bar (a new move leaves nothing to
redo); one touch opens the lines with their numbers and the rule's section, one touch on Back
returns to the board as it was. An Undo puts Redo back in its place, and the next move that
explains nothing takes Why? away. Touched and read in the real app, for a scoring line (B.O.N)
and an elimination at a limit (Bonbon)."""

from __future__ import annotations

import json

from companion.core import rules_page
from companion.ui.screens.why import GONE
from tests.games.bon.support import ROUND_ANN3_BEN0_CY4
from tests.games.bonbon.support import SCRIPTS
from tests.support.back_to_board import back_from_the_rules_to_the_board
from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the one headless window)
from tests.ui.driver import AppDriver


def why_shown(app: AppDriver) -> bool:
    app.frames(3)
    return "Why?" in [getattr(w, "text", "") for w in app.visible(app.app.screen("play").bar)]


def open_why_and_back(app: AppDriver, event: str, lines: list[str], rule: str, picture: str) -> None:
    """One touch on Why? shows the event, its lines and its rule; one touch on Back, the board."""
    play = app.app.screen("play")
    board_before, revision = app.texts(), app.table.session.revision
    downs = app.app.touches.downs
    app.tap("Why?")
    assert app.screen == "why" and app.app.touches.downs == downs + 1, "Why? is one touch"
    shown = app.texts()
    assert event in shown, f"{event!r} is not on Why?: {shown}"
    for line in lines:
        assert f"• {line}" in shown, f"{line!r} is not on Why?: {shown}"
    section = rules_page.read(app.table.session.game.id).section(rule)
    assert f"The rule: {section.title}" in shown
    app.screenshot(picture)
    app.tap("Rules")  # the rule's whole section, and back to the lines
    assert app.screen == "rules" and section.title in app.texts()
    back_from_the_rules_to_the_board(app, "why", board_before, revision)
    assert play.why_button.parent is not None


def test_why_of_a_scoring_line_is_one_touch_from_the_board(make_app):  # noqa: F811
    app = make_app().start()
    assert app.app.start_game("bon", ["Ann", "Ben", "Cy"], {})
    session, play = app.table.session, app.app.screen("play")
    session.dispatch({"type": "start", "ranks": ["red", "yellow", "blue"], "first": "Ann"})
    for card in ("pass", "pass"):
        session.dispatch({"type": "leftover", "card": card})
    for card in ROUND_ANN3_BEN0_CY4[:-1]:
        session.dispatch({"type": "play", "card": card})
    assert not why_shown(app), "no Why? before anything is scored"
    redo_spot = play.redo_button.to_window(*play.redo_button.pos)
    assert app.app.act({"type": "play", "card": ROUND_ANN3_BEN0_CY4[-1]}) is not None  # the round's last card
    assert why_shown(app) and play.redo_button.parent is None, "Why? in Redo's place"
    assert play.why_button.to_window(*play.why_button.pos) == redo_spot
    board = play.board
    x, y = play.why_button.to_window(*play.why_button.pos)
    bx, by = board.to_window(*board.pos)
    assert y >= by + board.height, "Why? lies above the board, over none of its controls"
    app.screenshot("why-on-the-board")
    scored = next(e for e in play.explained if e["type"] == "round_scored")
    open_why_and_back(app, scored["text"], [
        "Ann +1: took exactly the goal of 3 tricks, now 1 of 5",
        "Ben +2: took no trick at all, now 2 of 5",
        "Cy +0: took 4 tricks, not the goal of 3: nothing, now 0 of 5",
    ], "scoring-a-round", "why-of-a-scoring-line")
    # Why? open while the table's Undo button takes the round back: it says so, not "scored nothing".
    app.tap("Why?")
    app.app.post_control("undo", "gpio")
    assert app.settle_until(lambda: GONE in app.texts(), timeout=5) and app.screen == "why"
    assert scored["text"] not in app.texts()
    app.screenshot("why-after-undo")
    app.tap("Back")
    app.app.post_control("redo", "gpio")
    assert app.settle_until(lambda: app.table.session.can_redo is False, timeout=5)
    # Undo: the round's scoring is taken back, Redo is back where Why? was; a Redo shows no Why?,
    # so a second touch there meant for Redo never opens it.
    app.tap("Undo")
    assert not why_shown(app) and play.redo_button.parent is not None and not play.redo_button.disabled
    app.tap("Redo")
    assert not why_shown(app) and play.redo_button.parent is not None
    # The next move explains nothing: no Why? left from the round before.
    assert app.app.act({"type": "next_round"}) is not None
    assert not why_shown(app)


def test_why_of_an_elimination_at_a_limit_is_one_touch_from_the_board(make_app):  # noqa: F811
    script = [json.loads(line) for line in (SCRIPTS / "personal_limit.jsonl").read_text().splitlines() if line.strip()]
    app = make_app().start()
    assert app.app.start_game("bonbon", script[0]["players"], {})
    for action in script[1:-1]:
        app.table.session.dispatch(action)
    assert not why_shown(app)
    assert app.app.act(script[-1]) is not None  # Ann's face-up 2 takes her to 12, over 10
    assert why_shown(app)
    event = next(e for e in app.app.screen("play").explained if e["type"] == "eliminated")
    open_why_and_back(app, event["text"], [
        "Ann is out: face-up cards worth 12, over the personal limit of 10 (no bonbon token yet)",
    ], "the-limits", "bonbon-why-of-an-elimination")
