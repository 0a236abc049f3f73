"""The table in a box: the appliance installed, booted, seen, touched, unplugged and pulled, in a
virtual machine.

QEMU boots Debian 13 (today's Raspberry Pi OS base; the image is built by
tests/support/vm/build-image.sh and cached in /var/cache/companion-vm/) with a real kernel,
systemd and udev, a virtio-gpu at the 7-inch panel's 800x480, virtual USB and user-mode
networking. In it, the owner ("pi", with sudo) does exactly what docs/pi.md says: clone and
deploy/pi/install.sh on a new table; or, on the table as a full install left it (kept with the
image, tests/support/vm/installed.py: installing is minutes of an emulated CPU; running, as saved
by an earlier run, tests/support/vm/running.py), fetch the commit under test and install.sh
again, the update of a running table. Then, from this machine:

- the screen, taken by QMP's screendump from the virtual GPU: the Home screen's QR code, read
  by zbarimg, is the phone page's address, and the app's log says SDL draws through KMSDRM;
- the buttons and the dial on a kernel GPIO chip (gpio-sim, built for the guest's kernel), the
  app's own lgpio reading it: presses, holds, a bouncing contact and quick turns of the dial,
  each read back from the app's state and screen (tests/support/vm/gpio_story.py);
- the touch panel (tests/support/vm/panel.py: the raspberrypi-ts driver's events through
  /dev/uinput): taps choose BondCones, type two names and start it, each counted once;
- the dice tray as a USB-serial device (QEMU's usb-serial, its other end the tray's own program
  here): /dev/dicetray by the udev rule, rolls become moves, unplugged and plugged back in by QMP;
- a real reboot in the middle of the game, and pulled plugs (SIGKILL to QEMU) while the tray
  rolls: the table comes back in its game with every move a subscriber saw, and none nobody made;
- a phone (headless Chromium through the forwarded port) follows it all, never showing an old
  state under its "Live" badge.

One guest serves the whole story. On failure the test
shows the guest's serial console and the app's log.
"""

from __future__ import annotations

import time
import json
from pathlib import Path

import pytest

from companion import games
from companion.inputs.dicetray.sim import SimTray
from tests.broadcast.conftest import Watcher
from tests.support.as_root import rerun_as_root
from tests.support.vm import appliance, gpio_story, plug_pull
from tests.support.vm import image as vm_image
from tests.support.vm import installed
from tests.support.vm import machine
from tests.support.vm.machine import VirtualTable
from tests.support.vm.touch_start import TouchedTable
from tests.support.tally import Tally
from tests.support.vm.phone_watch import PhoneWatch, stale

pytestmark = [pytest.mark.slow, pytest.mark.timeout(2400)]


