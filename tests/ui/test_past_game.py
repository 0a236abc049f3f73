"""A game from the history opens with its final scores and the story of what happened."""

import json
from pathlib import Path

from tests.ui.driver import AppDriver

SCRIPTS = Path(__file__).parent.parent / "games"


def script(game: str, name: str) -> tuple[dict, list[dict]]:
    header, *actions = [json.loads(x) for x in (SCRIPTS / game / "scripts" / f"{name}.jsonl").read_text().splitlines()
                        if x.strip()]
    return header, actions


def play(app: AppDriver, header: dict, actions: list[dict]) -> None:
    app.app.start_game(header["game"], header["players"], header.get("options", {}))
    for action in actions:
        assert app.app.act(action) is not None, action


def story_lines(app: AppDriver) -> list[str]:
    """What each line of the story says, top to bottom (the time beside it left out)."""
    rows = reversed(app.app.screen("past_game").story_rows.children)
    return [row.children[0].text for row in rows]


def open_row(app: AppDriver, summary: str) -> None:
    app.tap("History")
    app.tap(summary)
    # A list scrolls, so it hands a touch to its row only once it is sure the finger is not dragging.
    assert app.settle_until(lambda: app.screen == "past_game", timeout=3), "the row opens its game"
    assert app.settle_until(lambda: app.app.screen("past_game").story_complete, timeout=5)
    app.frames(3)


def test_a_finished_game_opens_with_its_scores_its_winner_and_its_story(make_app):
    header, actions = script("bondcones", "game_summary_28_points_win")
    app: AppDriver = make_app().start()
    play(app, header, actions)
    app.app.leave_game()
    record = app.store.history()[0]
    open_row(app, record.result["summary"])
    texts = app.texts()
    assert record.result["summary"] in texts
    winner = record.result["winners"][0]
    for name in header["players"]:
        score = str(record.result["scores"][name])
        shown = next(t for t in texts if t.endswith(name) and "★" in t) if name == winner else name
        assert shown in texts and score in texts, (name, score)
    assert not any("★" in t for t in texts if any(t.endswith(n) for n in header["players"] if n != winner))
    assert f"{len(actions)} moves" in "\n".join(texts)
    # The story, in the order it happened: the capture that won the game is the last line.
    lines = story_lines(app)
    assert lines[:2] == ["Mia rolled 4 for the opening", "Leo rolled 1 for the opening\nMia starts"], lines
    # Each scoring line with its Why? under it: the numbers that went in and the rule's section.
    assert lines[-1] == ("Mia captured a 2 from Leo\n"
                         "    Why (Capturing): Mia +2: captured one of Leo's cones, worth 2\n"
                         "    Mia's counting frame now 28 of 28\n"
                         "Mia wins with 28 points\n"
                         "    Why (Winning): Mia's counting frame reached 28 with 7 cones taken: 28 points win at once"), lines
    # The story says what the table was told, in the same words: a turn's roll with what it asked.
    assert "Mia rolled 4: move a cone 4 steps" in lines, lines  # one line: the rule's detail is the board's
    app.screenshot("past-game-bondcones")
    app.tap("Back")
    assert app.screen == "history"


def test_an_unfinished_game_opens_where_it_was_left_without_its_undone_moves(make_app):
    header, actions = script("bonbon", "collective_limit_anna_john_cris")
    app: AppDriver = make_app().start()
    play(app, header, actions)
    app.app.act({"type": "undo"})  # the round's end taken back before the table moved on
    app.app.leave_game()
    open_row(app, "Not finished")
    texts = app.texts()
    assert "Not finished" in texts and f"{len(actions) - 1} moves" in "\n".join(texts)
    assert not any("★" in t for t in texts), "nobody won an unfinished game"
    for name in header["players"]:
        assert name in texts
    lines = story_lines(app)
    assert lines[0] == "Round 1 starts with Anna"
    assert "John passed first\nJohn took a tile: 1 point per card showing 1" in lines
    assert not any("Round 1 is over" in line for line in lines), "the undone round end is not told"
    app.screenshot("past-game-bonbon-unfinished")


def test_the_history_row_opens_at_1024x600_too(make_app):
    header, actions = script("bondcones", "game_summary_28_points_win")
    app: AppDriver = make_app(size=(1024, 600)).start()
    play(app, header, actions)
    app.app.leave_game()
    app.tap("History")
    app.screenshot("history-1024x600")
    app.tap("Mia captured 28 points")
    assert app.settle_until(lambda: app.screen == "past_game", timeout=3)
    app.screenshot("past-game-1024x600")


def test_a_long_story_shows_its_start_at_once_and_the_rest_follows(make_app):
    """Hundreds of rows built in one go froze the touchscreen for seconds."""
    from companion.story import Moment, Story
    from companion.store.records import GameRecord
    from companion.ui.screens.past_game import ROWS_PER_FRAME

    app: AppDriver = make_app().start()
    screen = app.app.screen("past_game")
    players = [{"name": "Mia", "colour": "#FFB000"}, {"name": "Leo", "colour": "#4FC3F7"}]
    record = GameRecord(7, "bondcones", players, {}, "2026-11-21T19:00:00+00:00", "2026-11-21T21:00:00+00:00",
                        "finished", None, 600)
    rolls = tuple(Moment(n, "2026-11-21T19:00:00+00:00", ({"type": "roll", "text": f"Mia rolled {n}",
                                                              "purpose": "turn"},)) for n in range(1, 601))
    screen._fill_story(record, Story(rolls, None, moves=600))
    assert len(screen.story_rows.children) == ROWS_PER_FRAME and not screen.story_complete
    assert app.settle_until(lambda: screen.story_complete, timeout=20)
    shown = [row.children[0].text for row in reversed(screen.story_rows.children)]
    assert shown == [f"Mia rolled {n}" for n in range(1, 601)], "every row, in the order played"


def test_bons_story_says_its_options_in_words_and_how_many_lines_lie_below(make_app):
    """B.O.N's story, opened from the table with five players: the left column cut its last line
    in half with nothing to say more followed, and showed the program's "last_trick"."""
    app: AppDriver = make_app().start()
    assert app.app.start_game("bon", ["Ann", "Ben", "Cy", "Dee", "Eve"], {})
    app.app.act({"type": "start", "ranks": ["red", "yellow", "blue"], "first": "Ann"})
    app.app.open_story()
    screen = app.app.screen("past_game")
    assert app.settle_until(lambda: screen.story_complete, timeout=5)
    app.frames(3)
    facts = [w.text for w in screen.left.children if hasattr(w, "text")]
    assert "Next round's leader: Last trick" in facts, facts
    assert not any("last_trick" in t for t in app.texts())
    scroll = screen.left.parent
    if screen.left.height > scroll.height + 1:  # the column overflows: a line says so
        assert "below" in screen.more_left.text and screen.more_left.opacity > 0, screen.more_left.text
    app.screenshot("story-bon")
