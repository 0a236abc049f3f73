"""The virtual table's pulled-plug checks can fail: a move counted twice, a move nobody rolled or a
roll lost from the middle of a run is caught (tests/support/vm/plug_pull.py). Runs without the VM."""

from __future__ import annotations

from companion.inputs.dicetray.pico.roll import pick
from tests.support.vm.plug_pull import AlternatingTurnEnds, Cut, check_against_log

HEADER = {"game": "bondcones", "players": ["ann", "bob"], "options": {}}


def tray_log(faces: list[str]) -> list[dict]:
    return [{"type": "roll", "face": f, "source": "tray"} for f in faces]


def test_the_tray_s_faces_alternate_on_either_die():
    source = AlternatingTurnEnds()
    two = [("peek", "bondo")[pick(2, source)] for _ in range(6)]
    assert two == ["peek", "bondo"] * 3
    six = [("1", "2", "3", "4", "peek", "bondo")[pick(6, source)] for _ in range(4)]
    assert six == ["peek", "bondo"] * 2


def runs(*rolled: list[str], kept: list[int]) -> list[Cut]:
    """Cuts whose runs rolled `rolled` and after which the table came back with `kept` moves in all."""
    return [Cut(acknowledged=0, after_boot=k, power_on_to_game=1.0, rolls=r) for r, k in zip(rolled, kept)]


def test_every_run_s_first_rolls_kept_in_order_is_no_phantom():
    rolled = [["peek", "bondo", "peek"], ["bondo", "peek"]]
    # One move from before the cuts, then 2 of the first run's 3 rolls (the last lost with the
    # plug, never acknowledged), then 1 of the second run's 2.
    log = tray_log(["bondo"]) + tray_log(["peek", "bondo"]) + tray_log(["bondo"])
    assert check_against_log([], HEADER, log, 1, runs(*rolled, kept=[3, 4])) == (0, [])


def test_a_move_counted_twice_is_a_phantom_even_at_the_end_of_a_run():
    rolled = [["peek", "bondo", "peek", "bondo"]]
    log = tray_log(["peek", "bondo", "bondo"])  # the second roll applied twice before the cut
    phantom, problems = check_against_log([], HEADER, log, 0, runs(*rolled, kept=[3]))
    assert phantom == 1 and "not the tray's rolls in order" in problems[0]


def test_a_move_nobody_rolled_is_a_phantom():
    rolled = [["peek", "bondo"]]
    log = tray_log(["peek", "bondo", "peek"])  # one more than the tray rolled
    phantom, problems = check_against_log([], HEADER, log, 0, runs(*rolled, kept=[3]))
    assert phantom == 1 and "the tray rolled 2" in problems[0]


def test_a_roll_lost_from_the_middle_of_a_run_is_caught():
    rolled = [["peek", "bondo", "peek", "bondo"]]
    log = tray_log(["peek", "peek", "bondo"])  # the second roll gone, the ones after it kept
    phantom, problems = check_against_log([], HEADER, log, 0, runs(*rolled, kept=[3]))
    assert phantom == 2 and problems
