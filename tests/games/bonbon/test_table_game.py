"""A whole game of Bonbon as a table of three plays it on the touchscreen, a phone page open on a
real broker: the game chosen on Home, every card, pass, tile, effect and reveal touched on the
board by players choosing at random among what it offers, until someone holds three bonbon
tokens. Undo and Redo on the way, the table switched off and on again mid-game. After every step
the phone shows the same totals, cards, tokens and prompt as the touchscreen and the game, and
never the value of a face-down card before the table turns it over."""

from __future__ import annotations

import copy
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
from tests.ui.test_bonbon_board import board, touch_row_card, touch_strip_tile

from companion.games.bonbon.words import KIND_CHIPS, TILE_SHORT

pytestmark = pytest.mark.slow

PLAYERS = ["Anna", "John", "Cris"]
MOST_MOVES = 400  # a game that has not ended by then plays wrong
CONFIRM = "Tap again to confirm"
TILE_WORDS = {words: tile for tile, words in TILE_SHORT.items()}
KINDS = ["regular"] * 29 + ["must_up"] * 8 + ["zero"] * 7 + ["pass_tile", "peek", "swap", "draw_again", "hide"] * 2


# -- what the phone and the touchscreen show ------------------------------------------------------

def phone(driver) -> dict[str, Any]:
    return driver.execute_script(
        "function pairs(dl) { return dl ? Array.from(dl.querySelectorAll(':scope > div')).map(function (d) {"
        "  return [d.querySelector('dt').textContent, d.querySelector('dd').textContent]; }) : []; }"
        "var players = {};"
        "document.querySelectorAll('#players .player').forEach(function (c) {"
        "  var score = c.querySelector('.score');"
        "  players[c.dataset.player] = {stats: Object.fromEntries(pairs(c.querySelector('.stats'))),"
        "    score: score && score.firstChild ? score.firstChild.textContent : null}; });"
        "return {info: Object.fromEntries(pairs(document.getElementById('table-info'))), players: players,"
        "  prompt: document.getElementById('prompt').textContent, text: document.body.innerText};")


def tokens_shown(text: str) -> int:
    return text.count("●")


def agree(app, driver) -> dict[str, Any]:
    """The phone, once it shows the newest revision, the touchscreen and the game say the same."""
    session = app.table.session
    shown(driver, session)
    app.frames(2)
    whole = session.view()
    game, there = whole["view"], phone(driver)
    phase = game["phase"]
    # The prompt: the touchscreen's bar says what the game asks; the phone what is going on,
    # which is the same words while the round is played.
    assert plain(app.app.screen("play").prompt.text) == whole["expected"]["prompt"]
    assert there["prompt"] == game["words"]["situation"]
    if phase == "play":
        assert there["prompt"] == whole["expected"]["prompt"]
    assert there["info"]["on the table"] == f"{game['collective']['total']} / {game['collective']['limit']}"
    if phase in ("play", "reveal"):
        assert plain(board(app).collective.total.text) == there["info"]["on the table"]
        rows = {row.player: row for row in board(app).players.shown}
    for p in game["players"]:
        name = p["name"]
        assert there["players"][name]["score"] == str(p["tokens"]) == str(whole["scores"][name])
        stats = there["players"][name]["stats"]
        cards = p.get("cards", [])
        # The phone's cards: a value when face-up, a blank back when face-down, a value on the back
        # only once the table has turned it over.
        phone_cards = stats.get("cards", "").split()
        assert len(phone_cards) == len(cards)
        for card, said in zip(cards, phone_cards):
            if card["face"] == "up":
                assert said == str(card["value"] if card["value"] is not None else card["kind"])
            else:
                assert said == ("▢" if card.get("value") is None else f"▢{card['value']}")
        if phase in ("play", "reveal"):
            row = rows[name]
            assert plain(row.total.text) == f"{p['face_up_total']}/{p['limit']}"
            assert stats["face-up"] == f"{p['face_up_total']} / {p['limit']}"
            assert tokens_shown(row.line2.text) == p["tokens"]
            assert [(chip.face, chip.text) for chip in row.cards.chips] == [
                (card["face"], "" if card.get("value") is None else str(card["value"])) for card in cards]
    if phase in ("scored", "over") and game["scoring"]:
        for row, line in zip(board(app).scoring.lines, game["scoring"]["lines"]):
            said = [plain(w.text) for w in row.walk(restrict=True) if isinstance(getattr(w, "text", None), str)]
            name = line["player"]
            assert name in said
            held = next(p["tokens"] for p in game["players"] if p["name"] == name)
            assert tokens_shown(" ".join(said)) == held
            scored = there["players"][name]["stats"]["scored"]
            if line["eliminated"]:
                assert scored == "out: does not score"
            else:
                assert str(line["total"]) in said and scored.startswith(f"{line['total']} (")
    return whole


# -- the players ----------------------------------------------------------------------------------

