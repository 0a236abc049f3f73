"""Correcting a past move on the touchscreen: from the game's story, one move changed, the later
moves shown as still applying or not, those fixed or dropped, committed as one change."""

import json
from pathlib import Path

from companion import games
from companion.ui import theme
from companion.ui.widgets import Chip
from tests.support.finger import tap as finger_tap
from tests.support.tally import Tally
from tests.support.touch_table import touch
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
    # Both lists run past their room here, and each says so under it (nothing said it before).
    assert "[font=DejaVuSans]▼[/font] 1 more row of choices below: slide the list up" in texts
    assert "[font=DejaVuSans]▼[/font] 5 more moves below" in texts
    editor = app.app.screen("correction").editor.parent
    editor.scroll_y = 0  # as a finger slides the choices up to their last row
    app.frames(4)
    assert any(t.endswith("above: slide the list down") for t in app.texts()), app.texts()
    editor.scroll_y = 1
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

    app.frames(2)
    x, y = widget.to_window(*widget.center)
    finger_tap(app, x, y)  # waits, as a player does, to see what is there
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
    # ...and a line under the story says how many moves came before: every one above the first
    # wholly in view (at least moves 1 to 8), a move a row however many lines it takes.
    rows = {int(t.split("[/color]")[0].split("]")[-1].rstrip(".")): app.find(t).parent for t in app.texts()
            if t.startswith("[color=#C5CED8]")}
    shown = min(move for move, row in rows.items()
                if bottom - 1 <= row.to_window(*row.pos)[1] and row.to_window(*row.pos)[1] + row.height <= top + 1)
    said = [t for t in app.texts() if t.endswith(" above: slide the list down")]
    assert said == [f"[font=DejaVuSans]▲[/font] {shown - 1} moves above: slide the list down"], said
    app.screenshot("story-opens-at-the-latest-move")
    finger("[color=#C5CED8]16.[/color] Ben added 2")
    assert app.settle_until(lambda: app.screen == "correction", timeout=3), "the move opens its correction"
    app.frames(3)
    finger("+3")
    finger("Commit the correction")
    assert app.screen == "play" and session.view()["scores"]["Ben"] == 8 * 2 + 1
    assert touches <= 4, touches


def _bon(make_app, players: list[str], actions: list[dict]) -> AppDriver:
    app: AppDriver = make_app().start()
    app.app.start_game("bon", players, {})
    for action in actions:
        assert app.app.act(action) is not None
    return app


def _chip_in_line(app: AppDriver, colour: str, text: str):
    """The chip saying `text` on the line of the correction's card pad named `colour` ("Red")."""
    editor = app.app.screen("correction").editor
    name = next(w for w in editor.walk(restrict=True) if type(w).__name__ == "Label" and w.text == colour)
    line = name.parent
    return next(w for w in line.walk(restrict=True) if isinstance(w, Chip) and w.text == text)


def _every_choice_in_view(app: AppDriver) -> list:
    """The chips of the correction's editor, each asserted wholly inside the list's room."""
    screen = app.app.screen("correction")
    scroll = screen.editor.parent
    left, bottom = scroll.to_window(scroll.x, scroll.y)
    chips = [w for w in screen.editor.walk(restrict=True) if isinstance(w, Chip)]
    for chip in chips:
        x, y = chip.to_window(chip.x, chip.y)
        assert bottom - 0.5 <= y and y + chip.height <= bottom + scroll.height + 0.5, f"{chip.text} is out of view"
        assert left - 0.5 <= x and x + chip.width <= left + scroll.width + 0.5, f"{chip.text} is out of view"
        assert chip.width >= theme.TOUCH, f"{chip.text} is {chip.width:.0f} px wide"
    assert screen.more_choices.opacity == 0, "nothing is below the fold, so nothing says so"
    return chips


def test_a_bon_card_is_corrected_from_the_story_in_four_touches_every_card_in_view(make_app):
    """Greg played Yellow 8, not Yellow 9: Story, his move (the latest, in view), Yellow's 8, Commit.
    The cards still possible at his move are all on screen at once, in colour lines as on the
    board's pad (four to a row as "Blue 7", Blue 4 to 9 and Pass were below the fold, unsaid)."""
    header, *actions = [json.loads(x) for x in
                        (SCRIPTS / "bon" / "scripts" / "rulebook_example_julie_takes_it.jsonl").read_text()
                        .splitlines() if x.strip()]
    app = _bon(make_app, header["players"], actions[:7])
    session = app.app.table.session
    touches = 0

    def finger(find) -> None:
        """One touch on what `find()` finds once the screen has settled, as a player sees it."""
        nonlocal touches
        app.frames(2)
        touch(app, find())
        touches += 1

    finger(lambda: app.find("Story"))
    assert app.settle_until(lambda: app.app.screen("past_game").story_complete, timeout=5)
    app.frames(3)
    finger(lambda: app.find(next(t for t in app.texts() if t.startswith("[color=#C5CED8]7.[/color] Greg: Yellow 9"))))
    assert app.settle_until(lambda: app.screen == "correction", timeout=3), "the move opens its correction"
    app.frames(3)
    chips = _every_choice_in_view(app)
    # Every card Greg could have played then: the 27 coloured ones not on the table (two left
    # over, three played before him), and Pass.
    assert len(chips) == 3 * 9 - 5 + 1, [c.text for c in chips]
    assert "Who" not in app.texts() and "Make it" not in app.texts(), "turn order decides who, and the move's kind"
    assert _chip_in_line(app, "Yellow", "9").state == "down", "the card as entered"
    finger(lambda: _chip_in_line(app, "Yellow", "8"))
    assert any(t.startswith("Ready: Greg: Yellow 8") for t in app.texts()), app.texts()
    app.screenshot("correction-bon")
    finger(lambda: app.find("Commit the correction"))
    assert app.screen == "play"
    assert session.moves()[-1]["card"] == "yellow-8"
    assert touches <= 4, touches


