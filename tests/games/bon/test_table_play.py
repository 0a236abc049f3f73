"""A table of four plays B.O.N on the touchscreen with a phone watching: two whole rounds from
shuffled hands, cards touched on the pad as they are played, Undo and Redo on the way (across a
round's scoring too), and the table switched off and on again mid-round. After every step the
phone must show the same rank stack, trick and tricks per player as the touchscreen."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from companion.broadcast.mqtt import Broadcaster
from tests.broadcast.conftest import broker  # noqa: F401 (fixture)
from tests.games.bon.test_board import board, card, press, view
from tests.support.browser import close_browser, phone_browser, shown_revision, wait_for
from tests.ui.conftest import make_app, window  # noqa: F401 (fixtures)

pytestmark = pytest.mark.slow

PLAYERS = ("Bill", "Sue", "Julie", "Greg")
COLOURS = ("red", "yellow", "blue")
NAMES = {"red": "Red", "yellow": "Yellow", "blue": "Blue"}
PAGE_UP = 15.0


def shuffled_deal(seed: int) -> tuple[dict[str, list[str]], list[str]]:
    """A 4-player deck (1 to 9 of each colour and 3 Pass cards) shuffled and dealt: 7 each, 2 left over."""
    deck = [f"{c}-{v}" for c in COLOURS for v in range(1, 10)] + ["pass"] * 3
    random.Random(seed).shuffle(deck)
    return {p: deck[i * 7:(i + 1) * 7] for i, p in enumerate(PLAYERS)}, deck[28:]


class Hands:
    """The players' own hands, which the app never sees: each picks a card as a player would,
    following Prime when able (a Pass is allowed any time); `slip` names a player who once plays
    another colour although holding Prime, as happens at a real table."""

    def __init__(self, seed: int, slip: str | None = None) -> None:
        self.cards, self.leftovers = shuffled_deal(seed)
        self.rng = random.Random(seed + 1)
        self.slip = slip

    def choose(self, who: str, prime: str | None) -> str:
        hand = self.cards[who]
        following = [c for c in hand if prime and c.startswith(prime + "-")]
        others = [c for c in hand if c != "pass" and c not in following]
        if self.slip == who and following and others:
            self.slip = None
            pick = self.rng.choice(others)
        elif following:
            pick = self.rng.choice(following + [c for c in hand if c == "pass"])
        else:
            pick = self.rng.choice(hand)
        hand.remove(pick)
        return pick


# -- what each screen shows -----------------------------------------------------------------

def plain(text: str) -> str:
    """Words without Kivy markup or the marks beside them (▶ the player to act, ★ the winner)."""
    return re.sub(r"\[/?[^\]]*\]", "", text).replace("▶", "").replace("★", "").strip()


def touchscreen(app) -> dict[str, Any]:
    b = board(app)
    raw = [w.text for w in reversed(b.players.grid.children)][3:]
    cells = [plain(t).replace("✗", "").strip() for t in raw]
    tricks = {cells[i]: cells[i + 1] for i in range(0, len(cells), 3)}
    names = {cells[i]: raw[i] for i in range(0, len(cells), 3)}
    lines = [(plain(line.name.text), plain(line.card_text.text), "▶" in line.name.text, "★" in line.card_text.text)
             for line in reversed(b.trick.lines.children)]
    return {
        "ranks": [t.text.split()[1] for t in b.ranks.tokens],
        "title": b.trick.title.text,
        "plays": [(name, label) for name, label, _, _ in lines if label and label != "to play"],
        "acting": [name for name, _, acting, _ in lines if acting],
        "star": [name for name, _, _, won in lines if won],
        "tricks": {name: tuple(int(n) for n in said.split(" / ")) for name, said in tricks.items()},
        "names": names,
    }


def phone(driver) -> dict[str, Any]:
    return driver.execute_script(
        "function pairs(dl) { return Array.from(dl.querySelectorAll(':scope > div')).map(function (d) {"
        "  return [d.querySelector('dt').textContent, d.querySelector('dd').textContent]; }); }"
        "var players = {};"
        "document.querySelectorAll('#players .player').forEach(function (c) {"
        "  players[c.dataset.player] = {stats: pairs(c.querySelector('.stats') || document.createElement('dl')),"
        "    badges: Array.from(c.querySelectorAll('.badge')).map(function (b) { return b.textContent; })}; });"
        "return {info: pairs(document.getElementById('table-info')), players: players,"
        "  prompt: document.getElementById('prompt').textContent};")


def row(shown: dict[str, Any], label: str) -> str | None:
    return next((value for key, value in shown["info"] if key.replace("\u00a0", " ") == label), None)


def stat(shown: dict[str, Any], name: str, label: str) -> str | None:
    return next((v for k, v in shown["players"][name]["stats"] if k.replace("\u00a0", " ") == label), None)


def played_words(plays) -> str:
    return ", ".join(f"{name} {label}" for name, label in plays)


def agree(app, driver) -> dict[str, Any]:
    """The phone, once it shows the table's latest revision, says what the touchscreen says."""
    session = app.table.session
    wait_for(lambda: shown_revision(driver) == str(session.revision), timeout=PAGE_UP)
    app.frames(2)
    game, here, there = view(app), touchscreen(app), phone(driver)
    trick, last = game["trick"], game["last_trick"]
    # The rank stack, top first, on both, as the rules have it.
    stack = [NAMES[c] for c in game["ranks"]]
    assert here["ranks"] == stack
    assert row(there, "ranks, top first") == " · ".join(f"{i + 1} {c}" for i, c in enumerate(stack))
    # Tricks taken against the goal, per player.
    for p in game["players"]:
        assert here["tricks"][p["name"]] == (p["tricks"], p["goal"])
        assert stat(there, p["name"], "tricks") == f"{p['tricks']} of {p['goal']}"
        assert stat(there, p["name"], "track") == f"{p['track']} / {game['target']}"
    # A proven failure to follow: in the trick's title while that trick is on screen, marked by the
    # player's name after that; every one on the phone.
    shown = trick if trick and trick["plays"] else (last or trick)
    news = [r["short"] for r in game["revokes"] if shown and r["proved_in"] == shown["number"]]
    if news:
        assert here["title"] == news[-1]
    assert [v for k, v in there["info"] if k == "failure to follow"] == [r["text"] for r in game["revokes"]]
    for p in game["players"]:
        assert ("✗" in here["names"][p["name"]]) == any(r["player"] == p["name"] for r in game["revokes"])
    # The trick: the one being played, or the one just taken while the next waits for its lead.
    if trick and trick["plays"]:
        assert here["title"].startswith(f"Trick {trick['number']} of 7") or news
        assert row(there, f"trick {trick['number']} of 7") == played_words(here["plays"])
        assert here["plays"] == [(p["player"], p["label"]) for p in trick["plays"]]
    elif last:
        won = next(p["label"] for p in last["plays"] if p["card"] == last["card"])
        assert here["title"] == f"Trick {last['number']}: {last['winner']} takes it with {won}" or news
        assert here["star"] == [last["winner"]]
        assert row(there, f"trick {last['number']}") == played_words(here["plays"])
        assert row(there, f"trick {last['number']} taken").startswith(f"{last['winner']} with {won};")
        if trick:
            assert row(there, f"trick {trick['number']} of 7") == f"{trick['leader']} leads"
    else:
        assert here["title"].startswith(f"Trick {trick['number']} of 7") and here["plays"] == []
        assert row(there, f"trick {trick['number']} of 7") == f"{trick['leader']} leads"
    # Whose turn: the arrow on the touchscreen, the badge on the phone.
    turn = game["turn"]
    showing_current = trick is not None and (trick["plays"] or not last)
    assert here["acting"] == ([turn] if turn and showing_current else [])
    if turn:
        assert any(b in ("to play", "leads") for b in there["players"][turn]["badges"])
    # The same prompt above both.
    assert there["prompt"] == app.app.screen("play").prompt.text
    return game


