"""A whole game of BondCones as two players play it on the touchscreen, a phone page open on a
real broker: the game chosen on Home, the opening roll, every turn's roll, captures with the kinds
of cone, Done, BondO Battles and removals touched on the board, chosen at random among what it
offers, until a side reaches the target. The cones on the board are a real shuffled set: a capture
enters the value the captured cone shows. Undo and Redo on the way, the table switched off and on
again mid-game. After every step the phone shows the same points, cones and prompt as the
touchscreen and the game, and no cone's value before it is captured."""

from __future__ import annotations

import random
from typing import Any

import pytest

# First: the headless window is made at the largest screen size before anything imports Kivy's window.
from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the real app, headless)
from tests.broadcast.conftest import broker  # noqa: F401 (fixture: a real Mosquitto)
from tests.games.bonc.test_phone import browser  # noqa: F401 (fixture: headless Chromium)
from tests.support.phone_page import errors, open_page, shown
from tests.support.touch_table import (Table, button_saying, live_buttons, plain, start_by_touch, touch,
                                       undo_redo)
from tests.ui.test_bondcones_board import board

pytestmark = pytest.mark.slow

PLAYERS = ["Mia", "Leo"]
FACES = ["1", "2", "3", "4", "PEEK", "BONDO"]
MOST_MOVES = 500  # a game that has not ended by then plays wrong


def phone(driver) -> dict[str, Any]:
    return driver.execute_script(
        "function pairs(dl) { return dl ? Array.from(dl.querySelectorAll(':scope > div')).map(function (d) {"
        "  return [d.querySelector('dt').textContent, d.querySelector('dd').textContent]; }) : []; }"
        "var players = {};"
        "document.querySelectorAll('#players .player').forEach(function (c) {"
        "  var score = c.querySelector('.score');"
        "  players[c.dataset.player] = {stats: pairs(c.querySelector('.stats')),"
        "    score: score && score.firstChild ? score.firstChild.textContent : null}; });"
        "return {info: Object.fromEntries(pairs(document.getElementById('table-info'))), players: players,"
        "  prompt: document.getElementById('prompt').textContent};")


def agree(app, driver) -> dict[str, Any]:
    """The phone, once it shows the newest revision, the touchscreen and the game say the same."""
    session = app.table.session
    shown(driver, session)
    app.frames(2)
    whole = session.view()
    game, there = whole["view"], phone(driver)
    prompt = whole["expected"]["prompt"]
    assert plain(app.app.screen("play").prompt.text) == prompt == there["prompt"]
    frames = {plain(f.name.text).replace("▶", "").strip(): f for f in board(app).frames}
    for name in PLAYERS:
        side, frame, card = game["sides"][name], frames[name], there["players"][name]
        assert frame.points.text == str(side["points"]) == card["score"] == str(whole["scores"][name])
        if not game["winner"]:
            assert frame.to_go.text == (f"{side['to_win']} to go" if side["to_win"] else "reached")
        # The phone's card: what any player at the table can count, and no cone's value but those
        # captured (the cones still on the board are anybody's guess).
        rows = dict(card["stats"])
        assert [k for k, _ in card["stats"]] == ["to win", "cones left", "BondOs"] + (["captured"] if side["taken"] else [])
        assert rows["to win"] == str(side["to_win"]) and rows["cones left"] == str(side["cones_left"])
        assert rows["BondOs"] == str(side["bondos"])
        assert rows.get("captured", "") == ", ".join(str(v) for v in side["taken"])
    assert there["info"]["turn"] == str(game["turn_number"]) if game["turn_number"] else True
    return whole


