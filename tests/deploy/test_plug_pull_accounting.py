"""The pulled-plug accounting of tests/support/vm/plug_pull.py, on games rebuilt here: it must
find a phantom move (counted twice, made by nobody, or a roll lost from the middle of a run), a
lost one and a state the log does not rebuild, or its zeros mean nothing. Runs without the VM."""

import json

from companion.replay import replay
from companion.inputs.dicetray.pico.roll import pick
from tests.support.vm.plug_pull import AlternatingTurnEnds, Cut, check_against_log

HEADER = {"game": "bondcones", "players": ["ann", "bob"], "options": {"target": 28}}
ROLLS = ["peek", "bondo", "bondo", "peek", "bondo", "peek"]


def published(faces: list[str]) -> dict:
    """The state the table publishes after these rolls: its view plus the broadcast's fields."""
    view = replay([json.dumps(HEADER)] + [json.dumps({"type": "roll", "face": f}) for f in faces]).view()
    return {**view, "version": 1, "table": {"id": "table1", "name": "Game table"}, "scores": []}


def logged(faces: list[str]) -> list[dict]:
    return [{"type": "roll", "face": f, "source": "tray"} for f in faces]


def runs(*rolled: list[str], kept: list[int]) -> list[Cut]:
    """Cuts whose runs rolled `rolled`, after each of which the table came back with `kept` moves in all."""
    return [Cut(acknowledged=0, after_boot=k, power_on_to_game=1.0, rolls=r) for r, k in zip(rolled, kept)]


def test_a_log_of_the_trays_rolls_with_every_state_seen_has_nothing_to_report():
    seen = [published(ROLLS[:n]) for n in range(1, 5)]
    assert check_against_log(seen, HEADER, logged(ROLLS[:5]), 0, runs(ROLLS, kept=[5])) == (0, [])


def test_a_move_no_roll_made_is_a_phantom():
    phantom, _ = check_against_log([], HEADER, logged(["peek", "bondo", "peek"]), 0, runs(["peek", "bondo"], kept=[3]))
    assert phantom == 1


def test_a_state_seen_that_the_log_has_no_longer_is_reported():
    seen = [published(ROLLS[:4])]
    _, mismatched = check_against_log(seen, HEADER, logged(ROLLS[:3]), 0, runs(ROLLS, kept=[3]))
    assert mismatched and "4 moves" in mismatched[0]


def test_a_state_seen_that_the_log_rebuilds_otherwise_is_reported():
    seen = [published(["peek", "bondo"])]
    _, mismatched = check_against_log(seen, HEADER, logged(["bondo", "peek"]), 0, runs(["bondo", "peek"], kept=[2]))
    assert mismatched


def test_moves_seen_before_a_cut_and_missing_after_it_are_lost():
    assert Cut(acknowledged=7, after_boot=5, power_on_to_game=60.0).lost == 2
    assert Cut(acknowledged=7, after_boot=8, power_on_to_game=60.0).lost == 0


def test_the_tray_s_faces_alternate_on_either_die():
    source = AlternatingTurnEnds()
    assert [("peek", "bondo")[pick(2, source)] for _ in range(6)] == ["peek", "bondo"] * 3
    assert [("1", "2", "3", "4", "peek", "bondo")[pick(6, source)] for _ in range(4)] == ["peek", "bondo"] * 2


def test_every_run_s_first_rolls_kept_in_order_is_no_phantom():
    rolled = [["peek", "bondo", "peek"], ["bondo", "peek"]]
    # One move from before the cuts, then 2 of the first run's 3 rolls (the last lost with the
    # plug, never acknowledged), then 1 of the second run's 2.
    log = logged(["bondo"]) + logged(["peek", "bondo"]) + logged(["bondo"])
    assert check_against_log([], HEADER, log, 1, runs(*rolled, kept=[3, 4])) == (0, [])


def test_a_move_counted_twice_is_a_phantom_even_at_the_end_of_a_run():
    log = logged(["peek", "bondo", "bondo"])  # the second roll applied twice before the cut
    phantom, problems = check_against_log([], HEADER, log, 0, runs(["peek", "bondo", "peek", "bondo"], kept=[3]))
    assert phantom == 1 and "not the tray's rolls in order" in problems[0]


def test_a_roll_lost_from_the_middle_of_a_run_is_caught():
    log = logged(["peek", "peek", "bondo"])  # the second roll gone, the ones after it kept
    phantom, problems = check_against_log([], HEADER, log, 0, runs(["peek", "bondo", "peek", "bondo"], kept=[3]))
    assert phantom == 2 and problems
