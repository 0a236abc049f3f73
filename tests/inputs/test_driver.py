"""The dice tray driver on real pseudo-terminals: open, stale bytes, partial lines, noise, unplug."""

from __future__ import annotations

import queue
import time

import pytest
import serial

from companion.inputs.dicetray.driver import DiceTray
from companion.inputs.dicetray.pico import frames
from tests.inputs.tray_end import TrayEnd, wait_until


class Rolls:
    def __init__(self) -> None:
        self.q: queue.SimpleQueue = queue.SimpleQueue()

    def __call__(self, face, info) -> None:
        self.q.put((face, info))

    def get(self, timeout: float = 1.0):
        return self.q.get(timeout=timeout)

    def none(self, wait: float = 0.2) -> bool:
        try:
            got = self.q.get(timeout=wait)
        except queue.Empty:
            return True
        raise AssertionError(f"unexpected roll {got}")


@pytest.fixture
def end(tmp_path):
    e = TrayEnd(tmp_path / "dicetray")
    yield e
    e.close()


@pytest.fixture
def rolls():
    return Rolls()


@pytest.fixture
def statuses():
    return []


@pytest.fixture
def tray(end, rolls, statuses):
    t = DiceTray(str(end.link), on_roll=rolls, on_status=statuses.append, ping_interval=60)
    yield t
    t.close()


def connect(tray, end):
    tray.start()
    end.answer_state()
    wait_until(lambda: tray.connected)


def test_it_opens_the_stable_name_asks_for_state_and_reports_rolls(tray, end, rolls):
    connect(tray, end)
    end.roll("peek")
    face, info = rolls.get()
    assert face == "peek"
    assert info == {"seq": end.seq, "trigger": "button", "port": str(end.link), "firmware": "1.0.0", "boot": "BEEF"}
    assert tray.status().level == "ok"
    assert tray.status().detail == f"Connected on {end.link}: firmware 1.0.0, die 1 2 3 4 peek bondo"
    assert tray.faces == ("1", "2", "3", "4", "peek", "bondo")


def test_the_port_is_held_exclusively(tray, end):
    connect(tray, end)
    with pytest.raises(serial.SerialException):
        serial.Serial(str(end.link), exclusive=True)


def test_another_program_holding_the_port_is_shown(end, rolls, statuses):
    other = serial.Serial(str(end.link), exclusive=True)
    try:
        with DiceTray(str(end.link), on_roll=rolls, on_status=statuses.append) as tray:
            wait_until(lambda: tray.status().level == "error")
            assert "in use by another program" in tray.status().detail
        assert statuses[-1].level == "off"
    finally:
        other.close()


def test_stale_bytes_from_before_the_open_are_never_applied(tray, end, rolls):
    end.write("tton*1F\r\n")  # the tail of a frame from long ago
    end.roll("1")  # the tray was bumped while the table was off
    tray.start()
    seq, _ = end.expect("STATE")
    end.roll("2")  # sent before the tray saw the STATE request
    end.write("$ROLL,9,3,butt")  # and half a frame
    end.write("\r\n")
    end.hello()
    end.frame("ACK", seq, "STATE", "ok")
    wait_until(lambda: tray.connected)
    end.roll("4")
    assert rolls.get()[0] == "4"
    assert rolls.none()
    assert tray.receiver.dropped == 0  # expected leftovers are not "bad frames"


def test_partial_lines_and_noise_between_frames(tray, end, rolls):
    connect(tray, end)
    end.seq += 1
    whole = frames.encode("ROLL", end.seq, ("bondo", "tilt")) + "\r\n"
    for i in range(0, len(whole), 3):  # three bytes at a time, with pauses
        end.write(whole[i : i + 3])
        time.sleep(0.01)
    assert rolls.get() == ("bondo", rolls_info(end, "tilt"))
    end.write(b"\x00\xff noise \x03\x03 line\r\n$$$**\n\n")
    body = f"ROLL,{end.seq + 1},2,tilt"
    end.write("$%s*%02X\r\n" % (body, frames.checksum(body) ^ 1))  # a checksum that does not match
    end.seq += 1
    end.roll("1")
    assert rolls.get()[0] == "1"
    assert rolls.none()
    assert tray.receiver.counts["garbage"] == 2
    assert tray.receiver.counts["checksum"] == 1
    wait_until(lambda: "3 bad frames dropped" in tray.status().detail)


