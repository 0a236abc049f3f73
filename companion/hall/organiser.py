"""The organiser's session at the venue, shared by every table joining the hall (docs/hall.md).

The tables' port makes a client's login its client id (use_username_as_clientid), so that nobody
can take a table's: that holds for the organiser's login too, so two `hall-join`s logging in as
the organiser at the same moment knock each other off, the later taking the earlier's session
over (Mosquitto 2.0.11 just closes the earlier connection). A tournament's tables are switched on and joined together, so a join whose session was
taken over waits a random while and tries again from the start (each try's commands make or
remake the same login, so a try cut short after the venue made it does no harm), the random
wait growing with every try so that many joins at once spread out, until a deadline.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

from companion.hall.enrol import ORGANISER, Dropped, session

T = TypeVar("T")

# Seconds one join keeps trying while others take the organiser's session over: each session
# lasts about half a second at the venue (a TLS handshake, a look at what the venue holds for the
# id, the login's commands), and fifty joins started in one and the same moment on loopback were
# all done within 90 s (docs/hall.md); a real room's tables start seconds apart.
DEADLINE = 300.0
FIRST_PAUSE = 0.5  # the longest random wait after the first takeover, doubled after each...
LONGEST_PAUSE = 8.0  # ...up to this


class Busy(Exception):
    """Other joins kept taking the organiser's session over until the deadline."""


def as_organiser(hall: Any, secret: str, insecure: bool, work: Callable[[Any], T], *,
                 deadline: float | None = None) -> T:
    """`work(client)` with a session logged in at the venue as the organiser, tried again after a
    random wait whenever another join takes the session over. LoginRefused and OSError as
    enrol.session raises them; Busy when the deadline (DEADLINE s) passes."""
    deadline = DEADLINE if deadline is None else deadline
    ends = time.monotonic() + deadline
    pause = FIRST_PAUSE
    tries = 0
    while True:
        tries += 1
        try:
            with session(hall, ORGANISER, secret, insecure) as client:
                return work(client)
        except Dropped:  # taken over (Mosquitto 2.0.11 does not say so: any drop once logged in)
            if tries == 1:
                print(f"Other tables are joining the hall at this moment: this one waits its turn (for up to "
                      f"{deadline:.0f} s).", flush=True)
            wait = random.uniform(0.0, pause)
            if time.monotonic() + wait >= ends:
                raise Busy(f"the venue closed the organiser's session {tries} times in {deadline:.0f} s (other "
                           "tables joining at the same time take it over)") from None
            time.sleep(wait)  # a random back-off, not a wait for an event: nothing says when the venue is free
            pause = min(pause * 2, LONGEST_PAUSE)
