"""The official 7-inch panel's touch controller, as the guest's kernel sees it, made with uinput.

Runs inside the virtual table (system Python with python3-evdev), started at boot before the
app, as the real panel's device exists from boot. It reports what the kernel's raspberrypi-ts
driver reports: 800x480, ten slots of the newer multitouch protocol (ABS_MT_SLOT,
ABS_MT_TRACKING_ID, ABS_MT_POSITION_X/Y), INPUT_PROP_DIRECT, and the pointer emulation
input_mt_sync_frame() adds (BTN_TOUCH, ABS_X, ABS_Y).

The test taps through a FIFO: each line "tap X Y" (pixels from the top left) is one finger
down and up; "hold X Y SECONDS" keeps it down for that long; "tap2 X1 Y1 X2 Y2" is two fingers
down together (slots 0 and 1) and lifted together. Every tap is echoed to the journal.
"""

import os
import socket
import stat
import sys
import time

from evdev import AbsInfo, UInput, ecodes as e

FIFO = "/run/companion-test-panel"
WIDTH, HEIGHT, SLOTS = 800, 480, 10


def notify_ready():
    address = os.environ.get("NOTIFY_SOCKET")
    if address:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
            s.connect("\0" + address[1:] if address.startswith("@") else address)
            s.send(b"READY=1")


def main():
    x = AbsInfo(value=0, min=0, max=WIDTH, fuzz=0, flat=0, resolution=0)
    y = AbsInfo(value=0, min=0, max=HEIGHT, fuzz=0, flat=0, resolution=0)
    capabilities = {
        e.EV_KEY: [e.BTN_TOUCH],
        e.EV_ABS: [
            (e.ABS_X, x), (e.ABS_Y, y),
            (e.ABS_MT_SLOT, AbsInfo(0, 0, SLOTS - 1, 0, 0, 0)),
            (e.ABS_MT_POSITION_X, x), (e.ABS_MT_POSITION_Y, y),
            (e.ABS_MT_TRACKING_ID, AbsInfo(0, 0, 65535, 0, 0, 0)),
        ],
    }
    panel = UInput(capabilities, name="raspberrypi-ts", bustype=e.BUS_HOST, input_props=[e.INPUT_PROP_DIRECT])
    if os.path.exists(FIFO):
        os.unlink(FIFO)
    os.mkfifo(FIFO)
    os.chmod(FIFO, stat.S_IRUSR | stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    notify_ready()
    tracking = 0
    while True:
        with open(FIFO) as commands:  # reopened after each writer closes it
            for line in commands:
                words = line.split()
                if words and words[0] == "tap2" and len(words) == 5:
                    tracking = two_fingers(panel, tracking, *(int(w) for w in words[1:]))
                    print(f"tap2 {' '.join(words[1:])}", flush=True)
                    continue
                if len(words) < 3 or words[0] not in ("tap", "hold"):
                    print(f"ignored: {line.strip()!r}", flush=True)
                    continue
                px, py = int(words[1]), int(words[2])
                held = float(words[3]) if words[0] == "hold" and len(words) > 3 else 0.06
                tracking = (tracking + 1) % 65536
                for code, value in ((e.ABS_MT_SLOT, 0), (e.ABS_MT_TRACKING_ID, tracking),
                                    (e.ABS_MT_POSITION_X, px), (e.ABS_MT_POSITION_Y, py)):
                    panel.write(e.EV_ABS, code, value)
                panel.write(e.EV_KEY, e.BTN_TOUCH, 1)
                panel.write(e.EV_ABS, e.ABS_X, px)
                panel.write(e.EV_ABS, e.ABS_Y, py)
                panel.syn()
                time.sleep(held)
                panel.write(e.EV_ABS, e.ABS_MT_SLOT, 0)
                panel.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
                panel.write(e.EV_KEY, e.BTN_TOUCH, 0)
                panel.syn()
                print(f"tap {px} {py}", flush=True)


def two_fingers(panel, tracking, x1, y1, x2, y2):
    """Two fingers down in one report (slots 0 and 1), held a moment, lifted in one report."""
    for slot, (px, py) in enumerate(((x1, y1), (x2, y2))):
        tracking = (tracking + 1) % 65536
        for code, value in ((e.ABS_MT_SLOT, slot), (e.ABS_MT_TRACKING_ID, tracking),
                            (e.ABS_MT_POSITION_X, px), (e.ABS_MT_POSITION_Y, py)):
            panel.write(e.EV_ABS, code, value)
    panel.write(e.EV_KEY, e.BTN_TOUCH, 1)
    panel.write(e.EV_ABS, e.ABS_X, x1)  # the pointer emulation follows the first finger
    panel.write(e.EV_ABS, e.ABS_Y, y1)
    panel.syn()
    time.sleep(0.06)
    for slot in (0, 1):
        panel.write(e.EV_ABS, e.ABS_MT_SLOT, slot)
        panel.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
    panel.write(e.EV_KEY, e.BTN_TOUCH, 0)
    panel.syn()
    return tracking


if __name__ == "__main__":
    sys.exit(main())
