"""deploy/pi/install.sh on a fresh Debian 12, as a table's owner runs it, and an update after it.

A Debian 12 root is built during the run and boots its own systemd (tests/support/booted_root.py).
A normal user with sudo clones the repository and runs install.sh. The table starts at the
release that wrote the first fixture database (tests/store/fixtures/), with that database as its
games; then the owner updates it as docs/pi.md says, git pull and install.sh again, and runs
install.sh once more. Throughout: the service is enabled and runs the app, Mosquitto runs with
the table's drop-in, the phone page is served, an anonymous client receives the table's state,
the dice tray's udev rule is in place, a stop and start resumes the game, and after the update
every game and setting is still there.

The root has no screen: a drop-in written by this test (not by install.sh) makes SDL draw
offscreen, the only difference from a Pi's service. The root shares this machine's network, so
its Mosquitto takes ports 1883 and 9001 while the test runs (it skips if they are taken).
"""

from __future__ import annotations

import json
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.broadcast.conftest import Watcher
from tests.support import booted_root
from tests.support.as_root import rerun_as_root
from tests.support.booted_root import BootedRoot
from tests.support.under_test import commit_under_test, git

# The root's Mosquitto takes this machine's ports 1883 and 9001, as the fresh-start test's does:
# the two hold them in turn (tests/support/host_ports.py).
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1500)]

REPO = Path(__file__).resolve().parents[2]
OWNER = "pi"
CLONE = f"/home/{OWNER}/companion"
STATE = "companion/table1/state"
AVAILABILITY = "companion/table1/availability"
HEADLESS = """\
# Written by tests/deploy/test_pi_install.py only: the test's root has no screen to draw to.
[Service]
Environment=SDL_VIDEODRIVER=offscreen
"""


def earliest_release(target: str) -> str:
    """The commit that wrote the first fixture database: the oldest table an update must keep."""
    added = git("log", "--diff-filter=A", "--format=%H", "--reverse", target, "--", "tests/store/fixtures/")
    return added.split()[0] if added else target


def state_of(watcher: Watcher, fresh: bool = False) -> dict | None:
    messages = [m for m in watcher.on(STATE) if not (fresh and m.retain)]
    return json.loads(messages[-1].payload) if messages and messages[-1].payload else None


def state_after(action, want, timeout: float = 60):
    """What `action` (a start, an update) returns, and the state the app publishes after it once
    `want` holds: watched from before the action, so only what the app publishes now counts, never
    the state the broker kept from the app that stopped (it would say the game resumed before the
    new app had, and an update pulled under an app still starting raced it)."""
    watcher = Watcher(1883, [STATE, AVAILABILITY])
    try:
        done = action()
        try:
            state = watcher.wait_for(lambda w: (s := state_of(w, fresh=True)) and want(s) and s,
                                     timeout=timeout)
        except AssertionError as exc:
            last = state_of(watcher) or {}
            seen = {k: last.get(k) for k in ("game", "moves", "revision", "version")}
            raise AssertionError(f"{exc}; the last state: {seen}") from None
        return done, state
    finally:
        watcher.client.loop_stop()
        watcher.client.disconnect()


