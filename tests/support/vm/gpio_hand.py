"""A hand on the table's buttons and dial, inside the virtual table: gpio-sim's line pulls, on time.

Runs in the guest as root (system Python): the pulls are sysfs files of the gpio-sim chip
(/sys/devices/platform/gpio-sim.N/gpiochipM/sim_gpioL/pull). A button wired to ground with the
Pi's pull-up is "pull-down" while pressed and "pull-up" when let go; the encoder's A and B are
two such contacts. The timing is kept here, next to the chip, not across SSH: a bouncing
contact's 5 edges come within 2 ms, a quick hand's dial 1,000 steps a minute.

stdin: {"chip": "/sys/devices/platform/gpio-sim.0/gpiochip0",
        "plan": [[line, "pull-up" | "pull-down", seconds until the next write], ...]}
stdout: {"at": [seconds from the first write at which each write was made]}
The schedule is absolute (no drift): each write is due at the sum of the waits before it, or
half its own wait after the write before it when that one was late.
"""

import json
import os
import sys
import time

CATCH_UP = 0.5  # the shortest gap after a late write, as a share of the planned one
BUSY_BELOW = 0.003  # shorter waits are spun out: a sleep under an emulated CPU oversleeps


def wait_until(due: float) -> None:
    while True:
        left = due - time.monotonic()
        if left <= 0:
            return
        if left > BUSY_BELOW:
            time.sleep(left - BUSY_BELOW)


def main() -> int:
    order = json.load(sys.stdin)
    chip, plan = order["chip"], order["plan"]
    files = {line: os.open(f"{chip}/sim_gpio{line}/pull", os.O_WRONLY) for line in {step[0] for step in plan}}
    at = []
    try:
        start = time.monotonic()
        due = start
        for line, pull, wait in plan:
            wait_until(due)
            os.pwrite(files[line], pull.encode(), 0)
            now = time.monotonic()
            at.append(round(now - start, 6))
            # On schedule, but never faster than twice the plan's pace: a hand late after the
            # guest stood still catches up without a burst of edges the app cannot read in time.
            due = max(due + wait, now + wait * CATCH_UP)
    finally:
        for fd in files.values():
            os.close(fd)
    json.dump({"at": at}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
