"""The README's two commands on a fresh Debian 12 and 13, as a new user meets them, run twice.

A new user clones the repository on a fresh Debian (here a container with no systemd running,
tests/support/fresh_root.py) and runs ./start.sh: it installs what is missing, sets up
Mosquitto, starts a broker of its own for the phone page and says how to stop exactly that
broker; a second ./start.sh installs nothing. On Debian 13 the same for the test suite's set-up
(deploy/setup.sh test, which ./test.sh runs first; Debian 12's runs in every run of the suite),
and for the GPIO library on a Pi's Debian: PyPI has no lgpio wheel for Debian 13's Python 3.13 on
a Pi, so setup builds it from its source.

Debian 13 names some libraries anew (libmtdev1 is libmtdev1t64 there) and lacks what a minimal
Debian 12 had (pgrep, pidof, a pid_file in mosquitto.conf): each once made a second run install
again or a message name the wrong broker. The broker inside takes this machine's ports 1883 and
9001, as the Pi install test's does, so the two never run at the same time (the machine_ports lock in tests/deploy/conftest.py).
"""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

import pytest

from tests.support import fresh_root
from tests.support.as_root import copy_as_root
from tests.support.fresh_root import FreshRoot
from tests.support.under_test import commit_under_test

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1500), pytest.mark.usefixtures("machine_ports")]

REPO = Path(__file__).resolve().parents[2]
USER = "ann"
CLONE = f"/home/{USER}/companion"
DECOY_PORT = "18830"

# ./start.sh as a user runs it in a terminal: wait for the app to say it runs, press Ctrl+C, then
# type the command it printed to stop the broker it left running. The brokers running before and
# after that command say whether it stopped exactly that one.
START_AND_STOP = r"""
set -u
cd ~/companion
if [ -n "${DECOY_PORT:-}" ]; then  # somebody else's broker: not ./start.sh's to claim or stop
    sudo mosquitto -p "$DECOY_PORT" -d 2>/dev/null
    sleep 0.5
fi
out=$(mktemp)
SDL_VIDEODRIVER=offscreen setsid ./start.sh >"$out" 2>&1 </dev/null &
app=$!
for _ in $(seq 1 1200); do
    grep -q "Stop: press Ctrl+C" "$out" && break
    kill -0 "$app" 2>/dev/null || break
    sleep 0.5
done
sleep 1
kill -INT -- "-$app" 2>/dev/null
( sleep 60; kill -KILL -- "-$app" 2>/dev/null ) & guard=$!
wait "$app"; status=$?
kill "$guard" 2>/dev/null
cat "$out"
echo "@@ start.sh exit: $status"
echo "@@ brokers: $(deploy/pids-of.sh mosquitto | tr '\n' ' ')"
stop=$(sed -n 's/.*Stop it with: //p' "$out")
if [ -n "$stop" ]; then eval "$stop"; sleep 1; fi
echo "@@ brokers after the stop command: $(deploy/pids-of.sh mosquitto | tr '\n' ' ')"
"""

# What a run must never print: a tool missing on a minimal system, a warning, or a failure.
NEVER = re.compile(r"not found|^Warning|Warning:|Traceback|rror:", re.M)


def marked(output: str, name: str) -> list[int]:
    (line,) = [line for line in output.splitlines() if line.startswith(f"@@ {name}: ")]
    return [int(pid) for pid in line.split(": ", 1)[1].split()]


def start_and_stop(root: FreshRoot, decoy: bool) -> str:
    """./start.sh, Ctrl+C, and the stop command it printed; with another broker running if `decoy`."""
    env = {"DECOY_PORT": DECOY_PORT} if decoy else {}
    return root.run(["bash", "-c", START_AND_STOP], user=USER, env=env, timeout=900).stdout