def table_state(want, timeout: float = 60) -> dict:
    """The table's state as an anonymous client (a phone, a dashboard) receives it, once `want` holds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            watcher = Watcher(1883, [STATE, AVAILABILITY])
            break
        except (OSError, AssertionError):
            assert time.monotonic() < deadline, "the root's Mosquitto never let an anonymous client in"
            time.sleep(0.5)
    try:
        return watcher.wait_for(lambda w: (s := state_of(w)) and want(s) and s, timeout=timeout)
    except AssertionError as exc:
        last = state_of(watcher) or {}
        seen = {k: last.get(k) for k in ("game", "moves", "revision", "version")}
        raise AssertionError(f"{exc}; the last state: {seen}") from None
    finally:
        watcher.client.loop_stop()
        watcher.client.disconnect()


def check_the_table(root: BootedRoot, table_name: str) -> None:
    """What install.sh promises, seen from inside the root and from a client outside it."""
    assert root.run(["systemctl", "is-enabled", "companion"]).stdout.strip() == "enabled"
    active = root.run(["systemctl", "is-active", "companion", "mosquitto"], check=False).stdout.split()
    assert active == ["active", "active"], root.run(["systemctl", "status", "companion", "mosquitto",
                                                     "--no-pager"], check=False).stdout
    pid = root.run(["systemctl", "show", "-P", "MainPID", "companion"]).stdout.strip()
    cmdline = root.run(["cat", f"/proc/{pid}/cmdline"]).stdout.split("\0")
    assert f"{CLONE}/.venv/bin/companion" in cmdline and "run" in cmdline, cmdline
    assert root.run(["stat", "-c", "%U", f"/proc/{pid}"]).stdout.strip() == OWNER, "the app runs as the owner"
    # Mosquitto with the table's drop-in: the phone page on 9001, anonymous clients may read.
    assert (root.path / "etc/mosquitto/conf.d/companion.conf").exists()
    page = urllib.request.urlopen("http://127.0.0.1:9001/index.html", timeout=10).read().decode()
    assert page == (root.path / "usr/local/share/companion/web/index.html").read_text()
    assert page == (Path(root.path, CLONE.lstrip("/")) / "companion/web/index.html").read_text()
    assert table_state(lambda s: True)["table"]["name"] == table_name
    # The dice tray's rule.
    rule = (root.path / "etc/udev/rules.d/60-dicetray.rules").read_text()
    assert rule == (Path(root.path, CLONE.lstrip("/")) / "deploy/udev/60-dicetray.rules").read_text()


def history(root: BootedRoot) -> list[dict]:
    out = root.run([f"{CLONE}/.venv/bin/companion", "history", "--json", "--config",
                    "/etc/companion/config.toml"], user=OWNER)
    return json.loads(out.stdout)


def test_a_fresh_debian_installs_the_table_and_an_update_keeps_its_games(tmp_path, request):
    if rerun_as_root(request):  # a booted Debian (systemd, cgroups) needs root from start to end
        return
    reason = booted_root.why_not()
    if reason:
        pytest.skip(reason)
    request.getfixturevalue("machine_ports")  # held here, by the run that uses them
    booted_root.remove_stale_cgroups()
    target = commit_under_test()
    earlier = earliest_release(target)
    started = time.monotonic()
    timings: dict[str, float] = {}
    root = BootedRoot(tmp_path / "root", tmp_path / "root.log")

    def lap(name: str) -> None:
        timings[name] = round(time.monotonic() - started - sum(timings.values()), 1)

    try:
        root.build()
        lap("debootstrap")
        root.boot()
        root.run(["update-ca-certificates"])
        root.run(["useradd", "--create-home", "--shell", "/bin/bash", "--groups", "sudo", OWNER])
        sudoers = root.path / "etc/sudoers.d" / OWNER
        sudoers.write_text(f"{OWNER} ALL=(ALL) NOPASSWD: ALL\n")
        sudoers.chmod(0o440)
        lap("boot")

        # The repository the table pulls its updates from, at the commit under test.
        bare = root.path / "srv/companion.git"
        subprocess.run(["git", "init", "-q", "--bare", "--initial-branch=main", str(bare)], check=True)
        git("push", "-q", str(bare), f"{target}:refs/heads/main")
        root.run(["chown", "-R", f"{OWNER}:", "/srv/companion.git"])
        root.run(["git", "clone", "-q", "/srv/companion.git", "companion"], user=OWNER)
        root.run(["git", "-C", "companion", "reset", "-q", "--hard", earlier], user=OWNER)

        # The earlier release, installed.
        first = root.run(["companion/deploy/pi/install.sh"], user=OWNER, timeout=900)
        assert "Installed: the companion starts at every boot." in first.stdout
        lap("install (earlier release)")
        dropin = root.path / "etc/systemd/system/companion.service.d/headless.conf"
        dropin.parent.mkdir(parents=True)
        dropin.write_text(HEADLESS)
        root.run(["systemctl", "daemon-reload"])
        # Its games: the database that release wrote, as the table's own; a setting changed.
        fixtures = sorted(Path(root.path, CLONE.lstrip("/"), "tests/store/fixtures").glob("*.db"))
        assert fixtures, f"the release {earlier} has no fixture database"
        manifest = json.loads(fixtures[0].with_suffix(".json").read_text())
        root.run(["install", "-o", OWNER, "-m", "640", str(fixtures[0]).removeprefix(str(root.path)),
                  "/var/lib/companion/companion.db"])
        config = root.path / "etc/companion/config.toml"
        config.write_text(config.read_text().replace('name = "Game table"', 'name = "Kitchen table"'))
        password = (root.path / "etc/companion/mqtt-password").read_text()
        (playing,) = [g for g in manifest["games"] if g["status"] == "playing"]
        over = sorted((g for g in manifest["games"] if g["status"] != "playing"), key=lambda g: -g["id"])

        root.run(["systemctl", "start", "companion"])
        check_the_table(root, "Kitchen table")
        resumed = table_state(lambda s: s.get("moves") == playing["moves"])
        assert [p["name"] for p in resumed["players"]] == playing["players"]
        assert resumed["game"] == playing["game"]

        # A stop and a start: the game resumes where it was.
        root.run(["systemctl", "stop", "companion"])
        assert root.run(["systemctl", "is-active", "companion"], check=False).stdout.strip() == "inactive"
        _, again = state_after(lambda: root.run(["systemctl", "start", "companion"]),
                               lambda s: s.get("moves") == playing["moves"])
        assert again["players"] == resumed["players"] and again["view"] == resumed["view"]
        lap("checks (earlier release)")

        # The update, as docs/pi.md tells the owner.
        root.run(["git", "-C", "companion", "pull", "-q", "--ff-only"], user=OWNER)
        assert root.run(["git", "-C", "companion", "rev-parse", "HEAD"], user=OWNER).stdout.strip() == target
        try:
            update, after = state_after(
                lambda: root.run(["companion/deploy/pi/install.sh"], user=OWNER, timeout=900),
                lambda s: s.get("moves") == playing["moves"])
        except AssertionError as exc:
            log = root.run(["journalctl", "-u", "companion", "--no-pager", "-n", "400"], check=False).stdout
            raise AssertionError(f"{exc}\nthe service's log:\n{log}") from None
        assert "Restarted: the table runs this version now" in update.stdout, update.stdout
        lap("update")
        check_the_table(root, "Kitchen table")  # the setting kept
        assert after["players"] == resumed["players"] and after["game"] == playing["game"]
        assert (root.path / "etc/companion/mqtt-password").read_text() == password
        listed = history(root)
        journal = root.run(["journalctl", "-u", "companion", "--no-pager", "-n", "400"], check=False).stdout
        assert [(r["id"], r["game"], r["players"], r["status"], r["result"]) for r in listed] == [
            (g["id"], g["game"], g["players"], g["status"], g["result"]) for g in over
        ], f"the service's log:\n{journal}"

        # Run once more, as after any update: nothing left to install, the table as it was.
        third = root.run(["companion/deploy/pi/install.sh"], user=OWNER, timeout=300)
        assert "Installing" not in third.stdout + third.stderr, third.stdout + third.stderr
        check_the_table(root, "Kitchen table")
        assert table_state(lambda s: s.get("moves") == playing["moves"])["players"] == resumed["players"]
        lap("install again")
    finally:
        root.close()
        print(f"fresh-root install test: {round(time.monotonic() - started, 1)} s {timings} "
              f"(from {earlier[:10]} to {target[:10]})")
