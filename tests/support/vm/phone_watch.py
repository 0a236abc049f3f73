"""A phone at the table, watching the virtual table's page through the forwarded port: headless
Chromium polled a few times a second, on its own thread, across reboots and pulled plugs.

What it must never do: show an old state under the "Live" badge. A sample is stale when the
page says Live and shows a revision older than the newest one the table had published a
moment (GRACE) before: the page may be that much behind, never more.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from tests.support.browser import close_browser, phone_browser, shown_revision
from tests.support.phone_page import status

GRACE = 3.0  # seconds a page may trail the table (delivery over the broker, drawing)
EVERY = 0.25


@dataclass(frozen=True)
class Sample:
    at: float  # time.monotonic()
    status: str  # connecting, online ("Live"), offline, unknown
    revision: int | None


class PhoneWatch:
    def __init__(self, url: str) -> None:
        self.url = url
        self.samples: list[Sample] = []
        self.errors: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="phone-watch", daemon=True)
        self.driver = phone_browser()
        self.driver.get(url)

    def __enter__(self) -> PhoneWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=10)
        close_browser(self.driver)

    def _run(self) -> None:
        while not self._stop.wait(EVERY):
            try:
                shown = shown_revision(self.driver)
                self.samples.append(Sample(time.monotonic(), status(self.driver), int(shown) if shown else None))
            except Exception as exc:  # noqa: BLE001 - a failed look is a finding, not a crash
                self.errors.append(repr(exc))

    def latest(self) -> Sample | None:
        return self.samples[-1] if self.samples else None

    def wait_until(self, check, timeout: float) -> Sample:
        deadline = time.monotonic() + timeout
        while True:
            sample = self.latest()
            if sample is not None and check(sample):
                return sample
            assert time.monotonic() < deadline, f"the phone page never got there; last: {sample}"
            time.sleep(EVERY)


def stale(samples: list[Sample], published: list[tuple[float, int]]) -> list[str]:
    """Samples that show Live with a revision older than what the table published GRACE before.

    `published`: (time.monotonic(), revision) of every state the table published, as a
    subscriber received them."""
    found = []
    for sample in samples:
        if sample.status != "online":
            continue
        before = [rev for at, rev in published if at <= sample.at - GRACE]
        if before and (sample.revision is None or sample.revision < before[-1]):
            found.append(f"Live at {sample.at:.1f} showing revision {sample.revision}; the table had {before[-1]}")
    return found
