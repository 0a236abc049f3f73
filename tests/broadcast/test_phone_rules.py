"""The rules of the game being played, on the phone page (issue 32, item 5): the same page the
touchscreen shows, from the table's broker, in headless Chromium; the next game's page when the
table changes game, with the phone left open."""

from __future__ import annotations

import pytest

from companion.core import rules_page
from tests.support.browser import close_browser, phone_browser, wait_for
from tests.support.phone_page import PAGE_UP, errors, news, open_page, shown, text

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser():
    driver = phone_browser()
    yield driver
    close_browser(driver)


def rules_on_the_page(driver) -> dict:
    return driver.execute_script("""
        var r = document.getElementById('rules');
        return {hidden: r.hidden, title: document.getElementById('rules-title').innerText,
                sections: Array.from(r.querySelectorAll('h4')).map(function (h) { return h.textContent; })};
    """)


def test_a_phone_shows_the_rules_of_the_game_being_played(broker, table, broadcaster, browser):
    session = table.start("bonbon", ["Ann", "Ben", "Cy"], {})
    open_page(browser, broker, online=True)
    shown(browser, session)
    page = rules_page.read("bonbon")
    wait_for(lambda: rules_on_the_page(browser)["title"] == page.title, timeout=PAGE_UP)
    seen = rules_on_the_page(browser)
    assert not seen["hidden"] and seen["sections"] == [s.title for s in page.sections]
    browser.execute_script("document.getElementById('rules').open = true")
    first = page.sections[0]
    assert first.title in text(browser, "rules")
    table.close_game()
    session = table.start("bon", ["Ann", "Ben", "Cy"], {})
    shown(browser, session)
    other = rules_page.read("bon")
    wait_for(lambda: rules_on_the_page(browser)["title"] == other.title, timeout=PAGE_UP)
    assert rules_on_the_page(browser)["sections"] == [s.title for s in other.sections]
    assert errors(browser) == []


def test_a_learning_games_tips_and_whys_reach_the_phones_as_the_table_says_them(broker, table, broadcaster, browser):
    session = table.start("bondcones", ["Mia", "Leo"], {"learning": True})
    open_page(browser, broker, online=True)
    change = session.dispatch({"type": "roll", "face": "4"})  # Mia's opening roll: its rule is told
    tips = [e["text"] for e in change.events if e["type"] == "tip"]
    assert tips, "the opening roll tells the opening's rule in a learning game"
    shown(browser, session)
    said = news(browser, *tips)
    assert said.count(tips[0]) == 1
    session.dispatch({"type": "roll", "face": "1"})  # Leo's: told once a game, never again
    shown(browser, session)
    assert news(browser).count(tips[0]) == 1


def test_a_scoring_lines_why_reaches_the_phones_with_its_numbers(broker, table, broadcaster, browser):
    from tests.games.bon.support import ROUND_ANN3_BEN0_CY4

    session = table.start("bon", ["Ann", "Ben", "Cy"], {})
    open_page(browser, broker, online=True)
    session.dispatch({"type": "start", "ranks": ["red", "yellow", "blue"], "first": "Ann"})
    for card in ("pass", "pass"):
        session.dispatch({"type": "leftover", "card": card})
    for card in ROUND_ANN3_BEN0_CY4:
        change = session.dispatch({"type": "play", "card": card})
    scored = next(e for e in change.events if e["type"] == "round_scored")
    assert scored["why"][0] == "Ann +1: took exactly the goal of 3 tricks, now 1 of 5"
    shown(browser, session)
    # The line under the round's news, as the table's story says it: each player's numbers.
    said = news(browser, scored["text"], "Why: " + "; ".join(scored["why"]))
    assert "Ben +2: took no trick at all, now 2 of 5" in said
    why = browser.execute_script(
        "return Array.from(document.querySelectorAll('#event-list .why')).map(function (w) { return w.innerText; })")
    assert why == ["Why: " + "; ".join(scored["why"])], why
    assert errors(browser) == []
