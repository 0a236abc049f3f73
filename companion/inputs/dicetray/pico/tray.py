"""What the dice tray does, apart from its pins: rolls, frames, and answers to the table.

The same code runs on the Pico (firmware/main.py gives it the pins, the LEDs and the USB
serial line) and in the table's simulator (companion/inputs/dicetray/sim.py gives it a
pseudo-terminal). Nothing here touches hardware: the caller passes in

    random_bytes(n) -> bytes   the hardware random source
    send(line)                 writes one frame (without the line end) to the table
    display                    an object with show_face(i), spin(step), set_ready(on),
                               identify(on), clear() and die(faces)
    battery() -> int | None    optional: battery charge in percent
"""

from . import frames, roll

FIRMWARE = "1.1.0"  # 1.1.0: learns the game's die (DIE)
# The die the tray rolls at power-up, until the table says which die its game rolls (DIE):
# BondCones' Dice Cone, so that a table with an older companion, which never says, still works.
DEFAULT_FACES = ("1", "2", "3", "4", "peek", "bondo")
ROLLING_MS = 600  # the LEDs spin this long before the face is shown and sent
SPIN_STEP_MS = 60
STATUS_EVERY_MS = 30000
IDENTIFY_BLINK_MS = 250
LOW_BATTERY = 15  # percent: health "warn" below this


class Tray:
    def __init__(self, faces, boot, random_bytes, send, display, battery=None, firmware=FIRMWARE):
        if frames.split_faces(frames.join_faces(faces)) is None:
            raise ValueError("faces must be 2 to 20 distinct words of letters, digits, _ or -")
        self.faces = tuple(faces)
        self.boot = boot
        self.firmware = firmware
        self.display = display
        self.battery = battery
        self.seq = 0
        self.armed = False
        self.dropped = 0  # frames from the table that were not accepted
        self.rolls = 0
        self.last_face = None
        self._random = random_bytes
        self._send = send
        self._host_seq = None
        self._rolling = None  # [face index, trigger, ms left, ms to next spin step, step]
        self._identify_left = 0
        self._identify_phase = 0
        self._since_status = 0
        self._lines = frames.Lines()
        self.shake = roll.Shake()

    # -- frames to the table ---------------------------------------------------------------

    def start(self):
        """Say hello at power-up: the table learns the die's faces and that this is a new boot."""
        self.display.clear()
        self.hello()
        self.status()

    def hello(self):
        self._frame("HELLO", (self.boot, self.firmware, frames.join_faces(self.faces)))

    def status(self):
        percent = self.battery() if self.battery else None
        health = "warn" if percent is not None and percent < LOW_BATTERY else "ok"
        battery = "" if percent is None else str(max(0, min(100, int(percent))))
        self._since_status = 0
        self._frame("STATUS", (health, battery, "1" if self.armed else "0", str(self.dropped % frames.SEQ_MOD)))

    def _frame(self, kind, fields):
        self.seq = (self.seq + 1) % frames.SEQ_MOD
        self._send(frames.encode(kind, self.seq, fields))

    # -- inputs ----------------------------------------------------------------------------

    def press(self, trigger="button"):
        """The roll button (or a shake, or the table) starts a roll; False while one is running."""
        if self._rolling is not None:
            return False
        face = roll.pick(len(self.faces), self._random)
        self._rolling = [face, trigger, ROLLING_MS, 0, 0]
        return True

    def tilt_changed(self):
        self.shake.changed()

    def receive(self, data):
        """Bytes from the table: complete lines are handled, a partial line waits for the rest."""
        for line in self._lines.feed(data):
            self.handle_line(line)

    def handle_line(self, line):
        try:
            kind, seq, fields = frames.parse(line, frames.FROM_HOST)
        except frames.FrameError:
            self.dropped += 1
            return
        if kind == "STATE":
            # The table (re)opened the line: its numbering may have started again.
            self._host_seq = seq
            self.hello()
            self.status()
            self._ack(seq, kind, "ok")
            return
        if self._host_seq is not None and not frames.newer(seq, self._host_seq):
            self.dropped += 1
            return
        self._host_seq = seq
        if kind == "PING":
            self._ack(seq, kind, "ok")
        elif kind == "ARM":
            self.armed = fields[0] == "1"
            if self._identify_left == 0:
                self.display.set_ready(self.armed)
            self._ack(seq, kind, "ok")
        elif kind == "IDENT":
            self._identify_left = int(fields[0]) * 1000
            self._identify_phase = 0
            self._ack(seq, kind, "ok")
        elif kind == "ROLL":
            self._ack(seq, kind, "ok" if self.press("host") else "busy")
        elif kind == "DIE":
            self.use_die(frames.split_faces(fields[0]))
            self._ack(seq, kind, "ok")

    def use_die(self, faces):
        """Roll these faces from now on (the game being played changed), and say so in a HELLO.

        A roll still spinning was a roll of the other die: it is dropped, never sent.
        """
        faces = tuple(faces)
        if faces != self.faces:
            self.faces = faces
            self._rolling = None
            self.last_face = None
            self.display.die(faces)
            self.display.clear()
        self.hello()  # the table checks every roll against the faces of the last HELLO

    def _ack(self, ref, command, result):
        self._frame("ACK", (str(ref), command, result))

    # -- time ------------------------------------------------------------------------------

    def tick(self, elapsed_ms):
        """Move time on by `elapsed_ms`: the spin, the identify blink, shakes, periodic status."""
        if self.shake.tick(elapsed_ms):
            self.press("tilt")
        if self._rolling is not None:
            self._spin(elapsed_ms)
        if self._identify_left > 0:
            self._blink(elapsed_ms)
        self._since_status += elapsed_ms
        if self._since_status >= STATUS_EVERY_MS:
            self.status()

    def _spin(self, elapsed_ms):
        rolling = self._rolling
        rolling[2] -= elapsed_ms
        rolling[3] -= elapsed_ms
        if rolling[2] > 0:
            if rolling[3] <= 0:
                rolling[3] = SPIN_STEP_MS
                rolling[4] += 1
                self.display.spin(rolling[4] % len(self.faces))
            return
        face, trigger = rolling[0], rolling[1]
        self._rolling = None
        self.rolls += 1
        self.last_face = face
        self.display.show_face(face)
        self._frame("ROLL", (self.faces[face], trigger))

    def _blink(self, elapsed_ms):
        self._identify_left = max(0, self._identify_left - elapsed_ms)
        if self._identify_left == 0:
            self.display.identify(False)
            self.display.set_ready(self.armed)
            if self.last_face is not None:
                self.display.show_face(self.last_face)
            return
        phase = (self._identify_left // IDENTIFY_BLINK_MS) % 2
        if phase != self._identify_phase:
            self._identify_phase = phase
            self.display.identify(phase == 1)
