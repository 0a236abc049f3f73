"""The table's buttons and dial through a real kernel GPIO chip, in the virtual table: a part of
tests/deploy/test_vm_appliance.py's story, in its boot, right after the install.

The guest (tests/support/vm: QEMU, Debian 13's own 6.12 kernel) has gpio-sim, built for that
kernel from Debian's source when the image is built, as a chip standing for a Pi 5's header
bank; gpiozero is told it runs on a Pi 5 where it reads that on a Pi (/proc/cpuinfo). The app
runs as installed (deploy/pi/install.sh), with lgpio, the Pi 5's pin library, on the kernel's
GPIO character device. From this machine, through the guest's SSH, buttons are pressed and the
dial is turned by the sim lines' pulls (tests/support/vm/gpio_sim.py), and every effect is read
back from the app: its published state (moves, the board's total) and its screen, compared with
this machine's copy of the app given the same controls.

- Bonbon as the collective limit board: the dial's steps move the total, at a slow hand's
  speed and at 1,000 steps a minute, none lost and none doubled; Confirm resets the board;
  Undo takes it back; a long hold on Undo redoes it; a bouncing Undo (5 edges within 2 ms as
  it closes, 5 as it opens) is one Undo.
- BondCones (the game the touch story starts by taps, tests/support/vm/appliance.py): Roll
  rolls (on the dice tray when one is plugged in, else electronically), Confirm ends the move,
  Undo takes it back. The game is left as it was, its rolls taken back.

The mirror of `table` follows every control of the Bonbon board.
"""

from __future__ import annotations

import time
from pathlib import Path

from companion.config import load
from companion.inputs.gpio import pins_from
from companion.inputs.timer_slack import SLACK
from tests.broadcast.conftest import Watcher
from tests.support.vm import appliance, gpio_sim
from tests.support.vm.gpio_sim import Hand
from tests.support.vm.machine import VirtualTable
from tests.support.vm.touch_start import TouchedTable

SLOW_HAND = (8, 120)  # detents, detents a minute: a slow, deliberate turn
QUICK_HAND = (60, 1000)  # a quick spin
BOUNCE_EDGES, BOUNCE_WITHIN = 5, 0.002
BOUNCE_TRIES = 3
SETTLE = 1.5  # after the last expected change: time for a doubled one to show


def state(watcher: Watcher) -> dict:
    return appliance.state_of(watcher) or {}


def wait_state(watcher: Watcher, check, what: str, timeout: float = 120) -> dict:
    """The app's newest state once `check` holds; then, SETTLE later, it must still hold (nothing more came)."""
    try:
        watcher.wait_for(lambda w: check(state(w)), timeout=timeout)
    except AssertionError as exc:
        raise AssertionError(f"{what}: the table's state is {summary(state(watcher))}") from exc
    time.sleep(SETTLE)
    now = state(watcher)
    assert check(now), f"{what}, but then more came: {summary(now)}"
    return now


def total_of(s: dict) -> int | None:
    """The Bonbon board's collective total in a published state (None: no board)."""
    return ((s.get("view") or {}).get("collective") or {}).get("total")


def summary(s: dict) -> str:
    view = s.get("view") or {}
    return (f"game {s.get('game')} moves {s.get('moves')} total {total_of(s)} round {view.get('round')} "
            f"expects {[a['type'] for a in (s.get('expected') or {}).get('legal', [])]}")


def legal(s: dict) -> set[str]:
    return {a["type"] for a in (s.get("expected") or {}).get("legal", [])}


def mirror_controls(table: TouchedTable, *controls: str) -> None:
    """The same controls on this machine's copy of the app, so that its screen is what the guest's should be."""
    for control in controls:
        table.mirror.app.control(control, "gpio")
        table.mirror.frames(1)
    table.mirror.settle(0.3)


