"""firmware/main.py on CPython with fake machine pins: button, debounce, LEDs, Ctrl-C, maintenance."""

import io

import pytest

from companion.inputs.dicetray.pico import frames


@pytest.fixture
def program(firmware):
    sent = []
    p = firmware.Program(send=sent.append)
    p.tray.start()
    p.sent = sent
    return p


def pin(firmware, number):
    return firmware.machine.Pin(number)


def kinds(sent):
    return [frames.parse(line, frames.FROM_TRAY)[0] for line in sent]


def test_a_chattering_press_is_one_roll_shown_on_its_led(firmware, program):
    button = pin(firmware, firmware.ROLL_BUTTON)
    timer = program.button.timer
    for level in (0, 1, 0, 1, 0):  # contact chatter: each edge restarts the settle timer
        button.drive(level)
    assert timer.period == firmware.SETTLE_MS
    timer.fire()  # 20 ms of quiet: the pin is read again, still low
    button.drive(1)
    button.drive(0)
    button.drive(1)
    timer.fire()  # released
    for _ in range(80):
        firmware.time.advance(10)
        program.step()
    rolls = [frames.parse(line, frames.FROM_TRAY) for line in program.sent if line.startswith("$ROLL")]
    assert len(rolls) == 1
    face = rolls[0][2][0]
    lit = [led.value() for led in program.leds.faces]
    assert lit == [1 if f == face else 0 for f in firmware.FACES]


def test_a_glitch_that_is_gone_when_the_timer_runs_out_is_no_press(firmware, program):
    button = pin(firmware, firmware.ROLL_BUTTON)
    button.drive(0)
    button.drive(1)
    program.button.timer.fire()
    firmware.time.advance(1000)
    program.step()
    assert "ROLL" not in kinds(program.sent)


def test_commands_from_the_table_reach_the_tray(firmware, program):
    program.step((frames.encode("STATE", 1, ()) + "\r\n").encode())
    program.step((frames.encode("ARM", 2, ("1",)) + "\r\n").encode())
    assert pin(firmware, firmware.READY_LED).value() == 1
    assert kinds(program.sent)[-4:] == ["HELLO", "STATUS", "ACK", "ACK"]


def test_shaking_the_tilt_switch_rolls(firmware, program):
    tilt = pin(firmware, firmware.TILT_SWITCH)
    for level in (0, 1) * 5:
        tilt.drive(level)
        firmware.time.advance(20)
        program.step()
    for _ in range(150):
        firmware.time.advance(10)
        program.step()
    assert kinds(program.sent).count("ROLL") == 1


class Stop(Exception):
    pass


class FakeStdin:
    def __init__(self, data: bytes):
        self.buffer = io.BytesIO(data)


class FakePoll:
    """select.poll over the fake stdin; stops the main loop after some turns."""

    def __init__(self, stdin, turns):
        self.stdin, self.turns = stdin, turns

    def register(self, stream, events):
        pass

    def poll(self, timeout):
        buffer = self.stdin.buffer
        if buffer.tell() < len(buffer.getvalue()):
            return [(self.stdin, 1)]
        self.turns -= 1
        if self.turns < 0:
            raise Stop
        return []


def run_main(firmware, monkeypatch, data: bytes, turns=50):
    stdin = FakeStdin(data)
    printed = []
    monkeypatch.setattr(firmware, "sys", type("sys", (), {"stdin": stdin}))
    monkeypatch.setattr(firmware, "select", type("select", (), {"POLLIN": 1, "poll": lambda: FakePoll(stdin, turns)}))
    monkeypatch.setattr(firmware, "send", printed.append)
    with pytest.raises(Stop):
        firmware.main()
    return printed


def test_ctrl_c_from_the_table_does_not_stop_the_program(firmware, monkeypatch):
    micropython = firmware.micropython
    data = b"\x03\x03\r\n" + (frames.encode("PING", 5, ()) + "\r\n").encode()
    printed = run_main(firmware, monkeypatch, data)
    assert micropython.kbd_intr_calls == [-1]  # Ctrl-C handling is off before anything is read
    got = [frames.parse(line, frames.FROM_TRAY) for line in printed]
    assert got[0][0] == "HELLO"
    assert ("ACK", ("5", "PING", "ok")) in [(k, f) for k, _, f in got]


def test_holding_the_roll_button_at_power_up_leaves_the_repl_alone(firmware, monkeypatch):
    pin(firmware, firmware.ROLL_BUTTON).level = 0
    firmware.main()  # returns at once: the REPL (and mpremote) keep working
    assert firmware.micropython.kbd_intr_calls == []
    assert all(pin(firmware, n).value() == 1 for n in firmware.FACE_LEDS)


def test_the_tray_rolls_the_die_the_table_names_and_lights_the_led_of_its_face(firmware, program):
    program.step((frames.encode("STATE", 1, ()) + "\r\n").encode())
    program.step((frames.encode("DIE", 2, ("1|2|3|4|5|6",)) + "\r\n").encode())
    assert kinds(program.sent)[-2:] == ["HELLO", "ACK"]
    assert program.tray.faces == ("1", "2", "3", "4", "5", "6")
    program.step((frames.encode("ROLL", 3, ()) + "\r\n").encode())
    for _ in range(80):
        firmware.time.advance(10)
        program.step()
    (roll,) = [frames.parse(line, frames.FROM_TRAY) for line in program.sent if line.startswith("$ROLL")]
    face = roll[2][0]
    assert face in ("1", "2", "3", "4", "5", "6")
    assert [led.value() for led in program.leds.faces] == [1 if f == face else 0 for f in "123456"]
