"""Baon on the phone: baons card by card, generosity, favourites, the majorities, the pile and
Lola, the final lines, and the news in the touchscreen's words. Headless Chromium, a real broker."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.broadcast.conftest import broadcaster, broker, table  # noqa: F401 (fixtures)
from tests.support.browser import close_browser, phone_browser, shown_revision, wait_for

SCRIPTS = Path(__file__).parent / "scripts"
SCREENS = Path(__file__).resolve().parents[3] / "artifacts" / "screens"

pytestmark = pytest.mark.slow
PAGE_UP = 15.0


@pytest.fixture
def browser():
    driver = phone_browser()
    yield driver
    close_browser(driver)


def open_page(driver, broker):  # noqa: F811
    driver.get_log("browser")
    driver.get(f"{broker.phone_url}#table=table1&prefix=companion")


def text(driver, element_id: str) -> str:
    return driver.execute_script(f"return document.getElementById('{element_id}').innerText")


def errors(driver) -> list[str]:
    """What the page logged as an error, but for the browser's own request for a favicon."""
    return [e["message"] for e in driver.get_log("browser")
            if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]


def lines(name: str) -> tuple[dict, list[dict]]:
    found = [json.loads(x) for x in (SCRIPTS / f"{name}.jsonl").read_text().splitlines() if x.strip()]
    return found[0], found[1:]


def played(table, browser, broker, name: str, until: int | None = None):  # noqa: F811
    header, actions = lines(name)
    session = table.start(header["game"], header["players"], header.get("options", {}))
    open_page(browser, broker)
    for action in actions[:until]:
        session.dispatch(action)
    wait_for(lambda: shown_revision(browser) == str(session.revision), timeout=PAGE_UP)
    return session


def stat(browser, name: str, label: str) -> str | None:  # noqa: F811
    return browser.execute_script(
        "var name = arguments[0], label = arguments[1];"
        "var card = Array.from(document.querySelectorAll('#players .player'))"
        ".find(function (c) { return c.dataset.player === name; });"
        "var item = card && Array.from(card.querySelectorAll('.stats div'))"
        ".find(function (d) { return d.querySelector('dt').textContent === label; });"
        "return item ? item.querySelector('dd').textContent : null;",
        name, label,
    )


def test_the_phone_shows_baons_generosity_majorities_and_the_news(broker, table, broadcaster, browser):  # noqa: F811
    session = played(table, browser, broker, "generosity_favourites")
    assert stat(browser, "Ann", "Adobo baon") == "1 Adobo, 2 Adobo, 3 Adobo, 4 Adobo, wild 5"
    assert stat(browser, "Cy", "Pancit baon") == "4 Lechon, 5 Pancit, 6 Pancit, 7 Pancit, 8 Lumpia"
    assert stat(browser, "Ben", "generosity") == "6" and stat(browser, "Ben", "favourite food") == "Lumpia"
    assert stat(browser, "Ben", "cards in hand") == "2"
    info = " ".join(text(browser, "table-info").split())
    assert "Most Generous (5) held by Ben; Ben leads now" in info
    assert "Biggest Baon (10) not claimed; no clear majority now" in info
    assert "Lola hidden" in info
    news = text(browser, "events")
    assert "Ben shared Lechon 4 to Cy's Pancit baon: +1 generosity" in news
    assert "Ben claimed Most Generous" in news
    assert not errors(browser)
    SCREENS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENS / "baon-phone.png"))
    assert session.revision > 0


def test_the_phone_shows_the_final_lines_and_the_winner(broker, table, broadcaster, browser):  # noqa: F811
    played(table, browser, broker, "whole_game")
    assert stat(browser, "Ann", "variety bonuses") == "10"
    assert stat(browser, "Ann", "food matching container and favourite (5 each)") == "5"
    assert stat(browser, "Ben", "bonus tokens") == "15"
    info = " ".join(text(browser, "table-info").split())
    assert "winner Ann" in info and "Lola her cards are on the countertop: last round" in info
    assert not errors(browser)
    browser.save_screenshot(str(SCREENS / "baon-phone-end.png"))