def board_by_dial(vt: VirtualTable, hand: Hand, pins: dict, table: TouchedTable, watcher: Watcher,
                  figures: dict) -> None:
    table.start("Bonbon", ["ann", "bob"], toggles=["No"])  # board_only: No -> Yes
    start = wait_state(watcher, lambda s: s.get("game") == "bonbon" and total_of(s) == 0,
                       "a Bonbon board at 0")
    moves = start["moves"]
    total = 0
    for (steps, per_minute), way in ((SLOW_HAND, 1), (QUICK_HAND, 1), (QUICK_HAND, -1)):
        turned = time.monotonic()
        at = hand.do(Hand.turn(pins["dial_a"], pins["dial_b"], way * steps, per_minute))
        spent = at[-1] - at[0]
        figures[f"dial {steps} at {per_minute}/min"] = f"turned in {spent:.2f} s"
        assert spent <= steps * 60 / per_minute * 1.1, f"the hand was slow: {steps} steps in {spent:.2f} s"
        total += way * steps
        moves += steps
        wait_state(watcher, lambda s, t=total, m=moves: total_of(s) == t and s.get("moves") == m,
                   f"{steps} steps of the dial at {per_minute} a minute move the total to {total}, one move each")
        figures[f"dial {steps} at {per_minute}/min"] += f", on the board {time.monotonic() - turned:.1f} s after"
        mirror_controls(table, *["dial_up" if way > 0 else "dial_down"] * steps)
        appliance.same_screen(vt, table.mirror, table.folder, f"board at {total}", timeout=60)

    hand.do(Hand.press(pins["confirm"]))
    reset = wait_state(watcher, lambda s: total_of(s) == 0 and s.get("moves") == moves + 1,
                       "Confirm resets the board")
    assert reset["view"]["round"] == start["view"]["round"] + 1, summary(reset)
    hand.do(Hand.press(pins["undo"]))
    wait_state(watcher, lambda s: total_of(s) == total and s.get("moves") == moves,
               "Undo takes the reset back")
    hand.do(Hand.press(pins["undo"], held=1.4))  # past hold_seconds (1.0): Redo, and no Undo on release
    wait_state(watcher, lambda s: total_of(s) == 0 and s.get("moves") == moves + 1,
               "a long hold on Undo redoes the reset, and takes nothing back as it is let go")
    mirror_controls(table, "confirm", "undo", "redo")
    appliance.same_screen(vt, table.mirror, table.folder, "board reset", timeout=60)

    # The hand's 5 edges as fast as it writes them (0.3-0.4 ms a write in the emulated machine). A
    # write can still be late (an interrupt, the host busy): then that bounce was not the 2 ms one
    # asked for, and once its Undo is checked it is redone by a long hold and the bounce tried again.
    bounces = []
    for _ in range(BOUNCE_TRIES):
        at = hand.do(Hand.bouncing_press(pins["undo"], BOUNCE_EDGES, 0.0), realtime=True)
        closing, opening = at[:BOUNCE_EDGES], at[BOUNCE_EDGES:]
        bounces.append(f"{BOUNCE_EDGES} edges in {1000 * (closing[-1] - closing[0]):.2f} ms closing, "
                       f"{1000 * (opening[-1] - opening[0]):.2f} ms opening")
        wait_state(watcher, lambda s: total_of(s) == total and s.get("moves") == moves,
                   "a bouncing Undo is one Undo")
        if closing[-1] - closing[0] < BOUNCE_WITHIN and opening[-1] - opening[0] < BOUNCE_WITHIN:
            break
        hand.do(Hand.press(pins["undo"], held=1.4))  # Redo: the reset again, for the next try
        wait_state(watcher, lambda s: total_of(s) == 0 and s.get("moves") == moves + 1, "Redo before another bounce")
    figures["bounce"] = "; ".join(bounces)
    assert closing[-1] - closing[0] < BOUNCE_WITHIN and opening[-1] - opening[0] < BOUNCE_WITHIN, \
        f"the hand in the guest was too slow for a 2 ms bounce in {BOUNCE_TRIES} tries: {figures['bounce']}"
    mirror_controls(table, "undo")
    appliance.same_screen(vt, table.mirror, table.folder, "board after a bouncing undo", timeout=60)


def dice_game(hand: Hand, pins: dict, watcher: Watcher) -> None:
    """Roll is one move; when the face lets Confirm end the move, Confirm does; Undo takes each back."""
    now = wait_state(watcher, lambda s: s.get("game") == "bondcones" and "roll" in legal(s), "BondCones waits for a roll")
    moves = now["moves"]
    hand.do(Hand.press(pins["roll"]))
    rolled = wait_state(watcher, lambda s: s.get("moves") == moves + 1, "Roll rolls once")
    if "done" in legal(rolled):  # a face of 1-4: the move ends by Confirm
        hand.do(Hand.press(pins["confirm"]))
        wait_state(watcher, lambda s: s.get("moves") == moves + 2 and "roll" in legal(s), "Confirm ends the move")
        hand.do(Hand.press(pins["undo"]))
        wait_state(watcher, lambda s: s.get("moves") == moves + 1 and "done" in legal(s), "Undo takes Confirm back")
    hand.do(Hand.press(pins["undo"]))
    wait_state(watcher, lambda s: s.get("moves") == moves and "roll" in legal(s), "Undo takes the roll back")