class Story:
    """Laps of the story, printed at the end whatever happened."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.laps: dict[str, float] = {}
        self.figures: dict[str, object] = {}

    def lap(self, name: str) -> None:
        self.laps[name] = round(time.monotonic() - self.started - sum(self.laps.values()), 1)

    def report(self) -> str:
        total = round(time.monotonic() - self.started, 1)
        return f"virtual table: {total} s in all; {self.laps}; {self.figures}"


def moves_now(watcher: Watcher) -> int:
    state = appliance.state_of(watcher)
    return state.get("moves", 0) if state and state.get("game") else 0


def roll(tray: SimTray, watcher: Watcher, made: int, times: int, each_once: str) -> int:
    """Roll the tray `times` times: each roll one move, none counted twice; the moves made since."""
    for _ in range(times):
        tray.press_roll()
        made += 1
        watcher.wait_for(lambda w: moves_now(w) >= made, timeout=30)
    time.sleep(1.5)  # a roll counted twice would be published within this (a window for what must not come)
    assert moves_now(watcher) == made, each_once
    return made


def tray_unplugged_and_back(vt: VirtualTable, tray: SimTray, folder: Path, story: Story) -> None:
    """Rolls become moves, one each; the tray unplugged (QMP device_del) shows on the board as
    gone; plugged back in (device_add) the table reconnects and the next roll counts once."""
    # Imported here: the board's words bring Kivy, whose window would be made at the wrong size
    # for the UI tests collected in the same process.
    from companion.ui.boards.bondcones.words import TRAY_WORDS

    watcher = Watcher(vt.ports["mqtt"], [appliance.STATE])
    try:
        start = watcher.wait_for(lambda w: appliance.state_of(w) and moves_now(w) is not None and appliance.state_of(w), timeout=30)
        made = start.get("moves", 0)
        assert vt.ssh("readlink -f /dev/dicetray").stdout.strip().startswith("/dev/ttyUSB"), \
            "the udev rule names the USB-serial tray /dev/dicetray"
        made = roll(tray, watcher, made, 3, "each roll is one move")
        # The board's own words under the counting frames (companion/ui/boards/bondcones/words.py).
        appliance.wait_for_words(vt, folder, "tray-plugged", TRAY_WORDS["ok"])

        heard = len(tray.sent)
        vt.unplug_tray()
        deadline = time.monotonic() + 30
        while vt.ssh("test -e /dev/dicetray", check=False).returncode == 0:
            assert time.monotonic() < deadline, "/dev/dicetray stayed after the tray was unplugged"
            time.sleep(0.3)
        # The board looks at its devices every few seconds: it says so by then, in words.
        gone = appliance.wait_for_words(vt, folder, "tray-unplugged", TRAY_WORDS["waiting"],
                                        timeout=appliance.DEVICES_PAUSE + 30)
        assert TRAY_WORDS["ok"] not in appliance.read_words(gone), "the board says the tray is gone, and only that"

        vt.plug_tray()
        plugged = time.monotonic()
        # Back in touch once the table has synced with the tray and told it whether a roll is
        # expected (ARM follows the sync): a roll from before the sync is stale by design.
        while not any(line.startswith("$ACK,") and ",ARM," in line for line in tray.sent[heard:]):
            assert time.monotonic() - plugged < 30, "the table never spoke to the tray again"
            time.sleep(0.05)
        story.figures["tray reconnect"] = f"{time.monotonic() - plugged:.2f} s"
        roll(tray, watcher, made, 1, "the roll after the replug counts once")
        appliance.wait_for_words(vt, folder, "tray-plugged-again", TRAY_WORDS["ok"], timeout=appliance.DEVICES_PAUSE + 30)
    finally:
        watcher.client.loop_stop()
        watcher.client.disconnect()


@pytest.fixture
def shipped_games_only():
    """The mirror lists the games a table ships with, as the guest does: not the suite's Tally,
    whose button on the mirror's Home made it differ from the guest's by 4% of the screen."""
    games.unregister("tally")
    yield
    games.register(Tally())


def test_the_table_in_a_box(tmp_path, request, shipped_games_only):
    if rerun_as_root(request):  # building the image and QEMU's devices need root from start to end
        return
    reason = machine.why_not()
    if reason:
        pytest.skip(reason)
    story = Story()
    image = vm_image.cached_image()
    cold = vm_image.cold_build_seconds(image)
    story.figures["image"] = f"built now in {image.build_seconds} s" if image.built_now else \
        f"cached (a cold build took {cold} s)"
    story.lap("image")
    kept = installed.kept(image)
    story.figures["install"] = "an update of the kept installed table" if kept else "from nothing (then kept)"
    vt = VirtualTable(image, tmp_path / "vm", start_from=kept)
    print(f"virtual table: accelerator {vt.accel.upper()} ({vt.accel_reason})")
    story.figures["accel"] = vt.accel.upper()
    # The dice tray's own program on a pseudo-terminal here; QEMU's usb-serial is its other end.
    tray = SimTray(plug_pull.FACES, random_bytes=plug_pull.AlternatingTurnEnds()).start()
    vt.tray_chardev = tray.path
    try:
        # What docs/pi.md tells the owner (to install, or to update an installed table), and the
        # Home screen of the commit under test.
        appliance.install(vt, tmp_path, story.figures)
        story.lap("power on, install or update, the Home screen")

        with TouchedTable(vt, tmp_path / "touch") as table:
            # The buttons and the dial on the kernel's GPIO chip (gpio-sim; tests/support/vm/gpio_story.py).
            gpio_story.buttons_and_dial(vt, table, tmp_path / "config.toml", story.figures)
            story.lap("GPIO on a kernel chip")

            # Touch, as the 7-inch panel gives it: a game chosen, two players named on the docked
            # keyboard and the game started, each tap made on the guest's panel and on the mirror.
            story.figures["taps"] = appliance.play_by_touch(vt, table)
            story.lap("touch")

        # The dice game's buttons on the game the taps started: Roll, Confirm, Undo.
        gpio_story.dice_buttons(vt, tmp_path / "config.toml")
        story.lap("dice buttons")

        # The dice tray as a USB device: rolls become moves; unplugged and plugged back in by QMP.
        tray_unplugged_and_back(vt, tray, tmp_path, story)
        story.lap("dice tray")

        # A phone follows the game through the forwarded port, across a reboot and pulled plugs.
        subscriber = plug_pull.subscriber(vt)
        with PhoneWatch(f"http://127.0.0.1:{vt.ports['phone']}/#table=table1&prefix=companion") as phone:
            made = plug_pull.moves_seen(subscriber)
            phone.wait_until(lambda s: s.status == "online" and s.revision is not None, timeout=60)

            # A real reboot in the middle of the game: the table comes back in it by itself.
            with subscriber._lock:
                mark = len(subscriber.messages)
            rebooted = time.monotonic()
            vt.reboot()
            moves, _ = plug_pull.wait_for_the_game(vt, subscriber, tray, mark, tmp_path)
            story.figures["reboot to the game"] = round(time.monotonic() - rebooted, 1)
            assert moves == made, f"after the reboot the table has {moves} moves, before it {made}"
            story.lap("reboot in the game")

            # Pulled plugs while the tray rolls.
            results = plug_pull.pull_plugs(vt, tray, tmp_path, cuts=appliance.CUTS, seed=appliance.SEED)
            story.figures["plug pulls"] = results.summary()
            print(f"virtual table: {results.summary()}")
            assert results.lost == 0 and results.phantom == 0 and not results.mismatched, results
            assert results.acknowledged > 0, "moves were made and seen before the cuts"
            late = [c.since_last_ack for c in results.cuts if c.since_last_ack > plug_pull.LAST_ACK_BEFORE_CUT]
            assert not late, f"cuts came {late} s after the last move seen acknowledged: not in the middle of play"
            story.lap(f"{appliance.CUTS} pulled plugs")

            # The phone: back to Live on the table's newest state, and never Live on an old one.
            newest = plug_pull.states(subscriber)[-1]["revision"]
            phone.wait_until(lambda s: s.status == "online" and s.revision == newest, timeout=60)
            with subscriber._lock:
                published = [(m.at, json.loads(m.payload)["revision"]) for m in subscriber.messages
                             if m.topic == plug_pull.STATE and m.payload and not m.retain
                             and json.loads(m.payload).get("game")]
            wrong = stale(phone.samples, published)
            assert not wrong, wrong[:5]
            offline = [s for s in phone.samples if s.status != "online"]
            assert offline, "the phone said the table was away while it was off"
            story.figures["phone samples"] = f"{len(phone.samples)} ({len(offline)} not Live)"
        subscriber.client.loop_stop()
        subscriber.client.disconnect()
    except BaseException:
        print(f"---- the guest's serial console (last lines) ----\n{vt.console_tail()}")
        print(f"---- the app's log ----\n{appliance.app_log(vt)}")
        raise
    finally:
        vt.close()
        tray.close()
        print(story.report())