class Players:
    """Two players choosing at random among the buttons the board offers; the cones on the board
    are a shuffled set each, and a capture or removal takes one of them at random."""

    def __init__(self, table: Table, seed: int) -> None:
        self.table = table
        self.rng = random.Random(seed)
        self.moves: list[bool] = []  # whether each move was news on the phone
        self.undone: list[bool] = []

    @property
    def app(self):
        return self.table.app

    def took_back(self) -> bool:
        """Undo touched: whether the move taken back was news."""
        self.undone.append(self.moves.pop())
        return self.undone[-1]

    def put_back(self) -> None:
        self.moves.append(self.undone.pop())

    def press(self, wanted, root=None) -> None:
        touch(self.app, button_saying(self.app, root or board(self.app).entry, wanted))

    def cone_of(self, owner: str) -> int:
        """A cone of `owner` still on the board, as the finger that takes it finds it: its value."""
        left = self.app.table.session.view()["view"]["sides"][owner]["remaining"]
        return int(self.rng.choice([v for v, n in left.items() for _ in range(n)]))

    def move(self) -> str:
        session = self.app.table.session
        revision = session.revision
        legal = {spec["type"]: spec for spec in session.view()["expected"]["legal"]}
        game = session.view()["view"]
        done = self._move(game, legal)
        assert session.revision == revision + 1, f"{done}: {self.app.app.toast.text!r}"
        self.moves.append(bool(self.table.changes[-1].events))
        self.undone.clear()
        return done

    def _move(self, game: dict[str, Any], legal: dict[str, Any]) -> str:
        if "battle" in legal and self.rng.random() < 0.6:
            self.press(lambda said: "Declare a BondO Battle" in said)
            return "battle"
        if "roll" in legal:
            face = self.rng.choice(FACES)
            self.press(face)
            return "battle roll" if game["step"] == "battle" else "roll" if game["phase"] == "play" else "opening"
        if "remove" in legal:
            self.press(str(self.cone_of(game["turn"])))
            return "remove"
        if self.rng.random() < 0.25:
            self.press(lambda said: said.startswith("Done"))
            return "done"
        entry = board(self.app).entry
        kinds = []
        for row in ("with", "cone"):
            others = [b for b in live_buttons(self.app, entry.rows[row]) if plain(b.text) != "Ordinary cone"
                      and b.state != "down"]
            if others and self.rng.random() < 0.55:
                chip = self.rng.choice(others)
                kinds.append(plain(chip.text))
                touch(self.app, chip)
        opponent = next(p for p in PLAYERS if p != game["turn"])
        self.press(str(self.cone_of(opponent)))
        return "capture" + (" with " + ", ".join(kinds) if kinds else "")


def test_a_whole_game_of_bondcones_by_touch_with_a_phone_watching(make_app, broker, browser):  # noqa: F811
    table = Table(make_app, broker)
    app = table.up()
    try:
        open_page(browser, broker, online=True)
        start_by_touch(app, "BondCones", PLAYERS)
        agree(app, browser)
        players = Players(table, seed=5)
        done: list[str] = []
        while app.table.session.result() is None:
            assert len(done) < MOST_MOVES, f"no winner after {len(done)} moves"
            done.append(players.move())
            agree(app, browser)
            if len(done) % 37 == 0:
                undo_redo(app, browser, players, agree, back=3)
            if len(done) == 60:
                app = table.restart()
                agree(app, browser)
        whole = agree(app, browser)
        winner = whole["view"]["winner"]
        assert list(app.table.session.result().winners) == [winner]
        assert whole["view"]["sides"][winner]["points"] >= whole["view"]["target"]
        assert [f.to_go.text for f in board(app).frames] == ["won" if p == winner else "lost" for p in PLAYERS]
        assert whole["expected"]["prompt"].startswith(f"Game over: {winner} wins")
        app.screenshot("bondcones-game-over")  # a whole game as played: the picture for docs/screens
        # The last move taken back and put back: the game over goes and comes back on both.
        undo_redo(app, browser, players, agree, back=1)
        assert len(done) > 60, "restarted mid-game"
        assert {"capture", "done", "battle", "remove"} <= {d.split(" with")[0] for d in done}, done
        assert errors(browser) == []
    finally:
        table.close()
