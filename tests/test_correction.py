"""Correcting a past move: the later moves are played again on the corrected one, and the whole
correction is one change (one undo takes it back, the log keeps it whole)."""

import json
from pathlib import Path

import pytest

from companion import games
from companion.core import RuleError, Session
from companion.store import Store
from companion.story import tell
from companion.table import Table
from tests.support.tally import Tally

SCRIPTS = Path(__file__).parent / "games"


def bonbon_round() -> Session:
    """Anna, John and Cris's first round: Anna's must-play-face-up 1 takes the table over its
    collective limit at move 10, Anna is out and John wins the round."""
    header, *actions = [json.loads(x) for x in
                        (SCRIPTS / "bonbon" / "scripts" / "collective_limit_anna_john_cris.jsonl").read_text().splitlines()
                        if x.strip()]
    session = Session(games.get("bonbon"), header["players"], header.get("options", {}))
    for action in actions:
        session.dispatch(action)
    return session


def texts(change) -> list[str]:
    return [e["text"] for e in change.events]


def test_a_corrected_value_changes_who_was_eliminated_and_who_won_the_round():
    session = bonbon_round()
    assert session.state["tokens"] == {"Anna": 0, "John": 1, "Cris": 0}
    status = {p["name"]: p["status"] for p in session.view()["view"]["players"]}
    assert status["Anna"] == "out" and status["Cris"] == "in"
    # Anna's first card was a 6, not a 5: with it, Cris's 4 at move 4 takes the table over.
    fixed = {"type": "draw", "face": "up", "kind": "regular", "value": 6}
    preview = session.preview_correction(2, fixed)
    assert [m.move for m in preview.later if not m.applies] == [5, 6, 7, 8, 9, 10]
    assert preview.later[1].words == "Cris played a 4 face-up"  # the card that now puts Cris out
    revision = session.revision
    change = session.dispatch({"type": "correct", "move": 2, "action": fixed,
                               "later": [m.action for m in preview.later if m.applies]})
    assert change.revision == revision + 1, "the whole correction is one change"
    assert texts(change) == ["Corrected move 2: Anna played a 6 face-up "
                             "(was: Anna played a 5 face-up); 6 later moves dropped"]
    # Cris is out instead of Anna, and the round's tokens go to Anna and John instead of John alone.
    assert session.state["tokens"] == {"Anna": 1, "John": 1, "Cris": 0}
    status = {p["name"]: p["status"] for p in change.view["view"]["players"]}
    assert status["Cris"] == "out" and status["Anna"] != "out"
    assert len(session.moves()) == 4
    told = [line for m in _story(session) for line in m]
    assert "Cris is out: the table went over its limit" in told
    assert "Anna is out: the table went over its limit" not in told
    assert "Anna and John won round 1" in told and "John won round 1" not in told
    corrected = next(i for i, line in enumerate(told) if line.startswith("Corrected move 2"))
    assert corrected < told.index("Cris is out: the table went over its limit")


def _story(session: Session) -> list[list[str]]:
    """What the story of this session's log tells, move by move."""
    from companion.store.records import GameRecord

    record = GameRecord(1, session.game.id, [p.to_json() for p in session.players], dict(session.options),
                        "2026-11-21T19:00:00+00:00", None, "playing", None, session.timeline.cursor)
    played = [(session.timeline.action(i), "2026-11-21T19:00:00+00:00") for i in range(session.timeline.cursor)]
    story = tell(record, played)
    assert story.problem == ""
    return [[e["text"] for e in m.events] for m in story.moments]


def test_a_correction_that_makes_a_later_move_illegal_is_refused_until_that_move_is_dropped():
    session = bonbon_round()
    before, revision = session.state, session.revision
    fixed = {"type": "draw", "face": "up", "kind": "regular", "value": 5}  # Cris's 4 was a 5
    preview = session.preview_correction(4, fixed)
    assert not preview.ready
    refused = [m for m in preview.later if not m.applies]
    assert [m.move for m in refused] == [5, 6, 7, 8, 9, 10]
    assert refused[0].why.startswith("Draw a card is not possible now")
    with pytest.raises(RuleError, match=r"Move 5 no longer applies \(Draw a card is not possible now"):
        session.dispatch({"type": "correct", "move": 4, "action": fixed,
                          "later": [m.action for m in preview.later]})
    assert session.state == before and session.revision == revision, "a refused correction changes nothing"
    change = session.dispatch({"type": "correct", "move": 4, "action": fixed, "later": []})
    assert texts(change)[0].endswith("; 6 later moves dropped")
    assert session.state["tokens"] == {"Anna": 0, "John": 1, "Cris": 0}
    assert "Cris is out: the table went over its limit" in [line for m in _story(session) for line in m]


