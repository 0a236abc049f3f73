"""Whole games of BONC! played on the touchscreen with a phone open at the table.

The real app, rendered headless, is driven by touches only: cards on the pad, whom a card robs or
helps on the tiles, BLOCK in one touch on a tile, the re-deal, the last stand, Undo and
Redo in the top bar. Mid-game the app and its table are closed and started again on the same
database: the game resumes where it was. After every step the phone (headless Chromium on a
real Mosquitto) shows the same lives as the touchscreen, and both show the session's.
"""

from __future__ import annotations

import random

import pytest

from tests.broadcast.conftest import broker  # noqa: F401 (fixture: a real Mosquitto)
from tests.games.bonc.test_board import ask, board, buttons, tile_of, touch
from tests.games.bonc.test_phone import browser  # noqa: F401 (fixture)
from tests.support.phone_page import errors, open_page, shown
from tests.support.touch_table import Table
from tests.ui.conftest import make_app, window  # noqa: F401 (fixtures: the real app, headless)
from tests.ui.driver import AppDriver

pytestmark = pytest.mark.slow

MOST_STEPS = 400  # a game that has not ended by then plays wrong


def touchscreen_lives(app: AppDriver) -> dict[str, int]:
    app.frames(2)
    return {tile.player: int(tile.number.text) for tile in board(app).tiles}


def check_same_lives(app: AppDriver, phone) -> dict[str, int]:
    """The session's lives, as the touchscreen and the phone both show them, with the same prompt."""
    session = app.table.session
    view = session.view()
    lives = {name: int(n) for name, n in view["scores"].items()}
    assert all(0 <= n <= view["view"]["max_lives"] for n in lives.values()), lives
    assert touchscreen_lives(app) == lives
    shown(phone, session)
    assert phone_lives(phone) == lives
    assert phone.execute_script("return document.getElementById('prompt').textContent") == view["expected"]["prompt"]
    return lives


def phone_lives(phone) -> dict[str, int]:
    """Each player's lives as the phone shows them: the number beside the name ("3 lives")."""
    shown_ = phone.execute_script(
        "var out = {};"
        "document.querySelectorAll('#players .player').forEach(function (card) {"
        "  out[card.dataset.player] = card.querySelector('.score').firstChild.textContent; });"
        "return out;")
    return {name: int(n) for name, n in shown_.items()}


def legal(app: AppDriver) -> dict[str, dict]:
    return {spec["type"]: spec for spec in app.table.session.view()["expected"]["legal"]}


def step(app: AppDriver, rng: random.Random, done: list[str]) -> None:
    """One thing a player does on the touchscreen, chosen at random among what the board offers."""
    offers = legal(app)
    roll = rng.random()
    if done and roll < 0.06:
        app.tap("Undo")
        done.append("undo")
        if rng.random() < 0.5:
            app.tap("Redo")
            done.append("redo")
        return
    cards = buttons(app, board(app).pad) if "play" in offers else []
    # A player on turn whose only card is a BLOCK blocks with it on their tile (the pad's is greyed).
    if "block" in offers and (roll < 0.3 or ("play" in offers and not cards)):
        who = rng.choice(offers["block"]["by"])
        tile = tile_of(app, who)
        before = app.table.session.revision
        touch(app, tile.block.text, root=tile)  # one touch, on their own tile
        assert app.table.session.revision == before + 1, "the BLOCK is made at once"
        done.append("block")
    elif "play" in offers:
        card = rng.choice(cards)
        touch(app, card)
        if board(app).entry is not None:  # a card that asks for a player: on the tiles
            named = [t for t in board(app).tiles if buttons(app, t) in (["Take"], ["Give"])]
            spare = [b for b in buttons(app, board(app).status) if b == "Nobody"]
            choices = [*named, *spare]
            pick = rng.choice(choices)
            if pick == "Nobody":
                ask(app, "Nobody")
            else:
                touch(app, buttons(app, pick)[0], root=pick)
        done.append("play")
    elif "deal" in offers:
        ask(app, "Deal again")
        done.append("deal")
    else:
        assert "no_block" in offers, offers
        ask(app, offers["no_block"]["label"])
        done.append("no_block")


@pytest.mark.parametrize("players, options, seed", [
    (("Ann", "Ben", "Cat"), {"lives": 3}, 1),
    (("Ann", "Ben", "Cat", "Dan", "Eve"), {"lives": 2}, 7),
], ids=["3-players", "5-players"])
def test_whole_games_by_touch_with_undo_redo_and_a_restart_the_phone_showing_the_same_lives(
        make_app, broker, browser, players, options, seed):  # noqa: F811
    table = Table(make_app, broker)
    app = table.up()
    assert app.app.start_game("bonc", list(players), options)
    open_page(browser, broker, online=True)
    rng = random.Random(seed)
    done: list[str] = []
    check_same_lives(app, browser)
    restart_at = 12
    while app.table.session.result() is None:
        assert len(done) < MOST_STEPS, f"no winner after {len(done)} steps"
        revision = app.table.session.revision
        step(app, rng, done)
        assert app.table.session.revision != revision, f"the touch for {done[-1]} was refused"
        check_same_lives(app, browser)
        if len(done) == restart_at:
            app = table.restart()
            check_same_lives(app, browser)
    winner = app.table.session.result().winners
    lives = check_same_lives(app, browser)
    assert [name for name, n in lives.items() if n > 0] == list(winner)
    assert {"play", "undo", "redo"} <= set(done), done
    assert errors(browser) == []
