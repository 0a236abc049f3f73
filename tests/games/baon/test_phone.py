"""Baon on the phone: baons card by card, generosity, favourites, the majorities, the pile and
Lola, the final lines, and the news in the touchscreen's words. Headless Chromium, a real broker."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.broadcast.conftest import broadcaster, broker, table  # noqa: F401 (fixtures)
from tests.support import phone_page
from tests.support.browser import close_browser, phone_browser
from tests.support.phone_page import errors, info, news, stat

SCRIPTS = Path(__file__).parent / "scripts"
SCREENS = Path(__file__).resolve().parents[3] / "artifacts" / "screens"

pytestmark = pytest.mark.slow


@pytest.fixture
def browser():
    driver = phone_browser()
    yield driver
    close_browser(driver)


def played(table, driver, broker, name: str):  # noqa: F811
    session, _ = phone_page.played(table, driver, broker, SCRIPTS / f"{name}.jsonl")
    return session


def test_the_phone_shows_baons_generosity_majorities_and_the_news(broker, table, broadcaster, browser):  # noqa: F811
    session = played(table, browser, broker, "generosity_favourites")
    assert stat(browser, "Ann", "Adobo baon") == "1 Adobo, 2 Adobo, 3 Adobo, 4 Adobo, wild 5"
    assert stat(browser, "Cy", "Pancit baon") == "4 Lechon, 5 Pancit, 6 Pancit, 7 Pancit, 8 Lumpia"
    assert stat(browser, "Ben", "generosity") == "6" and stat(browser, "Ben", "favourite food") == "Lumpia"
    assert stat(browser, "Ben", "cards in hand") == "2"
    said = info(browser)
    assert "Most Generous (5) held by Ben; Ben leads now" in said
    assert "Biggest Baon (10) not claimed; no clear majority now" in said
    assert "Lola hidden" in said
    news(browser, "Ben shared Lechon 4 to Cy's Pancit baon: +1 generosity", "Ben claimed Most Generous")
    assert not errors(browser)
    SCREENS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENS / "baon-phone.png"))
    assert session.revision > 0


def test_the_phone_shows_the_final_lines_and_the_winner(broker, table, broadcaster, browser):  # noqa: F811
    played(table, browser, broker, "whole_game")
    assert stat(browser, "Ann", "variety bonuses") == "10"
    assert stat(browser, "Ann", "food matching container and favourite (5 each)") == "5"
    assert stat(browser, "Ben", "bonus tokens") == "15"
    said = info(browser)
    assert "winner Ann" in said and "Lola her cards are on the countertop: last round" in said
    assert not errors(browser)
    browser.save_screenshot(str(SCREENS / "baon-phone-end.png"))