def test_a_correction_undone_and_redone(tmp_path):
    games.register(Tally())
    store = Store(tmp_path / "companion.db")
    table = Table(store)
    session = table.start("tally", ["Ann", "Ben"], {"target": 6})
    for action in ({"type": "add", "points": 2}, {"type": "add", "points": 1}, {"type": "add", "points": 3},
                   {"type": "pass"}, {"type": "add", "points": 1}):
        session.dispatch(action)
    assert session.result().winners == ("Ann",)
    finished = session.view()
    # Ann's first move was +1, not +2: she has 5, and the game is not over.
    change = session.dispatch({"type": "correct", "move": 1, "action": {"type": "add", "points": 1},
                               "later": session.moves()[1:]})
    assert texts(change) == ["Corrected move 1: Ann added 1 (was: Ann added 2)"]
    assert session.view()["scores"] == {"Ann": 5, "Ben": 1} and session.result() is None
    assert store.record(table.record.id).status == "playing", "the stored game is open again"
    corrected = session.view()

    undo = session.dispatch({"type": "undo"})
    assert texts(undo) == ["Took back: the correction of move 1"]
    assert session.view()["view"] == finished["view"] and session.result().winners == ("Ann",)
    assert store.record(table.record.id).result["winners"] == ["Ann"]
    redo = session.dispatch({"type": "redo"})
    assert texts(redo) == ["Put back: the correction of move 1"]
    assert session.view()["view"] == corrected["view"] and session.result() is None
    assert store.record(table.record.id).status == "playing"

    # Resumed from the store, the table is where the correction left it, and it plays on.
    store.close()
    again = Table(Store(tmp_path / "companion.db")).resume()
    assert again.view()["view"] == corrected["view"]
    assert again.dispatch({"type": "add", "points": 1}).view["result"]["winners"] == ["Ann"]


def test_a_correction_never_quotes_a_value_the_corrected_move_lays_face_down():
    session = bonbon_round()
    change = session.dispatch({"type": "correct", "move": 2, "action": {"type": "draw", "face": "down"},
                               "later": session.moves()[2:]})
    assert texts(change)[0].startswith("Corrected move 2: Anna played a card face-down (was: ")
    # The view the phones get after it shows the card as face-down, without a value.
    anna = next(p for p in change.view["view"]["players"] if p["name"] == "Anna")
    assert anna["cards"][0] == {"face": "down"}
    assert "(was: Anna played a 5 face-up)" in texts(change)[0], "what everyone saw face-up"


@pytest.mark.parametrize("entry, words", [
    ({"type": "correct", "move": 0, "action": {"type": "pass"}}, "There is no move 0 to correct"),
    ({"type": "correct", "move": 99, "action": {"type": "pass"}}, "There is no move 99 to correct"),
    ({"type": "correct", "move": 1, "action": {"type": "undo"}}, "cannot hold a undo"),
    ({"type": "correct", "move": 1, "action": {"type": "add", "points": 2}, "later": []},
     "already is that move"),
    ({"type": "correct", "move": 1, "action": {"type": "add", "points": 7}}, "Points: 7 is not one of the choices; choose \\+1, \\+2 or \\+3"),
    ({"type": "correct", "move": 1, "action": {"type": "add", "points": 1}, "oops": 1}, "A correct action takes no oops field"),
])
def test_a_correction_that_cannot_be_made_says_why_and_changes_nothing(entry, words):
    session = Session(Tally(), ["Ann", "Ben"], {"target": 20})
    session.dispatch({"type": "add", "points": 2})
    before, revision = session.state, session.revision
    with pytest.raises(RuleError, match=words):
        session.dispatch(entry)
    assert session.state == before and session.revision == revision
