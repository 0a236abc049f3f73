"""The dice tray's wire format: one module for both ends, the tray (MicroPython) and the table.

A frame is one line of printable ASCII, sent with CR LF:

    $TYPE,seq,field,...*CS

CS is the NMEA 0183 checksum: the XOR of every byte between "$" and "*", as two upper-case
hex digits. Every frame carries the sender's sequence number (0 to 65535, then 0 again).
docs/dicetray-protocol.md is the reference; this module is the one place that reads and
writes frames, so the two ends cannot disagree.

Written in the Python that both MicroPython and CPython run: no typing, dataclasses,
f-strings or str.isalnum, and no imports.
"""

MAX_LINE = 120  # bytes before CR LF; anything longer is garbage
SEQ_MOD = 65536

# Frame types sent by the tray, with the names of their fields after the sequence number.
FROM_TRAY = {
    "HELLO": ("boot", "firmware", "faces"),
    "ROLL": ("face", "trigger"),
    "STATUS": ("health", "battery", "armed", "dropped"),
    "ACK": ("ref", "command", "result"),
}

# Frame types sent by the table (commands).
FROM_HOST = {
    "PING": (),
    "STATE": (),
    "ARM": ("armed",),
    "IDENT": ("seconds",),
    "ROLL": (),
    "DIE": ("faces",),  # since firmware 1.1.0: the die of the game being played
}

TRIGGERS = ("button", "tilt", "host")
HEALTH = ("ok", "warn", "fault")
RESULTS = ("ok", "busy")

_DIGITS = "0123456789"
_HEX = "0123456789ABCDEF"
_WORD = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"

# Reasons a line is dropped; receivers count them under these names.
GARBAGE = "garbage"  # not a frame at all: no $...*CS shape, not ASCII, too long
CHECKSUM = "checksum"  # the shape of a frame, but the checksum does not match
UNKNOWN_TYPE = "unknown_type"  # a checksummed frame of a type this end does not take
BAD_FIELD = "bad_field"  # a known type with missing, extra or malformed fields


class FrameError(ValueError):
    """A line that is not a frame this end accepts; `reason` is one of the names above."""

    def __init__(self, reason, detail):
        ValueError.__init__(self, detail)
        self.reason = reason
        self.detail = detail


def checksum(body):
    """The NMEA checksum of the text between "$" and "*"."""
    value = 0
    for ch in body:
        value ^= ord(ch)
    return value


def encode(kind, seq, fields=()):
    """The frame as text without the line ending."""
    body = kind + "," + str(seq % SEQ_MOD)
    for field in fields:
        body += "," + str(field)
    return "$%s*%02X" % (body, checksum(body))


def parse(line, types):
    """(type, seq, fields) of a frame whose type is in `types` (FROM_TRAY or FROM_HOST).

    Raises FrameError for anything else. Strict on purpose: a line is accepted only if
    encoding what was read gives back exactly the same line.
    """
    if isinstance(line, (bytes, bytearray)):
        try:
            line = bytes(line).decode("ascii")
        except (UnicodeError, ValueError):
            raise FrameError(GARBAGE, "not ASCII")
    if len(line) > MAX_LINE:
        raise FrameError(GARBAGE, "longer than %d characters" % MAX_LINE)
    for ch in line:
        if ch < " " or ch > "~":
            raise FrameError(GARBAGE, "control or non-ASCII character")
    if len(line) < 5 or line[0] != "$" or line[-3] != "*":
        raise FrameError(GARBAGE, "not $...*CS")
    body = line[1:-3]
    if "$" in body or "*" in body:
        raise FrameError(GARBAGE, "$ or * inside a frame")
    given = line[-2:]
    if given[0] not in _HEX or given[1] not in _HEX:
        raise FrameError(GARBAGE, "checksum is not two upper-case hex digits")
    if int(given, 16) != checksum(body):
        raise FrameError(CHECKSUM, "checksum %s, expected %02X" % (given, checksum(body)))
    parts = body.split(",")
    kind = parts[0]
    if kind not in types:
        raise FrameError(UNKNOWN_TYPE, "unknown frame type %s" % kind[:12])
    names = types[kind]
    if len(parts) != 2 + len(names):
        raise FrameError(BAD_FIELD, "%s takes %d fields, not %d" % (kind, 1 + len(names), len(parts) - 1))
    seq = number(parts[1], 0, SEQ_MOD - 1)
    if seq is None:
        raise FrameError(BAD_FIELD, "bad sequence number")
    fields = tuple(parts[2:])
    for i in range(len(names)):
        problem = _check_field(kind, names[i], fields[i])
        if problem:
            raise FrameError(BAD_FIELD, "%s %s: %s" % (kind, names[i], problem))
    return kind, seq, fields


