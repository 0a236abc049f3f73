"""A past game told again from its log says exactly what the table announced while it was played."""

import json
from pathlib import Path

import pytest

from companion.store import Store
from companion.story import tell
from companion.table import Table

SCRIPTS = sorted((Path(__file__).parent / "games").glob("*/scripts/*.jsonl"))
# Scripts played straight through: undone moves have a test of their own below.
STRAIGHT = [p for p in SCRIPTS if '"undo"' not in p.read_text() and '"redo"' not in p.read_text()]


def load(script: Path) -> tuple[dict, list[dict]]:
    header, *actions = [json.loads(line) for line in script.read_text().splitlines() if line.strip()]
    return header, actions


def start(table: Table, header: dict):
    return table.start(header["game"], header["players"], header.get("options", {}))


@pytest.mark.parametrize("script", STRAIGHT, ids=lambda p: p.stem)
def test_the_story_is_the_news_the_table_announced(tmp_path, script):
    header, actions = load(script)
    store = Store(tmp_path / "companion.db")
    table = Table(store)
    session = start(table, header)
    announced = []
    session.subscribe(lambda change: announced.append(change.events))
    for action in actions:
        session.dispatch(action)
    game_id = table.record.id
    table.close_game()

    story = tell(store.record(game_id), store.played(game_id))
    assert story.problem == "" and story.moves == len(actions)
    assert [(m.move, list(m.events)) for m in story.moments] == [
        (number, events) for number, events in enumerate(announced, start=1) if events
    ]
    assert story.view["view"] == session.view()["view"], "where the game was left"


def test_undone_moves_are_not_in_the_story_and_a_redone_one_is(tmp_path):
    header, actions = load(next(p for p in SCRIPTS if p.stem == "collective_limit_anna_john_cris"))
    store = Store(tmp_path / "companion.db")
    table = Table(store)
    straight = start(table, header)
    for action in actions:
        straight.dispatch(action)
    whole = tell(store.record(table.record.id), store.played(table.record.id))
    table.close_game()
    assert whole.moments[-1].move == len(actions), "the last move made news (the round's end)"

    session = start(table, header)
    for action in actions:
        session.dispatch(action)
    for _ in range(3):
        session.dispatch({"type": "undo"})
    session.dispatch({"type": "redo"})
    game_id = table.record.id
    table.close_game()

    story = tell(store.record(game_id), store.played(game_id))
    kept = len(actions) - 2
    assert story.moves == kept
    # The two games were played a moment apart: when each move was made is not what is compared.
    told = [(m.move, m.events, m.words) for m in story.moments]
    assert told == [(m.move, m.events, m.words) for m in whole.moments if m.move <= kept]
    assert len(story.moments) < len(whole.moments), "the undone round end is not told"


def test_a_game_this_table_no_longer_knows_says_so(tmp_path):
    from companion.core.seats import make_seats

    store = Store(tmp_path / "companion.db")
    timeline = store.new_game("retired_game", make_seats(["Ann", "Ben"]), {})
    store.abandon(timeline.game_id)
    story = tell(store.record(timeline.game_id), store.played(timeline.game_id))
    assert story.moments == () and "retired_game" in story.problem


def test_a_move_the_rules_now_refuse_ends_the_story_there_and_says_why(tmp_path):
    header, actions = load(next(p for p in SCRIPTS if p.stem == "collective_limit_anna_john_cris"))
    store = Store(tmp_path / "companion.db")
    table = Table(store)
    session = start(table, header)
    for action in actions[:4]:
        session.dispatch(action)
    game_id = table.record.id
    table.close_game()
    # A log written by rules that have since changed: its third move is no longer legal.
    with store.db:
        store.db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND idx = 2",
                         (json.dumps({"type": "no_such_move"}), game_id))
    story = tell(store.record(game_id), store.played(game_id))
    assert story.problem.startswith("Move 3 no longer plays by these rules")
    assert all(m.move < 3 for m in story.moments) and story.view is not None


def test_a_move_that_trips_the_rules_ends_the_story_there_instead_of_closing_the_app(tmp_path, monkeypatch):
    from companion import games

    store = Store(tmp_path / "companion.db")
    table = Table(store)
    session = table.start("tally", ["Ann", "Ben"], {})
    for action in ({"type": "pass"}, {"type": "add", "points": 2}, {"type": "add", "points": 1}):
        session.dispatch(action)
    game_id = table.record.id
    table.close_game()
    tally = games.get("tally")
    apply = tally.apply

    def tripping(state, action):  # a rule that does not expect what an old log holds
        if action.get("points") == 2:
            raise KeyError("points")
        return apply(state, action)

    monkeypatch.setattr(tally, "apply", tripping)
    story = tell(store.record(game_id), store.played(game_id))
    assert story.problem == "Move 2 could not be played again (KeyError)."
    assert [m.move for m in story.moments] == [1] and story.moves == 3