class Players:
    """Three players choosing at random among the buttons the board offers, and the cards they
    hold face-down: what only they know until the table turns them over."""

    def __init__(self, table: Table, seed: int) -> None:
        self.table = table
        self.app = table.app
        self.rng = random.Random(seed)
        self.down: dict[str, list[int | None]] = {p: [] for p in PLAYERS}  # a value per face-down card
        # After each move: what they held face-down, and whether the move was news on the phone.
        self.moves: list[tuple[dict[str, list[int | None]], bool]] = []
        self.undone: list[tuple[dict[str, list[int | None]], bool]] = []

    # -- what a turn may do ---------------------------------------------------

    def entry(self):
        return board(self.app).entry

    def live(self) -> list:
        return live_buttons(self.app, self.entry())

    def press(self, wanted) -> None:
        touch(self.app, button_saying(self.app, self.entry(), wanted))

    def weighty(self, wanted) -> None:
        self.press(wanted)
        self.press(CONFIRM)

    def value(self, v: int) -> None:
        self.press(str(v))

    def move(self) -> str:
        """One move, in as many touches as it takes; what it was."""
        app = self.app
        session = app.table.session
        before, revision = session.view()["view"], session.revision
        legal = {spec["type"] for spec in session.view()["expected"]["legal"]}
        panel = type(self.entry().panel).__name__
        done = {
            "StartPanel": self.start, "DrawPanel": self.draw, "TakeTile": self.tile, "TargetPanel": self.effect,
            "RevealPanel": self.reveal,
        }.get(panel, self.next_round)(before, legal)
        assert session.revision == revision + 1, f"{done}: {app.app.toast.text!r}"
        self.settle(before, session.view()["view"])
        news = bool(self.table.changes[-1].events)
        self.moves.append((copy.deepcopy(self.down), news))
        self.undone.clear()
        return done

    def settle(self, before: dict[str, Any], after: dict[str, Any]) -> None:
        """What the players hold face-down after the move: a new round starts empty; a card turned
        face-up is known to all; cards discarded leave the row."""
        if after["round"] != before["round"]:
            self.down = {p: [] for p in PLAYERS}
        for p in after["players"]:
            cards = p.get("cards", [])
            held = self.down[p["name"]][: len(cards)]
            assert len(held) == len(cards), (p["name"], held, cards)
            self.down[p["name"]] = [v if card["face"] == "down" else None for v, card in zip(held, cards)]
            assert all(v is not None for v, card in zip(self.down[p["name"]], cards) if card["face"] == "down")

    def start(self, game, legal) -> str:
        for words in self.rng.sample(list(TILE_WORDS), 3):
            self.press(lambda said, w=words: said.split("\n")[0] == w)
        self.press(self.rng.choice(PLAYERS))  # who starts: the touch that starts round 1
        return "start"

    def draw(self, game, legal) -> str:
        who = game["turn"]
        me = next(p for p in game["players"] if p["name"] == who)
        cards = len(me["cards"])
        stop = 0.1 + 0.6 * me["face_up_total"] / me["limit"] + 0.08 * cards
        if "end_turn" in legal and self.rng.random() < (0.5 if "pass" not in legal else stop / 2):
            self.press(lambda said: said in ("No extra turn", "Don't draw another card"))
            return "end_turn"
        if "pass" in legal and self.rng.random() < stop:
            if any(plain(b.text).startswith("Pass\n") for b in self.live()):
                # The first pass earns a tile: Pass, then the tile (on the panel or the strip), one move.
                self.press(lambda said: said.startswith("Pass\n"))
                tile = self.rng.choice(game["tiles"]["available"])
                if self.rng.random() < 0.5:
                    touch_strip_tile(self.app, tile)
                else:
                    self.press(lambda said: said.startswith("Pass and take") and TILE_SHORT[tile] in said)
                return "pass with its tile"
            self.weighty(lambda said: said == "Pass")
            return "pass"
        kind = self.rng.choice(KINDS)
        value = self.rng.randint(1, 6) if kind == "regular" else self.rng.randint(1, 3)
        if kind not in ("must_up", "zero") and self.rng.random() < 0.35:
            self.press("Face down")
            self.down[who].append(value)
            return "face down"
        if kind == "zero":
            asked = self.zero_asks(game, who)
            self.value(0)
            for position in asked:
                self.value(self.down[who][position - 1])
            self.down[who].append(None)
            return "zero"
        if kind != "regular":
            self.press(KIND_CHIPS[kind])
        self.value(value)
        self.down[who].append(None)
        return kind

    def zero_asks(self, game, who: str) -> list[int]:
        """The face-down cards a zero turns over whose values the table has to enter."""
        spec = next(s for s in self.app.table.session.view()["expected"]["legal"] if s["type"] == "draw")
        field = spec["fields"].get("revealed")
        return [int(slot.split(".")[-1]) + 1 for slot in field["slots"]] if field else []

    def tile(self, game, legal) -> str:
        if "take_tile" in legal:
            tile = self.rng.choice(game["tiles"]["available"])
            if self.rng.random() < 0.5:
                touch_strip_tile(self.app, tile)
            else:
                self.press(lambda said: said.split("\n")[0] == TILE_SHORT[tile])
            return "take a tile"
        choices = [b for b in self.live() if not plain(b.text).startswith("Don't")]
        if self.rng.random() < 0.2:
            self.press("Don't use the effect")
            return "decline the pass card"
        touch(self.app, self.rng.choice(choices))
        self.press(CONFIRM)
        return "pass with a tile"

    def effect(self, game, legal) -> str:
        from companion.ui.boards.bonbon.effects import CardButton

        revision = self.app.table.session.revision
        if self.rng.random() < 0.15:
            self.press("Don't use the effect")
            return "decline " + game["effect"]
        cards = [b for b in self.live() if isinstance(b, CardButton)]
        pick = self.rng.choice(cards)
        ref = dict(pick.ref)
        by_row = self.rng.random() < 0.3
        chosen = (lambda r: touch_row_card(self.app, r["player"], r["card"])) if by_row else \
            (lambda r: touch(self.app, next(b for b in self.live() if isinstance(b, CardButton) and b.ref == r)))
        kind = game["effect"]
        implied = self.entry().panel.first if kind == "swap" else None
        if implied is not None and (ref == implied or self.rng.random() < 0.6):
            ref = dict(implied)  # the swap card just played is the swap's first card already
        else:
            if implied is not None and ref["player"] != implied["player"]:
                chosen(implied)  # lets the swap card go: two other cards
            chosen(ref)
        if kind == "swap":
            others = [b.ref for b in self.live() if isinstance(b, CardButton) and b.ref["player"] != ref["player"]]
            other = dict(self.rng.choice(others))
            chosen(other)
            a, b = self.down[ref["player"]], self.down[other["player"]]
            a[ref["card"] - 1], b[other["card"] - 1] = b[other["card"] - 1], a[ref["card"] - 1]
        elif kind == "hide":
            card = next(p for p in game["players"] if p["name"] == ref["player"])["cards"][ref["card"] - 1]
            self.down[ref["player"]][ref["card"] - 1] = card["value"]
        elif kind == "peek" and self.app.table.session.revision == revision:
            self.value(self.down[ref["player"]][ref["card"] - 1])  # a card nobody saw: its value
        return kind

    def reveal(self, game, legal) -> str:
        waiting = {w["player"]: w for w in game["reveal"]}
        if len(waiting) > 1 and self.rng.random() < 0.4:
            name = self.rng.choice(list(waiting))
            self.press(name)  # that player's name: their cards next
        who = self.entry().panel.player
        for position in waiting[who]["cards"]:
            self.value(self.down[who][position - 1])
        if waiting[who]["variety"]:
            self.value(self.rng.randint(0, waiting[who]["variety_max"]))
        return f"reveal {who}"

    def next_round(self, game, legal) -> str:
        assert "next_round" in legal, legal
        tiles = [b for b in self.live() if plain(b.text).split("\n")[0] in TILE_WORDS]
        need = len(game["tiles"]["taken"])
        for chip in self.rng.sample(tiles, need) if need else []:
            touch(self.app, chip)
        self.press("Next round")
        return "next round"

    # -- taking back ----------------------------------------------------------

    def took_back(self) -> bool:
        """Undo touched: what they held before the last move; whether that move had news."""
        self.undone.append(self.moves.pop())
        self.down = copy.deepcopy(self.moves[-1][0]) if self.moves else {p: [] for p in PLAYERS}
        return self.undone[-1][1]

    def put_back(self) -> None:
        self.moves.append(self.undone.pop())
        self.down = copy.deepcopy(self.moves[-1][0])


