"""The virtual table installed as an owner installs a Pi, and played by touch: shared by
tests/deploy/test_vm_appliance.py and bench/vm_plug_pull.py.

`install(vt, folder)` does in the guest what docs/pi.md tells an owner (clone,
deploy/pi/install.sh, sudo reboot), with the test's touch panel in place from boot, and waits
for the Home screen. `play_by_touch` starts a game by taps on that panel (through a
tests/support/vm/touch_start.TouchedTable).
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

from tests.broadcast.conftest import Watcher
from tests.support.under_test import commit_under_test, git
from tests.support.vm import gpio_sim
from tests.support.vm.machine import VirtualTable

REPO = Path(__file__).resolve().parents[3]
PANEL = REPO / "tests/support/vm/panel.py"
STATE = "companion/table1/state"
# The guest draws with an emulated CPU and software GL: a tap shows a moment later, a new
# screen (with its transition) a little more.
TAP_PAUSE = 0.8
SCREEN_PAUSE = 2.5
# The guest's screen and the mirror's agree on this share of the screen when they show the same
# thing (the Home screens: 99%, their QR codes aside); the options screen against the board: 70%.
SAME_SCREEN = 0.95
# The board looks at its devices every few seconds (companion/ui/screens/play.py).
DEVICES_PAUSE = 6.0
CUTS = 3
SEED = 21
PANEL_UNIT = """\
# The test's stand-in for the 7-inch panel's touch controller: a device from boot, before the app.
# Early in the boot, as a kernel driver's device would be, not after everything a service waits
# for: ordered after basic.target it held the app back ~10 s of each boot of the emulated CPU.
[Unit]
Description=Test touch panel (raspberrypi-ts through uinput)
DefaultDependencies=no
After=systemd-udevd.service
Before=sysinit.target companion.service shutdown.target
Conflicts=shutdown.target
[Service]
Type=notify
ExecStart=/usr/bin/python3 /usr/local/lib/companion-test/panel.py
[Install]
WantedBy=multi-user.target
"""


def app_log(vt: VirtualTable) -> str:
    if not vt.running:
        return "(the guest is off)"
    try:
        return vt.ssh("sudo journalctl -u companion -b --no-pager -n 150; "
                      "tail -n 80 /var/lib/companion/kivy/logs/*.txt 2>/dev/null", check=False, timeout=60).stdout
    except subprocess.TimeoutExpired:
        return "(the guest did not answer)"


def read_qr(vt: VirtualTable, folder: Path, name: str) -> str | None:
    shot = vt.screendump(folder / f"{name}.png")
    done = subprocess.run(["zbarimg", "--raw", "-q", str(shot)], capture_output=True, text=True)
    return done.stdout.strip() or None


def read_words(shot: Path) -> str:
    """The words on a screendump, read by tesseract as a player reads them (one line each, spaces
    evened out): what the guest's screen says, not whether some pixel changed."""
    done = subprocess.run(["tesseract", str(shot), "-", "--psm", "11"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return "\n".join(" ".join(line.split()) for line in done.stdout.splitlines() if line.strip())


def wait_for_words(vt: VirtualTable, folder: Path, name: str, words: str, timeout: float = 60) -> Path:
    """Wait until the guest's screen says `words`; its picture."""
    deadline = time.monotonic() + timeout
    while True:
        shot = vt.screendump(folder / f"{name}.png")
        said = read_words(shot)
        if words in said:
            return shot
        assert time.monotonic() < deadline, f"the screen never said {words!r} ({shot}); it says:\n{said}"
        time.sleep(1)


def wait_for_qr(vt: VirtualTable, folder: Path, timeout: float = 240) -> tuple[str, float]:
    """The QR code on the screen, once there is one, and the seconds since power-on."""
    deadline = time.monotonic() + timeout
    while True:
        assert vt.running, "QEMU stopped"
        found = read_qr(vt, folder, "home")
        if found:
            return found, round(time.monotonic() - vt.powered_on_at, 1)
        assert time.monotonic() < deadline, f"no QR code on the screen within {timeout} s (see {folder}/home.png)"
        time.sleep(1)


def bare_repository(folder: Path, target: str) -> bytes:
    """The repository the owner clones, at the commit under test, as a tar of a bare repository."""
    bare = folder / "companion.git"
    subprocess.run(["git", "init", "-q", "--bare", "--initial-branch=main", str(bare)], check=True)
    git("push", "-q", str(bare), f"{target}:refs/heads/main")
    return subprocess.run(["tar", "-C", str(bare), "-c", "."], capture_output=True, check=True).stdout


def serve_repository(vt: VirtualTable, folder: Path, target: str) -> None:
    """/srv/companion.git in the guest: the repository the owner's clone pulls from, at `target`."""
    done = subprocess.run(
        vt.ssh_argv("sudo rm -rf /srv/companion.git && sudo install -d -o pi /srv/companion.git"
                    " && tar -x -C /srv/companion.git"),
        input=bare_repository(folder, target), capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr.decode()


def state_of(watcher: Watcher) -> dict | None:
    messages = watcher.on(STATE)
    return json.loads(messages[-1].payload) if messages and messages[-1].payload else None


def play_by_touch(vt: VirtualTable, table) -> int:
    """From the board the GPIO story left: Menu, then BondCones chosen, "ann" and "bob" typed key by
    key and seated, the game started: all by taps on the panel (`table`: a TouchedTable, whose
    mirror has followed the guest so far). Each tap must count once: a doubled tap would type
    "aann", seat a third player or skip a screen, and the table's state would not be the mirror's."""
    watcher = Watcher(vt.ports["mqtt"], [STATE])
    taps = table.taps
    try:
        if table.mirror.screen != "home":
            table.tap_button("Menu")
        table.start("BondCones", ["ann", "bob"])
        expected = table.mirror.table.session.view()
        seen = watcher.wait_for(lambda w: (s := state_of(w)) and s.get("game") == "bondcones"
                                and s.get("moves") == 0 and s, timeout=60)
        names = [p["name"] for p in seen["players"]]
        assert names == [p["name"] for p in expected["players"]], f"the guest seated {names} after {table.taps - taps} taps"
        assert [n.lower() for n in names] == ["ann", "bob"], names
        board = same_screen(vt, table.mirror, table.folder, "board", timeout=90)
        assert read_qr(vt, table.folder, "board-qr") is None, "the board, no longer the Home screen"
        print(f"virtual table: the board after {table.taps - taps} taps: {board}")
        touches_counted_once(vt, table.mirror)
        return table.taps - taps
    finally:
        watcher.client.loop_stop()
        watcher.client.disconnect()


def touch_lines(vt: VirtualTable) -> list[str]:
    """The app's "Touch: down" lines of this boot, from its log file (companion/ui/touch_log.py)."""
    out = vt.ssh("tail -n +1 \"$(ls -t /var/lib/companion/kivy/logs/*.txt | head -n 1)\" | grep -F 'Touch: down' || true",
                 timeout=60).stdout
    return [line for line in out.splitlines() if "Touch: down" in line]


def touches_counted_once(vt: VirtualTable, mirror) -> None:
    """With the shipped input settings, one tap on the panel is one touch in the app and a
    two-finger tap two, counted by the app itself: a tap, two fingers and a tap, then a marker
    tap elsewhere (a touch delivered twice comes with its first, long before the marker). They
    land where nothing takes a touch (asked of the mirror, which draws the same)."""
    import re

    from tests.support.vm.mirror import quiet_point

    px, py = quiet_point(mirror)
    before = len(touch_lines(vt))
    vt.tap(px, py)
    vt.two_finger_tap((px - 60, py), (px + 60, py))
    vt.tap(px, py)
    vt.tap(px + 30, py)  # the marker

    def x_of(line: str) -> int:
        return int(re.search(r" at \((-?\d+), ", line).group(1))

    deadline = time.monotonic() + 60
    while True:
        lines = touch_lines(vt)[before:]
        if any(abs(x_of(line) - (px + 30)) <= 3 for line in lines):
            break
        assert time.monotonic() < deadline, f"the marker tap never reached the app: {lines}"
        time.sleep(0.5)
    marker = next(i for i, line in enumerate(lines) if abs(x_of(line) - (px + 30)) <= 3)
    assert marker == 4, f"a tap, a two-finger tap and a tap came to the app as {marker} touches: {lines[:marker]}"
    near = [[x for x in (px, px - 60, px + 60) if abs(x_of(line) - x) <= 3] for line in lines[:4]]
    assert near[0] == near[3] == [px] and sorted(near[1] + near[2]) == [px - 60, px + 60], lines[:4]


def same_screen(vt: VirtualTable, mirror, folder: Path, name: str, timeout: float) -> Path:
    """Wait until the guest's screen looks as the mirror draws it now; the guest's picture."""
    from tests.support.vm.mirror import likeness

    shot = folder / f"{name.replace(' ', '-')}.png"
    deadline = time.monotonic() + timeout
    while (alike := likeness(vt.screendump(shot), mirror, folder)) < SAME_SCREEN:
        assert time.monotonic() < deadline, (
            f"the guest's screen is not the mirror's {mirror.screen} screen {name} "
            f"({alike:.0%} alike after {timeout} s): {shot}")
        time.sleep(0.5)
    return shot


def install(vt: VirtualTable, folder: Path, figures: dict) -> None:
    """The table installed at the commit under test, as docs/pi.md tells an owner; then the Home
    screen. On a machine started from the kept installed disk (tests/support/vm/installed.py):
    power on, the commit fetched into the clone and install.sh again, the update of a running
    table. Otherwise: power on a fresh Debian, clone, install.sh, power off (the disk is kept for
    later runs) and on again.

    Checks on the way: install.sh says it installed the service (and, updating, that it restarted
    the running table); then the Home screen's QR code (read from the GPU's scanout) is the phone
    page's address, and the app's log says SDL draws through KMSDRM.
    """
    from companion.broadcast.phone_url import phone_url
    from companion.config import load
    from tests.support.vm import installed

    updating = vt.start_from is not None
    if updating:
        running_table(vt, folder, figures)
    else:
        vt.power_on()
        figures["power-on to SSH"] = vt.wait_for_ssh()
    serve_repository(vt, folder, commit_under_test())
    if updating:
        vt.ssh("cd companion && git fetch -q origin main && git reset -q --hard FETCH_HEAD")
        gpio_sim.chip_script(vt)
    else:
        vt.ssh("git clone -q /srv/companion.git companion")
        # The Pi's GPIO as a kernel chip from boot (tests/support/vm/gpio_sim.py), and its gpio
        # group: what a Pi has before its owner installs anything (kept with the installed disk).
        gpio_sim.prepare(vt)
    # The panel's touch controller exists from boot on the Pi: so here, before the app (re)starts.
    vt.ssh("sudo install -D -m 644 /dev/stdin /usr/local/lib/companion-test/panel.py", input=PANEL.read_text())
    vt.ssh("sudo tee /etc/systemd/system/companion-test-panel.service >/dev/null", input=PANEL_UNIT)
    vt.ssh("sudo systemctl daemon-reload && sudo systemctl enable companion-test-panel.service"
           " && sudo systemctl restart companion-test-panel.service")
    started = time.monotonic()
    done = vt.ssh("cd companion && deploy/pi/install.sh", timeout=1200)
    said = done.stdout + done.stderr
    assert "Installed: the companion starts at every boot." in done.stdout, said
    figures["update: install.sh again" if updating else "install.sh"] = round(time.monotonic() - started, 1)
    if updating:
        assert "Restarted: the table runs this version now" in done.stdout, said
        # Nothing from apt: the kept install has every system package. (pip installs again only
        # when pyproject.toml changed since the kept install, as on an owner's table.)
        assert "Installing system packages" not in said, said
        home_from = started
    else:
        gpio_sim.add_pin_library(vt)
        vt.power_off()
        installed.keep(vt.image, vt.disk)
        vt.power_on()
        home_from = vt.powered_on_at
        vt.wait_for_ssh()

    config_file = folder / "config.toml"
    config_file.write_text(vt.ssh("cat /etc/companion/config.toml").stdout)
    guest_ip = vt.ssh("ip -4 -o addr show scope global | awk '{print $4}' | cut -d/ -f1").stdout.split()[0]
    # The app now running (not the one the update replaced) has the screen before its QR counts.
    journal = app_started_drawing(vt)
    assert "offscreen" not in journal, journal
    qr, _ = wait_for_qr(vt, folder)
    figures["to the Home screen"] = round(time.monotonic() - home_from, 1)
    assert qr == phone_url(load(config_file), guest_ip), "the Home screen's QR code is the phone page's address"


def running_table(vt: VirtualTable, folder: Path, figures: dict) -> None:
    """The kept installed table, running as a table left on: resumed from where an earlier run
    saved it (tests/support/vm/running.py), its clock set to now; or, with none saved (or one
    that no longer loads), powered on, and saved once its Home screen shows."""
    from tests.support.vm import running

    installed_disk = vt.start_from
    saved = running.kept(vt, installed_disk)
    if saved is not None:
        vt.new_disk(saved.disk)
        vt.power_on(resume=saved.state)
        try:
            vt.resumed()
        except RuntimeError as exc:
            print(f"virtual table: the saved running table did not resume; booting it ({str(exc).splitlines()[-1]})")
            running.forget(saved)
            vt.new_disk(installed_disk)
            saved = None
    if saved is not None:
        vt.wait_for_ssh()
        vt.ssh(f"sudo date -u -s @{time.time():.3f} >/dev/null")
        figures["the running table resumed in"] = round(time.monotonic() - vt.powered_on_at, 1)
        return
    vt.power_on()
    figures["power-on to SSH"] = vt.wait_for_ssh()
    wait_for_qr(vt, folder)
    started = time.monotonic()
    running.keep(vt, installed_disk)
    figures["the running table saved for later runs in"] = round(time.monotonic() - started, 1)


def app_started_drawing(vt: VirtualTable, timeout: float = 300) -> str:
    """The running app's own log, once it says SDL draws through KMSDRM (its first lines)."""
    deadline = time.monotonic() + timeout
    while True:
        pid = vt.ssh("systemctl show -p MainPID --value companion", check=False).stdout.strip()
        journal = vt.ssh(f"sudo journalctl _PID={pid} -b --no-pager", check=False).stdout if pid not in ("", "0") else ""
        if "Screen: SDL video driver KMSDRM" in journal:
            return journal
        assert time.monotonic() < deadline, (
            f"the app did not say it draws through KMSDRM within {timeout} s:\n{journal or app_log(vt)}")
        time.sleep(2)