# -- the table --------------------------------------------------------------------------------

class Table:
    """The app and its broadcaster as they run on the Pi; `restart()` is the plug pulled and put back."""

    def __init__(self, make_app, broker) -> None:
        self.make_app, self.broker = make_app, broker
        self.app = self.broadcaster = None
        self.open()

    def open(self) -> None:
        self.app = self.make_app(size=(800, 480))
        self.broadcaster = Broadcaster(self.broker.companion_config(), self.app.table)
        self.broadcaster.start()
        self.app.start()

    def restart(self) -> None:
        self.broadcaster.close()
        self.app.close()
        self.open()

    def close(self) -> None:
        self.broadcaster.close()


def set_up(app, ranks, first) -> None:
    for colour in ranks[:2]:  # the third token is the one left
        press(app, NAMES[colour])
    press(app, first)  # completes the entry: sent


def enter_leftovers(app, driver, hands: Hands) -> None:
    for c in hands.leftovers:
        card(app, c)
        agree(app, driver)


def play_cards(app, driver, hands: Hands, count: int) -> None:
    for _ in range(count):
        game = view(app)
        card(app, hands.choose(game["turn"], game["prime"]))
        agree(app, driver)


def dial_cards(app, driver, hands: Hands, count: int) -> None:
    """Cards played with the table's dial: turned until it shows the card, then pushed. Turning it
    is not a move: nothing is recorded and the phone is not told until the card is played."""
    from companion.core import controls

    for _ in range(count):
        game = view(app)
        wanted = hands.choose(game["turn"], game["prime"])
        session, revision = app.table.session, app.table.session.revision
        for _ in range(len(game["available"])):
            if board(app).dial.highlighted == wanted:
                break
            app.app.control(controls.DIAL_UP, "gpio")
            app.frames(1)
        assert board(app).dial.highlighted == wanted and session.revision == revision
        assert app.app.control(controls.DIAL_PUSH, "gpio").applied
        assert view(app)["played"][-1] == wanted
        agree(app, driver)