def test_a_whole_game_of_bonbon_by_touch_with_a_phone_watching(make_app, broker, browser):  # noqa: F811
    table = Table(make_app, broker)
    app = table.up()
    try:
        open_page(browser, broker, online=True)
        start_by_touch(app, "Bonbon", PLAYERS)
        agree(app, browser)
        players = Players(table, seed=2)
        done: list[str] = []
        restarted = False
        while app.table.session.result() is None:
            assert len(done) < MOST_MOVES, f"no winner after {len(done)} moves"
            done.append(players.move())
            agree(app, browser)
            game = app.table.session.view()["view"]
            if len(done) in (9, 40, 75) or (len(done) > 20 and game["phase"] == "scored" and "undo-score" not in done):
                if game["phase"] == "scored":
                    done.append("undo-score")
                undo_redo(app, browser, players, agree, back=min(2 if game["phase"] == "scored" else 3, len(players.moves)))
            if not restarted and game["round"] == 2 and game["phase"] == "play":
                restarted = True
                app = players.app = table.restart()
                agree(app, browser)
        whole = agree(app, browser)
        winners = [p["name"] for p in whole["view"]["players"] if p["tokens"] >= 3]
        assert list(app.table.session.result().winners) == winners and winners
        assert "The game is over. Undo takes back the last move." in app.texts()
        assert whole["view"]["words"]["situation"] == f"{' and '.join(winners)} won the game"
        assert restarted and {"face down", "pass", "zero", "swap", "hide", "peek", "pass with a tile",
                              "undo-score"} <= set(done), done
        assert errors(browser) == []
        # A whole game as played, on both screens: the pictures for docs/screens.
        shot = app.screenshot("bonbon-game-over")
        browser.save_screenshot(str(shot.parent / "phone-bonbon-game-over.png"))
    finally:
        table.close()
