"""The journal on a table without X says plainly that middle-click paste is off, not CRITICAL."""

import os
import subprocess
import sys

import pytest

from companion.ui.kivy_logging import PLAIN

LOAD_CUTBUFFER = """
import kivy
if {quiet}:
    from companion.ui.kivy_logging import quiet_missing_cutbuffer
    quiet_missing_cutbuffer()
    quiet_missing_cutbuffer()
from kivy.core.clipboard import CutBuffer  # what typing a name into a TextInput loads
from kivy.logger import Logger
Logger.critical("Dice: a critical message of our own still comes through")
"""


def load_cutbuffer(tmp_path, quiet: bool) -> str:
    no_tools = tmp_path / "bin"  # no xclip or xsel, as on the touchscreen
    no_tools.mkdir(exist_ok=True)
    env = {
        **{k: v for k, v in os.environ.items() if k != "KIVY_NO_CONSOLELOG"},  # the suite hushes it
        "PATH": str(no_tools),
        "KIVY_HOME": str(tmp_path / "kivy"),
        "KIVY_NO_ARGS": "1",
        "KIVY_NO_FILELOG": "1",
        "SDL_VIDEODRIVER": "offscreen",
    }
    done = subprocess.run(
        [sys.executable, "-c", LOAD_CUTBUFFER.format(quiet=quiet)],
        env=env, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stderr


@pytest.mark.parametrize("quiet", [False, True])
def test_a_missing_cut_buffer_is_one_plain_info_line(tmp_path, quiet):
    log = load_cutbuffer(tmp_path, quiet)
    ours = "a critical message of our own still comes through"
    assert ours in log
    critical = [line for line in log.splitlines() if "CRITICAL" in line and ours not in line]
    if quiet:
        assert critical == []
        assert log.count(PLAIN.split(": ", 1)[1]) == 1
        assert "Traceback" not in log and "xclip -" not in log
    else:  # Kivy as it comes: what the journal said before
        assert any("Cutbuffer" in line for line in critical)