def app_files(vt: VirtualTable) -> str:
    """What the running app has open (its /proc fd links)."""
    return vt.ssh("sudo find /proc/$(systemctl show -p MainPID --value companion)/fd -type l -printf '%l '",
                  check=False).stdout


def gpio_status(vt: VirtualTable) -> str:
    """The app's GPIO adapter started as the app starts it, as the app's user: its status in words."""
    script = ("from companion.config import load; from companion.inputs.gpio import GpioControls; "
              "g = GpioControls.from_config(load('/etc/companion/config.toml'), print).start(); "
              "print(g.status()); g.close()")
    done = vt.ssh(f"cd /var/lib/companion && LG_WD=/var/lib/companion "
                  f"/home/pi/companion/.venv/bin/python -c \"{script}\"", check=False, timeout=300)
    return (done.stdout + done.stderr).strip()


def lines_held(vt: VirtualTable, pins: dict, hand: Hand) -> None:
    """The kernel's account: the app holds each wired line of the chip, and its pull-up holds
    each one high while nothing presses it (gpio-sim honours the bias lgpio asks for)."""
    # The app opens its inputs once its first frame is up (or 20 s after its start).
    deadline = time.monotonic() + 180
    while hand.chip.device not in (held := app_files(vt)):
        assert time.monotonic() < deadline, (
            f"the app never opened {hand.chip.device}: {held}\nGPIO as the app would start it: {gpio_status(vt)}")
        time.sleep(2)
    lines = gpio_sim.lines_in_use(vt)
    for name, pin in pins.items():
        line = lines.get(pin, "")
        assert "<unused>" not in line and "input" in line and "pull-up" in line, \
            f"{name}: the app does not hold GPIO{pin} as an input with its pull-up: {line!r}"
        assert hand.level(pin) == 1, f"{name}: GPIO{pin} reads low with nothing pressed: {line!r}"
    print("virtual table GPIO: the chip's lines the app holds: "
          + "; ".join(f"GPIO{pin} {lines[pin]}" for pin in sorted(pins.values())))
    # lgpio's thread (started as the chip opened) ticks under the coarse slack, the app's own
    # thread (Kivy's frames) under its own (companion/inputs/timer_slack.py).
    slacks = dict(line.split() for line in vt.ssh(
        "p=$(systemctl show -p MainPID --value companion); echo main $(sudo cat /proc/$p/timerslack_ns); "
        "for t in $(ls /proc/$p/task); do echo $t $(sudo cat /proc/$t/timerslack_ns); done").stdout.splitlines())
    main = slacks.pop("main")
    assert int(main) < SLACK and str(SLACK) in slacks.values(), \
        f"lgpio's thread under the timer slack, the app's own not: main {main}, threads {slacks}"


def buttons_and_dial(vt: VirtualTable, table: TouchedTable, config_file: Path, figures: dict) -> None:
    """The lines held, and the Bonbon board by the dial and the buttons, on a table installed and
    showing its Home screen, touched through `table` (its mirror, kept for the touch story that
    follows); figures are added to `figures`."""
    pins = pins_from(load(config_file))
    hand = Hand(vt)
    lines_held(vt, pins, hand)
    watcher = Watcher(vt.ports["mqtt"], [appliance.STATE])
    try:
        board_by_dial(vt, hand, pins, table, watcher, figures)
    finally:
        watcher.client.loop_stop()
        watcher.client.disconnect()


def dice_buttons(vt: VirtualTable, config_file: Path) -> None:
    """Roll, Confirm and Undo on the BondCones game on the board (started by the touch story)."""
    pins = pins_from(load(config_file))
    watcher = Watcher(vt.ports["mqtt"], [appliance.STATE])
    try:
        dice_game(Hand(vt), pins, watcher)
    finally:
        watcher.client.loop_stop()
        watcher.client.disconnect()