def check_the_broker_it_names(output: str) -> int:
    """It says which broker it started, and the command it prints stops exactly that one."""
    started = re.search(r"Mosquitto: started for the phone page \(pid (\d+)\)", output)
    assert started, output
    pid = int(started.group(1))
    assert re.search(rf"Stop it with: sudo (kill {pid}|sh -c 'kill {pid}')$", output, re.M), output
    before, after = marked(output, "brokers"), marked(output, "brokers after the stop command")
    assert pid in before, output
    assert sorted(after) == sorted(p for p in before if p != pid), output
    return pid


@pytest.mark.parametrize("release", ["bookworm", "trixie"])
def test_a_new_user_starts_the_table_twice_and_the_second_time_installs_nothing(release, tmp_path):
    reason = fresh_root.why_not()
    if reason:
        pytest.skip(reason)
    started = time.monotonic()
    timings: dict[str, float] = {}

    def lap(name: str) -> None:
        timings[name] = round(time.monotonic() - started - sum(timings.values()), 1)

    root = FreshRoot(tmp_path / "root", tmp_path / "root.log", release)
    try:
        root.build()
        root.add_user(USER)
        bare = tmp_path / "companion.git"  # made here, then copied into the root (root's, for a user's run)
        subprocess.run(["git", "init", "-q", "--bare", "--initial-branch=main", str(bare)], check=True)
        subprocess.run(["git", "-C", str(REPO), "push", "-q", str(bare), f"{commit_under_test()}:refs/heads/main"],
                       check=True)
        copy_as_root(bare, root.path / "srv/companion.git")
        root.run(["chown", "-R", f"{USER}:", "/srv/companion.git"])
        root.run(["git", "clone", "-q", "/srv/companion.git", "companion"], user=USER)
        lap("debootstrap")

        first = start_and_stop(root, decoy=False)
        for says in ("Installing system packages", "Creating .venv", "Mosquitto is set up",
                     "Phone page: http://", "@@ start.sh exit: 0"):
            assert says in first, f"the first ./start.sh on {release} did not say {says!r}:\n{first}"
        check_the_broker_it_names(first)
        lap("first start")

        second = start_and_stop(root, decoy=True)
        setup_said = second.split("Mosquitto: started", 1)[0]
        assert setup_said.strip() == "", f"the second ./start.sh on {release} did again:\n{setup_said}"
        assert "Phone page: http://" in second and "@@ start.sh exit: 0" in second, second
        pid = check_the_broker_it_names(second)
        decoys = [p for p in marked(second, "brokers") if p != pid]
        assert decoys and decoys == marked(second, "brokers after the stop command"), second
        for output in (first, second):
            assert not NEVER.search(output), output
        lap("second start")

        if release != "trixie":
            return  # Debian 12's test set-up runs in every run of the suite (CI's own machine)
        # ./test.sh's set-up: the test suite's packages too; once done, a second run prints nothing.
        root.run([f"{CLONE}/deploy/setup.sh", "test"], user=USER, timeout=900)
        again = root.run([f"{CLONE}/deploy/setup.sh", "test"], user=USER)
        assert again.stdout + again.stderr == "", f"a second ./test.sh set-up on {release}:\n{again.stderr}"
        lap("test set-up")

        # On a Pi's Debian 13: the GPIO library, built from its source (PyPI has no wheel for 3.13).
        root.run([f"{CLONE}/deploy/setup.sh", "app"], user=USER, pi=True, timeout=900)
        built = root.run([f"{CLONE}/.venv/bin/python", "-c",
                          "import lgpio, sys; print(sys.version_info[:2], lgpio.__file__)"], user=USER).stdout
        assert f"{CLONE}/.venv/" in built, built
        again = root.run([f"{CLONE}/deploy/setup.sh", "app"], user=USER, pi=True)
        assert again.stdout + again.stderr == "", f"a second set-up on a Pi's {release}:\n{again.stderr}"
        lap("GPIO library")
    finally:
        root.close()
        print(f"fresh {release}: {round(time.monotonic() - started, 1)} s {timings}")
