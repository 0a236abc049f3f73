"""BONC! on the phone: lives, shields, the last card, the chain and who may BLOCK, in the
touchscreen's words. A real broker and headless Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.broadcast.conftest import broadcaster, broker, table  # noqa: F401 (fixtures)
from tests.support import phone_page
from tests.support.browser import close_browser, phone_browser
from tests.support.phone_page import card_of, errors, info, news, shown, stat

pytestmark = pytest.mark.slow

SCRIPTS = Path(__file__).parent / "scripts"
SCREENS = Path(__file__).parents[3] / "artifacts" / "screens"


@pytest.fixture(scope="module")
def browser():
    driver = phone_browser()
    yield driver
    close_browser(driver)


def played(table, driver, broker, name: str):  # noqa: F811
    session, _ = phone_page.played(table, driver, broker, SCRIPTS / f"{name}.jsonl")
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
    news(browser, "DOUBLE BONC! Player 3 matches Player 2's 7: Player 2 loses 2 lives")
    session.dispatch({"type": "block", "by": "Player 2"})
    shown(browser, session)
    assert card_of(browser, "Player 2").split()[-4:] == ["5", "lives", "cards", "9"]
    assert "blocked" in card_of(browser, "Player 2")
    news(browser, "Player 2 BLOCKS Player 3's 7 and keeps 2 lives")
    SCREENS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENS / "bonc-phone.png"))
    assert errors(browser) == []


def test_the_phone_shows_each_shield_with_its_side(broker, table, broadcaster, browser):  # noqa: F811
    played(table, browser, broker, "borrowed_time_with_everyone_else_bulletproof")
    assert "Bulletproof, side 1" in card_of(browser, "Ann")
    assert "Bulletproof, side 2" in card_of(browser, "Cat")
    assert "Bulletproof" not in card_of(browser, "Dan")
    assert errors(browser) == []
