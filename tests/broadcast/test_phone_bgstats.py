"""A finished game's phone page offers "Log in BG Stats": the link is BG Stats' push format, and
following it opens BG Stats' createPlay page with the play's JSON."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.broadcast.test_phone_page import PAGE_UP, browser, errors, open_page, renderer_missing, status  # noqa: F401
from tests.support.browser import wait_for

pytestmark = pytest.mark.slow
SHOTS = Path(__file__).resolve().parent.parent.parent / "artifacts" / "screens"


def link_data(url: str) -> dict:
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html"
    return json.loads(parse_qs(parts.query)["data"][0])


def bgstats_href(driver) -> str | None:
    return driver.execute_script("var a = document.querySelector('#result a.bgstats'); return a && a.href")


def test_a_finished_games_page_offers_log_in_bg_stats(broker, table, broadcaster, browser):  # noqa: F811
    session = table.start("tally", ["Ann", "Ben"], {"target": 5})
    open_page(browser, broker)
    wait_for(lambda: status(browser) == "online", timeout=PAGE_UP)
    session.dispatch({"type": "add", "points": 3})
    wait_for(lambda: browser.execute_script("return document.getElementById('game').dataset.revision") == "1")
    assert bgstats_href(browser) is None, "no link while the game is played"
    session.dispatch({"type": "add", "points": 1})
    session.dispatch({"type": "add", "points": 2})  # Ann 5: the game is over
    href = wait_for(lambda: bgstats_href(browser), timeout=5)
    label = browser.execute_script("return document.querySelector('#result a.bgstats').innerText")
    assert label == "Log in BG Stats"
    data = link_data(href)
    assert data["game"]["name"] == "Tally" and data["location"] == broadcaster.table_name
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Ann", 5, 1, True, True), ("Ben", 1, 2, False, False)]
    assert errors(browser, no_renderer=renderer_missing("tally")) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / "phone-bgstats.png"))
    # Following it opens BG Stats' page (its app, where installed) with the same play.
    browser.set_page_load_timeout(20)
    browser.execute_script("document.querySelector('#result a.bgstats').click()")
    wait_for(lambda: browser.current_url.startswith("https://app.bgstatsapp.com/createPlay.html?data="), timeout=20)
    assert link_data(browser.current_url) == data
