"""The pulled-plug accounting of tests/support/vm/plug_pull.py, on games rebuilt here: it must
find a phantom move, a lost one and a state the log does not rebuild, or its zeros mean nothing."""

import json

from companion.replay import replay
from tests.support.vm.plug_pull import Cut, check_against_log

HEADER = {"game": "bondcones", "players": ["ann", "bob"], "options": {"target": 28}}
ROLLS = ["peek", "bondo", "bondo", "peek", "bondo", "peek"]


def published(faces: list[str]) -> dict:
    """The state the table publishes after these rolls: its view plus the broadcast's fields."""
    view = replay([json.dumps(HEADER)] + [json.dumps({"type": "roll", "face": f}) for f in faces]).view()
    return {**view, "version": 1, "table": {"id": "table1", "name": "Game table"}, "scores": []}


def logged(faces: list[str]) -> list[dict]:
    return [{"type": "roll", "face": f, "source": "tray"} for f in faces]


def test_a_log_of_the_trays_rolls_with_every_state_seen_has_nothing_to_report():
    seen = [published(ROLLS[:n]) for n in range(1, 5)]
    assert check_against_log(seen, HEADER, logged(ROLLS[:5]), ROLLS) == (0, [])


def test_a_move_no_roll_made_is_a_phantom():
    phantom, _ = check_against_log([], HEADER, logged(["peek", "peek", "peek"]), ["peek", "peek"])
    assert phantom == 1


def test_a_state_seen_that_the_log_has_no_longer_is_reported():
    seen = [published(ROLLS[:4])]
    _, mismatched = check_against_log(seen, HEADER, logged(ROLLS[:3]), ROLLS)
    assert mismatched and "4 moves" in mismatched[0]


def test_a_state_seen_that_the_log_rebuilds_otherwise_is_reported():
    seen = [published(["peek", "bondo"])]
    _, mismatched = check_against_log(seen, HEADER, logged(["bondo", "peek"]), ["bondo", "peek"])
    assert mismatched


def test_moves_seen_before_a_cut_and_missing_after_it_are_lost():
    assert Cut(acknowledged=7, after_boot=5, power_on_to_game=60.0).lost == 2
    assert Cut(acknowledged=7, after_boot=8, power_on_to_game=60.0).lost == 0