def undo_redo(app, driver, *, back: int = 1) -> None:
    """Undo `back` moves and redo them all, the phone agreeing at every step."""
    screen = app.app.screen("play")
    before = view(app)
    for _ in range(back):
        press(app, "Undo", root=screen)
        agree(app, driver)
    for _ in range(back):
        press(app, "Redo", root=screen)
        agree(app, driver)
    assert view(app) == before


@pytest.fixture
def browser():
    driver = phone_browser()
    yield driver
    close_browser(driver)


def test_four_players_play_two_rounds_with_undo_redo_and_a_restart_the_phone_agreeing(make_app, broker, browser):
    table = Table(make_app, broker)
    try:
        app = table.app
        assert app.app.start_game("bon", list(PLAYERS), {})
        browser.get(f"{broker.phone_url}#table=table1&prefix=companion")
        set_up(app, ("blue", "red", "yellow"), "Bill")
        agree(app, browser)

        # Round 1: every card as it is played, a mistaken touch taken back and put back.
        first = Hands(seed=7)
        enter_leftovers(app, browser, first)
        play_cards(app, browser, first, 6)
        undo_redo(app, browser, back=2)
        play_cards(app, browser, first, 28 - 6 - 1)
        assert view(app)["tricks_played"] == 6
        play_cards(app, browser, first, 1)
        scored = view(app)
        assert scored["phase"] == "scored" and scored["scoring"]["round"] == 1
        assert sum(p["tricks"] for p in scored["players"]) == 7
        texts = app.texts()
        for line in scored["scoring"]["lines"]:
            assert line["short"] in texts  # "Bill: 2 tricks, +1" on the touchscreen
            assert stat(phone(browser), line["player"], "round 1") == line["text"]  # with the goal and the rule
        # Across the scoring and back: the last card, the trick and the round's scoring return.
        undo_redo(app, browser, back=1)

        # Round 2: dealt, its left-over cards, then the table is switched off mid-trick.
        press(app, "Deal round 2")
        game = agree(app, browser)
        assert game["round"] == 2 and game["phase"] == "deal"
        assert game["leader"] == scored["last_trick"]["winner"]  # the last trick's winner leads
        assert game["ranks"] == scored["ranks"]  # the stack carries over
        undo_redo(app, browser, back=1)  # the deal taken back: round 1's scoring shows again
        second = Hands(seed=11, slip="Sue")
        enter_leftovers(app, browser, second)
        play_cards(app, browser, second, 4 * 3 + 2)
        before, revision = view(app), app.table.session.revision
        assert [r["player"] for r in before["revokes"]] == ["Sue"]  # her slip in trick 1, proved in trick 3
        app.screenshot("bon-table-round-2-800x480")

        table.restart()
        app = table.app
        assert app.screen == "play" and app.table.session.revision == revision
        assert view(app) == before  # exactly where it was
        agree(app, browser)
        undo_redo(app, browser, back=3)
        dial_cards(app, browser, second, 3)
        play_cards(app, browser, second, 28 - 14 - 3)
        final = view(app)
        assert final["phase"] == "scored" and final["round"] == 2
        assert sum(p["tricks"] for p in final["players"]) == 7
        tracks = {p["name"]: p["track"] for p in final["players"]}
        assert tracks == {ln["player"]: ln["track"] for ln in final["scoring"]["lines"]}
        assert app.table.session.view()["scores"] == tracks
    finally:
        table.close()
