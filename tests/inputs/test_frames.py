"""The wire format both ends share: NMEA checksums, strict parsing, line cutting."""

import pytest

from companion.inputs.dicetray.pico import frames

# Published NMEA 0183 sentences with their checksums: the first two from the "NMEA data"
# reference at gpsinformation.org (Dale DePriest), the rest from the sample log in
# Wikipedia's "NMEA 0183" article and the same reference's GSA/GSV/GLL/VTG examples.
NMEA_VECTORS = [
    "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47",
    "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A",
    "$GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1*39",
    "$GPGSV,2,1,08,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45*75",
    "$GPGLL,4916.45,N,12311.12,W,225444,A,*1D",
    "$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48",
    "$GPGGA,092750.000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,*76",
    "$GPRMC,092750.000,A,5321.6802,N,00630.3372,W,0.02,31.66,280511,,,A*43",
]


@pytest.mark.parametrize("sentence", NMEA_VECTORS)
def test_checksum_matches_published_nmea_sentences(sentence):
    body, given = sentence[1:].split("*")
    assert "%02X" % frames.checksum(body) == given


def test_a_frame_is_type_seq_fields_and_checksum():
    line = frames.encode("ROLL", 7, ("peek", "button"))
    assert line == "$ROLL,7,peek,button*%02X" % frames.checksum("ROLL,7,peek,button")
    assert frames.parse(line, frames.FROM_TRAY) == ("ROLL", 7, ("peek", "button"))
    assert frames.parse(line.encode(), frames.FROM_TRAY) == ("ROLL", 7, ("peek", "button"))


def test_every_frame_type_reads_back_what_was_written():
    samples = {
        "HELLO": ("1A2B", "1.0.0", "1|2|3|4|peek|bondo"),
        "ROLL": ("bondo", "tilt"),
        "STATUS": ("warn", "12", "1", "3"),
        "ACK": ("65535", "IDENT", "busy"),
    }
    for kind, fields in samples.items():
        assert frames.parse(frames.encode(kind, 65535, fields), frames.FROM_TRAY) == (kind, 65535, fields)
    for kind, fields in {"PING": (), "STATE": (), "ARM": ("1",), "IDENT": ("5",), "ROLL": ()}.items():
        assert frames.parse(frames.encode(kind, 0, fields), frames.FROM_HOST) == (kind, 0, fields)


def reason(line, types=frames.FROM_TRAY):
    with pytest.raises(frames.FrameError) as caught:
        frames.parse(line, types)
    return caught.value.reason


def test_bad_lines_are_refused_with_their_reason():
    good = frames.encode("ROLL", 3, ("peek", "button"))
    assert reason(good[:-2] + ("00" if good[-2:] != "00" else "01")) == frames.CHECKSUM
    lettered = next(f for f in (frames.encode("ROLL", n, ("1", "tilt")) for n in range(99)) if not f[-2:].isdigit())
    assert reason(lettered[:-2] + lettered[-2:].lower()) == frames.GARBAGE  # hex digits are upper case
    assert reason("hello world") == frames.GARBAGE
    assert reason("") == frames.GARBAGE
    assert reason(b"\xff\xfe$ROLL") == frames.GARBAGE
    assert reason("$ROLL,3,peek,button") == frames.GARBAGE  # no checksum
    assert reason("$" + "A" * 200 + "*00") == frames.GARBAGE
    assert reason(frames.encode("DANCE", 3, ())) == frames.UNKNOWN_TYPE
    assert reason(frames.encode("PING", 3, ())) == frames.UNKNOWN_TYPE  # a command, not a tray frame
    assert reason(frames.encode("ROLL", 3, ("peek",))) == frames.BAD_FIELD
    assert reason(frames.encode("ROLL", 3, ("peek", "kick"))) == frames.BAD_FIELD
    assert reason(frames.encode("ROLL", 3, ("pe ek", "button"))) == frames.BAD_FIELD
    assert reason("$ROLL,03,peek,button*%02X" % frames.checksum("ROLL,03,peek,button")) == frames.BAD_FIELD
    assert reason("$ROLL,70000,peek,button*%02X" % frames.checksum("ROLL,70000,peek,button")) == frames.BAD_FIELD
    assert reason(frames.encode("HELLO", 1, ("1A2B", "1.0", "1|1"))) == frames.BAD_FIELD  # faces repeat
    assert reason(frames.encode("STATUS", 1, ("ok", "101", "0", "0"))) == frames.BAD_FIELD


