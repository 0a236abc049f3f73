"""BONC! on the phone: lives, shields, the last card, the chain and who may BLOCK, in the
touchscreen's words. A real broker and headless Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.broadcast.conftest import broadcaster, broker, table  # noqa: F401 (fixtures)
from tests.support.browser import close_browser, phone_browser, shown_revision, wait_for

pytestmark = pytest.mark.slow

SCRIPTS = Path(__file__).parent / "scripts"
SCREENS = Path(__file__).parents[3] / "artifacts" / "screens"


PAGE_UP = 15.0  # a page coming up on a busy two-core machine: not what these tests measure


@pytest.fixture(scope="module")
def browser():
    driver = phone_browser()
    yield driver
    close_browser(driver)


def open_page(driver, broker):  # noqa: F811
    """The page, connected: the news of every move made from now on reaches it."""
    driver.get_log("browser")  # forget what earlier pages logged
    driver.get(f"{broker.phone_url}#table=table1&prefix=companion")
    status = "return document.getElementById('status').dataset.status"
    wait_for(lambda: driver.execute_script(status) == "online", timeout=PAGE_UP)


def shown(driver, session) -> None:
    wait_for(lambda: shown_revision(driver) == str(session.revision), timeout=PAGE_UP)


def text(driver, element_id: str) -> str:
    return driver.execute_script(f"return document.getElementById('{element_id}').innerText")


def info(driver) -> str:
    return " ".join(text(driver, "table-info").split())


def errors(driver) -> list[str]:
    """What this page logged as an error: not the browser's favicon request, nor the reconnects
    of the previous test's page to a broker already stopped."""
    here = driver.execute_script("return location.origin")
    return [e["message"] for e in driver.get_log("browser")
            if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]
            and not (e["message"].startswith("http://127.0.0.1:") and not e["message"].startswith(here + "/"))]


def card_of(driver, name: str) -> str:
    """One player's card on the page, as a player reads it."""
    return driver.execute_script(
        "var name = arguments[0];"
        "var card = Array.from(document.querySelectorAll('#players .player'))"
        ".find(function (c) { return c.dataset.player === name; });"
        "return card ? card.innerText : null;", name)


def stat(driver, name: str, label: str) -> str | None:
    """The value of one line on a player's card ("lives", "cards"), or None."""
    return driver.execute_script(
        "var name = arguments[0], label = arguments[1];"
        "var card = Array.from(document.querySelectorAll('#players .player'))"
        ".find(function (c) { return c.dataset.player === name; });"
        "var item = card && Array.from(card.querySelectorAll('.stats div'))"
        ".find(function (d) { return d.querySelector('dt').textContent === label; });"
        "return item ? item.querySelector('dd').textContent : null;", name, label)


def played(table, browser, broker, name: str):  # noqa: F811
    lines = [json.loads(x) for x in (SCRIPTS / f"{name}.jsonl").read_text().splitlines() if x.strip()]
    header, actions = lines[0], lines[1:]
    session = table.start(header["game"], header["players"], header.get("options", {}))
    open_page(browser, broker)
    for action in actions:
        session.dispatch(action)
    shown(browser, session)
    return session


def test_the_phone_shows_the_chain_its_victim_and_who_may_block(broker, table, broadcaster, browser):  # noqa: F811
    session = played(table, browser, broker, "rulebook_chain_example")
    said = session.view()["view"]["said"]
    assert card_of(browser, "Player 2").split()[-4:] == ["3", "lives", "cards", "9"]
    assert "lives at most 5" in info(browser)
    assert stat(browser, "Player 4", "cards") == "10"
    assert "hit −2" in card_of(browser, "Player 2") and "may BLOCK" in card_of(browser, "Player 2")
    assert f"last card {said['last']}" in info(browser)
    assert "chain Another 7 from Player 4: TRIPLE BONC! on Player 3 (−3)" in info(browser)
    assert "DOUBLE BONC! Player 3 matches Player 2's 7: Player 2 loses 2 lives" in text(browser, "event-list")
    session.dispatch({"type": "block", "by": "Player 2"})
    shown(browser, session)
    assert card_of(browser, "Player 2").split()[-4:] == ["5", "lives", "cards", "9"]
    assert "blocked" in card_of(browser, "Player 2")
    wait_for(lambda: "Player 2 BLOCKS Player 3's 7 and keeps 2 lives" in text(browser, "event-list"))
    SCREENS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENS / "bonc-phone.png"))
    assert errors(browser) == []


def test_the_phone_shows_each_shield_with_its_side(broker, table, broadcaster, browser):  # noqa: F811
    played(table, browser, broker, "borrowed_time_with_everyone_else_bulletproof")
    assert "Bulletproof, side 1" in card_of(browser, "Ann")
    assert "Bulletproof, side 2" in card_of(browser, "Cat")
    assert "Bulletproof" not in card_of(browser, "Dan")
    assert errors(browser) == []