def test_a_five_player_bon_deck_is_in_view_whole_in_the_correction(make_app):
    """The largest deck (three colours of 11 and Pass), every card still possible at the first
    left-over card: six lines of chips, none below the fold."""
    app = _bon(make_app, ["Ann", "Ben", "Cy", "Dee", "Eve"],
               [{"type": "start", "ranks": ["blue", "red", "yellow"], "first": "Ann"},
                {"type": "leftover", "card": "red-1"}])
    open_move(app, "[color=#C5CED8]2.[/color] Left over, face up: Red 1")
    chips = _every_choice_in_view(app)
    assert len(chips) == 3 * 11 + 1
    app.screenshot("correction-bon-five-players")


def test_the_line_under_the_choices_counts_the_rows_of_chips_a_player_sees(make_app):
    """A long notice makes the top bar taller while it shows, and the five-player deck's last
    lines go below the fold: the line under the choices counts those lines of chips (it said
    "1 more row of choices" for the whole card pad, however many of its lines were out of sight)."""
    app = _bon(make_app, ["Ann", "Ben", "Cy", "Dee", "Eve"],
               [{"type": "start", "ranks": ["blue", "red", "yellow"], "first": "Ann"},
                {"type": "leftover", "card": "red-1"}])
    open_move(app, "[color=#C5CED8]2.[/color] Left over, face up: Red 1")
    notice = ("The table's clock was set back while this game was played, so the times in its story may look "
              "out of order; the moves are kept as they were played and nothing needs doing. ")
    app.app.notify(notice * 2, "info", seconds=30)
    app.frames(5)
    screen = app.app.screen("correction")
    scroll = screen.editor.parent
    bottom = scroll.to_window(scroll.x, scroll.y)[1]
    chips = [w for w in screen.editor.walk(restrict=True) if isinstance(w, Chip)]
    # The lines of chips below the fold, as a player sees them: chips side by side are one line.
    below = {round(c.to_window(c.x, c.y)[1]) for c in chips if c.to_window(c.x, c.y)[1] < bottom - 1}
    assert len(below) >= 2, "more than one line of the card pad is below the fold"
    assert f"▼[/font] {len(below)} more rows of choices below: slide the list up" in screen.more_choices.text
    app.screenshot("correction-bon-five-players-long-notice")
    scroll.scroll_y = 0  # slid up to the deck's last line: the first lines above, each counted
    app.frames(4)
    top = bottom + scroll.height
    above = {round(c.to_window(c.x, c.y)[1]) for c in chips if c.to_window(c.x, c.y)[1] + c.height > top + 1}
    assert len(above) >= 2
    assert f"▲[/font] {len(above)} rows of choices above: slide the list down" in screen.more_choices.text


def test_the_story_offers_each_rounds_start_and_a_chip_opens_that_moves_correction(make_app):
    """An early move was a swipe or more away from the latest: a chip per round opens its first move."""
    lines = (SCRIPTS / "bonbon" / "scripts" / "scoring_lucy_nick_sophie.jsonl").read_text().splitlines()
    setup, *actions = [json.loads(line) for line in lines if line.strip()]
    app: AppDriver = make_app().start()
    assert app.app.start_game("bonbon", setup["players"], {})
    for action in actions:
        assert app.app.act(action) is not None, action
    spec = next(s for s in app.table.session.view()["expected"]["legal"] if s["type"] == "next_round")
    field = spec["fields"].get("new_tiles")
    new = [o["value"] for o in field["options"] if o.get("enabled", True)][:field.get("count", 1)] if field else None
    assert app.app.act({"type": "next_round", **({"new_tiles": new} if new else {})}) is not None
    assert app.app.act({"type": "draw", "face": "down"}) is not None
    round_two = len(app.table.session.moves()) - 1
    app.tap("Story")
    assert app.settle_until(lambda: app.app.screen("past_game").story_complete, timeout=5)
    app.frames(3)
    assert "Round 1" in app.texts() and "Round 2" in app.texts()
    app.screenshot("story-round-chips")
    app.tap("Round 2")
    assert app.settle_until(lambda: app.screen == "correction", timeout=3)
    assert app.app.screen("correction").move == round_two
    app.tap("Back")
    app.frames(3)
    app.tap("Round 1")
    assert app.settle_until(lambda: app.screen == "correction", timeout=3)
    assert app.app.screen("correction").move == 1