def test_lines_are_cut_at_line_feeds_whatever_the_chunks():
    stream = b"$A*00\r\n$B*00\n\r\n$C*0"
    for size in range(1, len(stream) + 1):
        lines = frames.Lines()
        out = []
        for i in range(0, len(stream), size):
            out += lines.feed(stream[i : i + size])
        assert out == [b"$A*00", b"$B*00", b""]
        assert lines.feed(b"0\n") == [b"$C*00"]


def test_a_line_without_end_cannot_grow_the_buffer():
    lines = frames.Lines()
    out = []
    for _ in range(1000):
        out += lines.feed(b"x" * 100)
    assert out == [frames.Lines.TOO_LONG]
    assert len(lines._buf) == 0
    assert lines.feed(b"tail\n$A*00\n") == [b"$A*00"]


def test_sequence_numbers_wrap_around():
    assert frames.newer(1, 0)
    assert frames.newer(0, 65535)
    assert not frames.newer(5, 5)
    assert not frames.newer(4, 5)
    assert not frames.newer(5 + 32768, 5)


def test_the_examples_in_the_protocol_document_are_valid_frames():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "dicetray-protocol.md").read_text()
    examples = set(re.findall(r"\$[A-Z]+,[^\s`*]*\*[0-9A-F]{2}", text)) - {"$ROLL,17,peek,button*1A"}
    assert len(examples) >= 9
    for line in examples:
        kind = line[1:].split(",")[0]
        types = frames.FROM_HOST if kind in ("STATE", "ARM", "PING", "IDENT", "DIE") or line.startswith("$ROLL,16") else frames.FROM_TRAY
        frames.parse(line, types)


def test_any_number_of_carriage_returns_before_the_line_feed_is_ignored():
    """docs/dicetray-protocol.md: at most 120 characters, any CRs before the LF ignored."""
    frame = frames.encode("HELLO", 1, ("1A2B", "1.0.0", "|".join("face%02d" % i for i in range(13))))
    assert len(frame) <= frames.MAX_LINE
    padded = frame.encode() + b"x" * (frames.MAX_LINE - len(frame))  # exactly 120 characters (junk after)
    for crs in (0, 1, 3, 500):
        for size in (1, 7, 1000):
            lines = frames.Lines()
            stream = padded + b"\r" * crs + b"\n"
            out = []
            for i in range(0, len(stream), size):
                out += lines.feed(stream[i : i + size])
            assert out == [padded], (crs, size)
    assert frames.Lines().feed(b"x" * (frames.MAX_LINE + 1) + b"\r\n") == [frames.Lines.TOO_LONG]
    assert frames.Lines().feed(b"$A\r*00\r\n") == [b"$A\r*00"], "a CR inside a line is kept: refused"


def test_the_documented_firmware_length_is_the_one_read():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "dicetray-protocol.md").read_text()
    longest = int(re.search(r"`firmware`: version, 1 to (\d+) characters", text).group(1))
    faces = "1|2|3|4|peek|bondo"
    ok = frames.encode("HELLO", 1, ("1A2B", ("1." * longest)[: longest - 1] + "9", faces))
    too_long = frames.encode("HELLO", 1, ("1A2B", ("1." * longest)[:longest] + "9", faces))
    assert frames.parse(ok, frames.FROM_TRAY)
    with pytest.raises(frames.FrameError):
        frames.parse(too_long, frames.FROM_TRAY)