def rolls_info(end, trigger):
    return {"seq": end.seq, "trigger": trigger, "port": str(end.link), "firmware": "1.0.0", "boot": "BEEF"}


def test_a_face_the_die_does_not_have_and_a_repeated_frame_are_dropped(tray, end, rolls):
    connect(tray, end)
    end.roll("6")
    line = end.roll("3")
    end.write(line + "\r\n")  # the same frame again
    assert rolls.get()[0] == "3"
    assert rolls.none()
    assert tray.receiver.counts["unknown_face"] == 1
    assert tray.receiver.counts["repeated"] == 1


def test_unplug_and_replug_reconnects_by_itself_within_two_seconds(tray, end, rolls, statuses):
    connect(tray, end)
    for _ in range(3):
        end.unplug()
        wait_until(lambda: tray.status().level == "waiting")
        assert "unplugged" in tray.status().detail
        assert not tray.connected
        time.sleep(0.3)
        end.plug()
        start = time.monotonic()
        end.answer_state()
        wait_until(lambda: tray.connected, timeout=2.0)
        took = time.monotonic() - start
        assert took < 2.0
        end.roll("peek")
        assert rolls.get()[0] == "peek"
    assert tray.connects == 4
    levels = [s.level for s in statuses]
    assert levels.count("ok") >= 4 and levels.count("waiting") >= 4


def test_a_tray_missing_at_start_is_waited_for(tmp_path, rolls):
    end = TrayEnd(tmp_path / "dicetray", plugged=False)
    with DiceTray(str(end.link), on_roll=rolls) as tray:
        wait_until(lambda: tray.status().level == "waiting")
        assert tray.status().detail == f"Plug in the dice tray (looking for {end.link})"
        end.plug()
        end.answer_state()
        wait_until(lambda: tray.connected)
    end.close()


def test_something_that_is_not_a_tray_is_reported(end, rolls):
    with DiceTray(str(end.link), on_roll=rolls, answer_timeout=0.1) as tray:
        wait_until(lambda: tray.status().level == "error", timeout=3)
        assert "does not answer like a dice tray" in tray.status().detail
        assert len([c for c in end.commands(0.2) if c[0] == "STATE"]) >= 1


def test_a_quiet_tray_is_pinged_and_a_silent_one_reported(end, rolls):
    with DiceTray(str(end.link), on_roll=rolls, ping_interval=0.2) as tray:
        end.answer_state()
        wait_until(lambda: tray.connected)
        seq, _ = end.expect("PING", timeout=1)
        wait_until(lambda: tray.status().level == "error", timeout=2)
        assert "stopped answering" in tray.status().detail
        end.frame("ACK", seq, "PING", "ok")
        wait_until(lambda: tray.status().level == "ok")


def test_commands_reach_the_tray(tray, end):
    connect(tray, end)
    end.expect("ARM")  # told on connect whether a roll is expected
    tray.arm(True)
    assert end.expect("ARM")[1] == ("1",)
    tray.identify(3)
    assert end.expect("IDENT")[1] == ("3",)
    assert tray.request_roll()
    end.expect("ROLL")


def test_close_is_safe_twice_and_releases_the_port(end, rolls):
    tray = DiceTray(str(end.link), on_roll=rolls).start()
    end.answer_state()
    wait_until(lambda: tray.connected)
    tray.close()
    tray.close()
    assert tray.status().level == "off"
    serial.Serial(str(end.link), exclusive=True).close()  # free again
    assert not tray.request_roll()


def test_a_failing_roll_callback_does_not_drop_the_connection(end):
    calls = []

    def broken(face, info):
        calls.append(face)
        raise RuntimeError("the app's callback broke")

    with DiceTray(str(end.link), on_roll=broken) as tray:
        end.answer_state()
        wait_until(lambda: tray.connected)
        end.roll("1")
        wait_until(lambda: calls == ["1"])  # the roll did reach the (broken) callback
        end.roll("2")
        wait_until(lambda: calls == ["1", "2"])  # and the next one still arrives
        assert tray.connected and tray.connects == 1
