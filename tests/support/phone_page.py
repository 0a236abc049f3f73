"""Reading the phone page as a player at the table does: its info panel, each player's card, the
news. Shared by every test that opens the page in headless Chromium against a real broker.

The table publishes a change's state first and its news just after, on another topic, so a page
that shows the newest revision may not have the news of it yet: `news()` waits for the words it
is asked about instead of reading the list once."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.support.browser import shown_revision, wait_for

WEB = Path(__file__).resolve().parent.parent.parent / "companion" / "web"

# A page coming up (Chromium loading it, MQTT over WebSockets connecting) on a busy two-core
# machine: not what these tests measure, so it gets room. What they measure has its own limit.
PAGE_UP = 15.0


def open_page(driver, broker, table_id: str = "table1", *, online: bool = False) -> None:
    """The phone page of `table_id`; with `online`, once it is connected (so the news of every
    move made from now on reaches it)."""
    driver.get_log("browser")  # forget what earlier pages logged
    driver.get(f"{broker.phone_url}#table={table_id}&prefix=companion")
    if online:
        wait_for(lambda: status(driver) == "online", timeout=PAGE_UP)


def played(table, driver, broker, script: Path, until: int | None = None):
    """A script's game (its first `until` actions) played at the table with a phone that was
    connected before the first move, so it has every move's news; once the phone shows it, the
    session and the script's actions."""
    lines = [json.loads(x) for x in script.read_text().splitlines() if x.strip()]
    header, actions = lines[0], lines[1:]
    session = table.start(header["game"], header["players"], header.get("options", {}))
    open_page(driver, broker, online=True)
    for action in actions[:until]:
        session.dispatch(action)
    shown(driver, session)
    return session, actions


def status(driver) -> str:
    return driver.execute_script("return document.getElementById('status').dataset.status")


def shown(driver, session) -> None:
    """Wait until the page shows the session's newest revision."""
    wait_for(lambda: shown_revision(driver) == str(session.revision), timeout=PAGE_UP)


def text(driver, element_id: str) -> str:
    return driver.execute_script(f"return document.getElementById('{element_id}').innerText")


def info(driver) -> str:
    """The table's info panel (stack, trick, round...) as one line of words."""
    return " ".join(text(driver, "table-info").split())


def news(driver, *told: str, timeout: float = 5.0) -> str:
    """The news list once it says each of `told` (it may lag the state by a message)."""
    try:
        wait_for(lambda: all(t in text(driver, "event-list") for t in told), timeout=timeout)
    except AssertionError:
        raise AssertionError(f"the phone's news never said {told!r}; it says:\n{text(driver, 'event-list')}") from None
    return text(driver, "event-list")


def card_of(driver, name: str) -> str | None:
    """One player's card on the page, as a player reads it."""
    return driver.execute_script(
        "var name = arguments[0];"
        "var card = Array.from(document.querySelectorAll('#players .player'))"
        ".find(function (c) { return c.dataset.player === name; });"
        "return card ? card.innerText : null;",
        name,
    )


def stat(driver, name: str, label: str) -> str | None:
    """The value of one line on a player's card ("lives", "tricks", "face-up"...), or None."""
    return driver.execute_script(
        "var name = arguments[0], label = arguments[1];"
        "var card = Array.from(document.querySelectorAll('#players .player'))"
        ".find(function (c) { return c.dataset.player === name; });"
        "var item = card && Array.from(card.querySelectorAll('.stats div'))"
        ".find(function (d) { return d.querySelector('dt').textContent === label; });"
        "return item ? item.querySelector('dd').textContent : null;",
        name, label,
    )


def errors(driver, *, no_renderer: str | None = None) -> list[str]:
    """Everything the page logged as an error, but for the 404 expected when it asks for
    games/<no_renderer>.js (that game has no renderer of its own: the neutral view stands)
    and the browser's own request for a favicon."""
    expected = [re.compile(r"/favicon\.ico - Failed to load resource: .*status of 404")]
    if no_renderer is not None:
        assert not (WEB / "games" / f"{no_renderer}.js").exists(), f"{no_renderer} has a renderer: no 404 is expected"
        expected.append(re.compile(
            rf"/games/{re.escape(no_renderer)}\.js - Failed to load resource: .*status of 404"
        ))
    # The page before this one (another test's, on another broker's port) may still log as it
    # goes: its reconnects to a broker already stopped are not this page's errors.
    here = driver.execute_script("return location.origin")
    earlier = re.compile(r"^https?://127\.0\.0\.1:\d+/")
    return [
        e["message"] for e in driver.get_log("browser")
        if e["level"] == "SEVERE"
        and not (e.get("source") == "network" and any(p.search(e["message"]) for p in expected))
        and not (earlier.match(e["message"]) and not e["message"].startswith(here + "/"))
    ]
