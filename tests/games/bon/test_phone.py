"""What a phone shows of B.O.N: the rank stack, the trick, tricks against the goal, the track, a
proven failure to follow and the news, in the touchscreen's words. Headless Chromium, a real broker."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.broadcast.conftest import broadcaster, broker, table  # noqa: F401 (fixtures)
from tests.support import phone_page
from tests.support.browser import close_browser, phone_browser
from tests.support.phone_page import card_of, errors, info, news, shown, stat

pytestmark = pytest.mark.slow
SCRIPTS = Path(__file__).parent / "scripts"


@pytest.fixture
def browser():
    driver = phone_browser()
    yield driver
    close_browser(driver)


def played(table, driver, broker, name: str, until: int | None = None):  # noqa: F811
    return phone_page.played(table, driver, broker, SCRIPTS / f"{name}.jsonl", until)


def test_the_rulebook_trick_shows_the_stack_the_trick_and_who_took_it(broker, table, broadcaster, browser):
    session, _ = played(table, browser, broker, "rulebook_example_julie_takes_it", until=6)
    said = info(browser)
    assert "ranks, top first 1 Blue · 2 Red · 3 Yellow" in said
    assert "trick 1 of 7 Bill Red 8, Sue Red 3, Julie Blue 1" in said and "Prime Red" in said
    assert "left over Red 1, Yellow 5" in said
    assert stat(browser, "Greg", "tricks") == "0 of 2" and stat(browser, "Greg", "track") == "0 / 5"
    assert "to play" in card_of(browser, "Greg")
    session.dispatch({"type": "play", "card": "yellow-9"})
    shown(browser, session)
    said = info(browser)
    assert "ranks, top first 1 Red · 2 Yellow · 3 Blue" in said
    assert "trick 1 taken Julie with Blue 1; Blue to the bottom" in said
    assert stat(browser, "Julie", "tricks") == "1 of 2"
    news(browser, "Julie takes trick 1 with Blue 1; Blue goes to the bottom: Red, Yellow, Blue")
    assert errors(browser) == []


def test_a_failure_to_follow_and_the_rounds_scoring_read_as_on_the_touchscreen(broker, table, broadcaster, browser):
    session, _ = played(table, browser, broker, "failure_to_follow_proved")
    said = info(browser)
    told = "Ben did not follow Red in trick 1 (played Yellow 1) but held Red 1: a failure to follow"
    assert told in said
    news(browser, told)
    assert "left over 2 cards, face down" in said
    assert "did not follow Red" in card_of(browser, "Ben")
    assert errors(browser) == []


def test_the_scoring_lines_and_the_track(broker, table, broadcaster, browser):
    played(table, browser, broker, "scoring_exact_zero_and_missed")
    assert stat(browser, "Ann", "round\u00a01") == "Ann: 3 tricks (goal 3), exactly the goal: +1"
    assert stat(browser, "Ben", "round\u00a01") == "Ben: 0 tricks (goal 3), no tricks: +2"
    assert stat(browser, "Ben", "track") == "2 / 5"
    news(browser, "Round 1: Ann 3 tricks +1; Ben 0 tricks +2; Cy 4 tricks +0")
    assert errors(browser) == []


def test_while_the_left_over_cards_are_entered_the_phone_names_who_leads_trick_1(broker, table, broadcaster, browser):
    """Nobody is to play yet (the left-over cards come first): the phone once said "null leads"."""
    session, _ = played(table, browser, broker, "rulebook_example_julie_takes_it", until=1)
    assert session.view()["view"]["phase"] == "deal"
    said = info(browser)
    assert "trick 1 of 7 Bill leads" in said and "null" not in said
    assert errors(browser) == []
