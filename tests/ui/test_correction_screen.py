"""Correcting a past move on the touchscreen: from the game's story, one move changed, the later
moves shown as still applying or not, those fixed or dropped, committed as one change."""

import json
from pathlib import Path

from companion import games
from tests.support.tally import Tally
from tests.ui.driver import AppDriver

SCRIPTS = Path(__file__).parent.parent / "games"


def open_move(app: AppDriver, words: str) -> None:
    app.tap("Story")
    assert app.screen == "past_game"
    assert app.settle_until(lambda: app.app.screen("past_game").story_complete, timeout=5)
    app.frames(3)
    story = app.app.screen("past_game")
    story.story_scroll.scroll_to(app.find(words).parent, padding=0, animate=False)  # a finger's swipe to an early move
    app.frames(3)
    app.tap(words)
    # A list scrolls, so it hands a touch to its row only once it is sure the finger is not dragging.
    assert app.settle_until(lambda: app.screen == "correction", timeout=3), "the move opens its correction"
    app.frames(3)


def test_a_value_corrected_on_the_touchscreen_is_one_change_that_one_undo_takes_back(make_app):
    games.register(Tally())
    app: AppDriver = make_app().start()
    app.app.start_game("tally", ["Ann", "Ben"], {"target": 6})
    for action in ({"type": "add", "points": 2}, {"type": "add", "points": 1}, {"type": "add", "points": 3},
                   {"type": "pass"}, {"type": "add", "points": 1}):
        assert app.app.act(action) is not None
    session = app.app.table.session
    assert session.result() is not None
    app.screenshot("play-finished-with-story-button")
    open_move(app, "[color=#C5CED8]1.[/color] Ann added 2")
    texts = app.texts()
    assert "Move 1 was: Ann added 2\nNow: as it was" in texts
    assert any("2. Ben added 1" in t for t in texts) and any("4. Ben passed" in t for t in texts)
    assert app.find("Commit the correction").disabled, "nothing changed yet"
    app.tap("+1")
    texts = app.texts()
    assert any(t.startswith("Ready: Ann added 1") for t in texts), texts
    app.screenshot("correction-tally")
    revision = session.revision
    app.tap("Commit the correction")
    assert app.screen == "play"
    assert session.revision == revision + 1
    assert session.view()["scores"] == {"Ann": 5, "Ben": 1} and session.result() is None
    assert "Corrected move 1: Ann added 1 (was: Ann added 2)" in app.texts()
    app.tap("Undo")
    assert session.view()["scores"] == {"Ann": 6, "Ben": 1} and session.result() is not None
    # The story keeps a line saying what was corrected, under the move it corrected.
    app.tap("Redo")
    app.tap("Story")
    assert app.settle_until(lambda: app.app.screen("past_game").story_complete, timeout=5)
    app.frames(3)
    assert any(t.endswith("1.[/color] Ann added 1\nCorrected move 1: Ann added 1 (was: Ann added 2)")
               for t in app.texts()), app.texts()
    app.screenshot("story-correctable-tally")


def test_later_moves_that_no_longer_apply_are_shown_with_why_and_dropped_before_commit(make_app):
    header, *actions = [json.loads(x) for x in
                        (SCRIPTS / "bonbon" / "scripts" / "collective_limit_anna_john_cris.jsonl").read_text()
                        .splitlines() if x.strip()]
    app: AppDriver = make_app().start()
    app.app.start_game(header["game"], header["players"], header.get("options", {}))
    for action in actions:
        assert app.app.act(action) is not None
    session = app.app.table.session
    open_move(app, "[color=#C5CED8]4.[/color] Cris played a 4 face-up")
    app.tap("5")
    texts = app.texts()
    refused = [t for t in texts if "no longer applies: Draw a card is not possible now" in t]
    assert len(refused) == 5 and "Now: Cris played a 5 face-up" in "\n".join(texts)
    assert any(t.startswith("6 later moves no longer apply") for t in texts)
    assert app.find("Commit the correction").disabled
    app.screenshot("correction-bonbon")
    rows = app.app.screen("correction").later_rows
    for _ in range(6):  # drop every later move that no longer applies, the top one each time
        drop = next(w for w in rows.walk() if getattr(w, "text", None) == "Drop")
        rows.parent.scroll_to(drop, animate=False)  # as a finger scrolls the list to it
        app.frames(3)
        _tap(app, drop)
    assert [t for t in app.texts() if t in ("Drop", "Keep")] == ["Keep"] * 6
    assert any(t.startswith("Ready: Cris played a 5 face-up") for t in app.texts())
    assert not app.find("Commit the correction").disabled
    app.tap("Commit the correction")
    assert session.state["tokens"] == {"Anna": 0, "John": 1, "Cris": 0}
    assert [p["status"] for p in session.view()["view"]["players"]][2] == "out"


def _tap(app: AppDriver, widget) -> None:
    from kivy.tests.common import UnitTestTouch

    app.frames(2)
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    app.frames(2)


def test_the_story_opens_at_the_latest_move_and_correcting_it_takes_four_touches(make_app):
    """After a long stretch of play, the last moves are in view the moment the story opens (it
    opened at move 1, five swipes away after one B.O.N round): Story, the move, the new value,
    Commit."""
    games.register(Tally())
    app: AppDriver = make_app().start()
    app.app.start_game("tally", ["Ann", "Ben"], {"target": 99})
    for _ in range(8):
        for points in (1, 2):
            assert app.app.act({"type": "add", "points": points}) is not None
    session = app.app.table.session
    touches = 0

    def finger(words: str) -> None:
        nonlocal touches
        app.tap(words)
        touches += 1

    finger("Story")
    assert app.settle_until(lambda: app.app.screen("past_game").story_complete, timeout=5)
    app.frames(3)
    story = app.app.screen("past_game")
    latest = app.find("[color=#C5CED8]16.[/color] Ben added 2")
    first = app.find("[color=#C5CED8]1.[/color] Ann added 1")
    left, bottom = story.story_scroll.to_window(*story.story_scroll.pos)
    top = bottom + story.story_scroll.height
    assert bottom - 0.5 <= latest.to_window(*latest.pos)[1] and latest.to_window(*latest.pos)[1] + latest.height <= top + 0.5, \
        "the latest move is in view without a swipe"
    assert first.to_window(*first.pos)[1] + first.height > top, "the first is scrolled away above"
    app.screenshot("story-opens-at-the-latest-move")
    finger("[color=#C5CED8]16.[/color] Ben added 2")
    assert app.settle_until(lambda: app.screen == "correction", timeout=3), "the move opens its correction"
    app.frames(3)
    finger("+3")
    finger("Commit the correction")
    assert app.screen == "play" and session.view()["scores"]["Ben"] == 8 * 2 + 1
    assert touches <= 4, touches
