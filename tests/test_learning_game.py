"""A learning game (issue 32, item 4): each rule told once a game, the first time it matters, as a
"tip" event beside the move's news; never in a game that is not a learning game; never twice,
through undo, redo and a restart of the table."""

from __future__ import annotations

from companion import games
from companion.core import Session
from companion.core.learning import LEARNING, TIP, Tip
from tests.support.tally import Tally

PASSING = Tip("passing", "A player who passes sits out the rest of the game.", "your-turn")
NEAR = Tip("near", "The target is close: the next add may win.", "winning")


class TeachingTally(Tally):
    def tips(self, before, after, action):
        out = []
        if action["type"] == "pass":
            out.append(PASSING)
        if max(after["scores"].values(), default=0) >= after["target"] - 3:
            out.append(NEAR)
        return tuple(out)


def told(change) -> list[str]:
    return [e["text"] for e in change.events if e["type"] == TIP]


def test_every_game_on_the_menu_can_be_a_learning_game_off_by_default():
    for entry in games.menu(listed_only=True):
        options = {o.name: o for o in games.get(entry.id).options}
        assert options[LEARNING.name].default is False, entry.id
        assert options[LEARNING.name].label == "Learning game"


def test_each_rule_is_told_once_the_first_time_it_matters():
    session = Session(TeachingTally(), ["Ann", "Ben", "Cy"], {"target": 10, "learning": True})
    assert told(session.dispatch({"type": "add", "points": 3})) == []
    assert told(session.dispatch({"type": "pass"})) == [PASSING.text]
    assert told(session.dispatch({"type": "add", "points": 3})) == []
    undone = session.dispatch({"type": "undo"})
    assert told(undone) == []
    assert told(session.dispatch({"type": "redo"})) == []
    assert told(session.dispatch({"type": "add", "points": 2})) == []  # Ann: 5
    assert told(session.dispatch({"type": "pass"})) == []  # told already, once is enough
    change = session.dispatch({"type": "add", "points": 3})  # Ann: 8, two from the target
    tips = [e for e in change.events if e["type"] == TIP]
    assert [t["text"] for t in tips] == [NEAR.text] and tips[0]["rule"] == "winning"


def test_a_restarted_table_does_not_tell_a_rule_again():
    first = Session(TeachingTally(), ["Ann", "Ben"], {"target": 8, "learning": True})
    assert told(first.dispatch({"type": "pass"})) == [PASSING.text]
    # The table restarts: the same log, a new session (as Table.resume makes).
    again = Session(TeachingTally(), ["Ann", "Ben"], {"target": 8, "learning": True}, first.timeline)
    assert told(again.dispatch({"type": "add", "points": 3})) == []
    assert told(again.dispatch({"type": "add", "points": 3})) == [NEAR.text]


def test_a_game_that_is_not_a_learning_game_tells_nothing():
    session = Session(TeachingTally(), ["Ann", "Ben", "Cy"], {"target": 10})
    for action in ({"type": "pass"}, {"type": "add", "points": 3}, {"type": "add", "points": 3}):
        assert told(session.dispatch(action)) == []
