"""`companion dicetray-sim`: a tray in a terminal that the table's driver connects to like the real one."""

import queue
import subprocess
import sys
import threading

from companion.inputs.dicetray.driver import DiceTray
from tests.inputs.tray_end import wait_until


def test_the_simulated_tray_rolls_when_enter_is_pressed(tmp_path):
    link = tmp_path / "dicetray"
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "dicetray-sim", "--link", str(link)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    lines: queue.SimpleQueue = queue.SimpleQueue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()
    try:
        first = lines.get(timeout=10)
        assert first.startswith("Simulated dice tray on /dev/pts/")
        assert f"(also {link})" in first and "die 1 2 3 4 peek bondo" in first
        rolls: queue.SimpleQueue = queue.SimpleQueue()
        with DiceTray(str(link), on_roll=lambda face, info: rolls.put((face, info))) as tray:
            wait_until(lambda: tray.connected, timeout=3)
            proc.stdin.write("\n")
            proc.stdin.flush()
            face, info = rolls.get(timeout=3)
            assert face in ("1", "2", "3", "4", "peek", "bondo") and info["trigger"] == "button"
        proc.stdin.write("q\n")
        proc.stdin.flush()
        assert proc.wait(timeout=5) == 0
        assert not link.exists()
    finally:
        proc.kill()
        proc.wait()


def test_faces_that_are_not_words_are_refused():
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "dicetray-sim", "--faces", "1,two words"],
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert done.returncode == 2
    assert "faces must be" in done.stderr