def number(text, low, high):
    """The value of a plain decimal (no sign, no leading zero) within [low, high], else None."""
    if not text or len(text) > 6:
        return None
    for ch in text:
        if ch not in _DIGITS:
            return None
    if len(text) > 1 and text[0] == "0":
        return None
    value = int(text)
    if value < low or value > high:
        return None
    return value


def is_word(text, longest=12):
    """A face name or other token: 1 to `longest` letters, digits, "_" or "-"."""
    if not text or len(text) > longest:
        return False
    for ch in text:
        if ch not in _WORD:
            return False
    return True


def split_faces(text):
    """The die's faces from a HELLO frame's list "1|2|3|4|peek|bondo", or None if malformed."""
    faces = text.split("|")
    if len(faces) < 2 or len(faces) > 20:
        return None
    for i in range(len(faces)):
        if not is_word(faces[i]) or faces[i] in faces[:i]:
            return None
    return tuple(faces)


def join_faces(faces):
    return "|".join(faces)


def newer(seq, last):
    """Whether `seq` comes after `last` (serial number arithmetic, RFC 1982 style)."""
    step = (seq - last) % SEQ_MOD
    return 0 < step < SEQ_MOD // 2


def _check_field(kind, name, value):
    if name in ("armed",):
        return None if value in ("0", "1") else "must be 0 or 1"
    if name in ("ref", "dropped"):
        return None if number(value, 0, SEQ_MOD - 1) is not None else "must be a number"
    if name == "seconds":
        return None if number(value, 1, 60) is not None else "must be 1 to 60"
    if name == "boot":
        if len(value) != 4:
            return "must be 4 hex digits"
        for ch in value:
            if ch not in _HEX:
                return "must be 4 hex digits"
        return None
    if name == "firmware":
        if not value or len(value) > 16:
            return "must be a version like 1.0.0"
        for part in value.split("."):
            if not part:
                return "must be a version like 1.0.0"
            for ch in part:
                if ch not in _DIGITS:
                    return "must be a version like 1.0.0"
        return None
    if name == "faces":
        return None if split_faces(value) else "must be 2 to 20 distinct words joined by |"
    if name == "face":
        return None if is_word(value) else "must be a word"
    if name == "trigger":
        return None if value in TRIGGERS else "must be one of " + ", ".join(TRIGGERS)
    if name == "health":
        return None if value in HEALTH else "must be one of " + ", ".join(HEALTH)
    if name == "battery":
        return None if value == "" or number(value, 0, 100) is not None else "must be empty or 0 to 100"
    if name == "command":
        return None if value in FROM_HOST else "must be a command"
    if name == "result":
        return None if value in RESULTS else "must be one of " + ", ".join(RESULTS)
    return "unknown field"


class Lines:
    """Cuts a byte stream into lines (LF ends a line; any CRs before it are dropped).

    A line longer than MAX_LINE (its CRs before the LF not counted) is cut off and reported as
    TOO_LONG, so a stream of noise without line ends cannot grow the buffer.
    """

    TOO_LONG = b"\x00too long"

    def __init__(self):
        self._buf = bytearray()
        self._skipping = False
        self._crs = 0  # CRs read after the buffer's last other byte: dropped if the LF comes next

    def feed(self, data):
        out = []
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                self._take(data[start:], out)
                return out
            self._take(data[start:end], out)
            if self._skipping:
                self._skipping = False
            else:
                out.append(bytes(self._buf))
            self._buf = bytearray()
            self._crs = 0
            start = end + 1

    def _take(self, chunk, out):
        if self._skipping or not chunk:
            return
        end = len(chunk)
        while end and chunk[end - 1] == 13:  # CR
            end -= 1
        if end:
            body = chunk[:end]
            if self._crs:
                # A CR inside the line is no line end: kept (one is enough), the frame is refused.
                body = b"\r" + body
            if len(self._buf) + len(body) > MAX_LINE:
                self._buf = bytearray()
                self._crs = 0
                self._skipping = True
                out.append(Lines.TOO_LONG)
                return
            self._buf.extend(body)
            self._crs = 0
        # Counted, never stored: any number of CRs before the LF cost no room.
        self._crs = min(self._crs + len(chunk) - end, MAX_LINE)
