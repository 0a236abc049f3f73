"""What a phone shows of B.O.N: the rank stack, the trick, tricks against the goal, the track, a
proven failure to follow and the news, in the touchscreen's words. Headless Chromium, a real broker."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.broadcast.conftest import broadcaster, broker, table  # noqa: F401 (fixtures)
from tests.support.browser import close_browser, phone_browser, shown_revision, wait_for

pytestmark = pytest.mark.slow
SCRIPTS = Path(__file__).parent / "scripts"
PAGE_UP = 15.0


@pytest.fixture
def browser():
    driver = phone_browser()
    yield driver
    close_browser(driver)


def text(driver, element_id: str) -> str:
    return driver.execute_script(f"return document.getElementById('{element_id}').innerText")


def errors(driver) -> list[str]:
    """What the page logged as an error, but for the browser's own request for a favicon."""
    here = driver.execute_script("return location.origin")
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"
            and "favicon.ico" not in e["message"]
            and not (re.match(r"^https?://127\.0\.0\.1:\d+/", e["message"]) and not e["message"].startswith(here))]


def shown(driver, session) -> None:
    wait_for(lambda: shown_revision(driver) == str(session.revision), timeout=PAGE_UP)


def played(table, driver, broker, name: str, until: int | None = None):
    """A script's game played at the table with a phone watching, once the phone shows it."""
    lines = [json.loads(x) for x in (SCRIPTS / f"{name}.jsonl").read_text().splitlines() if x.strip()]
    header, actions = lines[0], lines[1:]
    session = table.start(header["game"], header["players"], header.get("options", {}))
    driver.get_log("browser")
    driver.get(f"{broker.phone_url}#table=table1&prefix=companion")
    for action in actions[:until]:
        session.dispatch(action)
    shown(driver, session)
    return session, actions


def card_of(driver, name: str) -> str:
    return driver.execute_script(
        "var name = arguments[0];"
        "var card = Array.from(document.querySelectorAll('#players .player'))"
        ".find(function (c) { return c.dataset.player === name; });"
        "return card ? card.innerText : null;", name)


def stat(driver, name: str, label: str) -> str | None:
    """The value of one line on a player's card, or None."""
    return driver.execute_script(
        "var name = arguments[0], label = arguments[1];"
        "var card = Array.from(document.querySelectorAll('#players .player'))"
        ".find(function (c) { return c.dataset.player === name; });"
        "var item = card && Array.from(card.querySelectorAll('.stats div'))"
        ".find(function (d) { return d.querySelector('dt').textContent === label; });"
        "return item ? item.querySelector('dd').textContent : null;", name, label)


def info(driver) -> str:
    return " ".join(text(driver, "table-info").split())


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
    news = text(browser, "events")
    assert "Julie takes trick 1 with Blue 1; Blue goes to the bottom: Red, Yellow, Blue" in news
    assert errors(browser) == []


def test_a_failure_to_follow_and_the_rounds_scoring_read_as_on_the_touchscreen(broker, table, broadcaster, browser):
    session, _ = played(table, browser, broker, "failure_to_follow_proved")
    said = info(browser)
    told = "Ben did not follow Red in trick 1 (played Yellow 1) but held Red 1: a failure to follow"
    assert told in said and told in text(browser, "events")
    assert "left over 2 cards, face down" in said
    assert "did not follow Red" in card_of(browser, "Ben")
    assert errors(browser) == []


def test_the_scoring_lines_and_the_track(broker, table, broadcaster, browser):
    played(table, browser, broker, "scoring_exact_zero_and_missed")
    assert stat(browser, "Ann", "round\u00a01") == "Ann: 3 tricks (goal 3), exactly the goal: +1"
    assert stat(browser, "Ben", "round\u00a01") == "Ben: 0 tricks (goal 3), no tricks: +2"
    assert stat(browser, "Ben", "track") == "2 / 5"
    assert "Round 1: Ann 3 tricks +1; Ben 0 tricks +2; Cy 4 tricks +0" in text(browser, "events")
    assert errors(browser) == []


def test_while_the_left_over_cards_are_entered_the_phone_names_who_leads_trick_1(broker, table, broadcaster, browser):
    """Nobody is to play yet (the left-over cards come first): the phone once said "null leads"."""
    session, _ = played(table, browser, broker, "rulebook_example_julie_takes_it", until=1)
    assert session.view()["view"]["phase"] == "deal"
    said = info(browser)
    assert "trick 1 of 7 Bill leads" in said and "null" not in said
    assert errors(browser) == []
