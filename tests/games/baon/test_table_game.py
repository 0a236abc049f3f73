"""A whole 3-player game of Baon as a table plays it: every move touched on the board, a phone
page open on a real broker, undo and redo on the way (through Lola's end too), the table
restarted mid-game, and after every step the phone showing what the touchscreen shows."""

from __future__ import annotations

from typing import Any

import pytest

# First: the headless window is made at the largest screen size before anything imports Kivy's window.
from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the one headless window)
from companion.broadcast.mqtt import Broadcaster
from tests.broadcast.conftest import broker  # noqa: F401 (fixture: a real Mosquitto)
from tests.games.baon import seen
from tests.games.baon.policy import plan
from tests.games.baon.touch import Finger
from tests.support.browser import close_browser, phone_browser, shown_revision, wait_for

pytestmark = pytest.mark.slow
PLAYERS = ["Ann", "Ben", "Cy"]
PAGE_UP = 15.0


class Table:
    """The app on the touchscreen with its broadcaster, as the Pi runs them; restartable."""

    def __init__(self, make_app, broker, browser) -> None:  # noqa: F811
        self.make_app, self.broker, self.browser = make_app, broker, browser
        self.caster: Broadcaster | None = None
        self.finger: Finger | None = None

    def open(self, size=(800, 480)) -> Finger:
        app = self.make_app(size=size)
        # As the Pi starts: the broadcaster follows the table before the app reopens its game.
        self.caster = Broadcaster(self.broker.companion_config(), app.table)
        self.caster.start()
        app.start()
        self.finger = Finger(app)
        return self.finger

    def close(self) -> None:
        self.finger.app.close()
        self.caster.close()

    def agree(self) -> None:
        """The phone has caught up, and it, the touchscreen and the game itself say the same."""
        f = self.finger
        wait_for(lambda: shown_revision(self.browser) == str(f.session.revision), timeout=PAGE_UP)
        f.app.frames(1)
        view = f.session.view()
        want = seen.from_view(view)
        assert seen.touchscreen(f.board, view) == want
        phone = seen.phone(self.browser)
        phone.pop("info")
        assert phone == want


@pytest.fixture
def browser():
    driver = phone_browser()
    yield driver
    close_browser(driver)


def hand(f: Finger) -> int:
    view = f.view()
    return next(p["hand"] for p in view["players"] if p["name"] == view["turn"])


def suit_name(view: dict[str, Any], s: str) -> str:
    return next(x["name"] for x in view["suits"] if x["id"] == s)


def play_turn(t: Table) -> None:
    """One turn of the long middle of the game: play the whole hand if it makes a move, else take."""
    f = t.finger
    view = f.view()
    player, held = view["turn"], hand(f)
    move = plan(view, min(held, 4)) if held >= 3 else None
    if move:
        kind, s, cards = move
        if kind == "baon":
            f.baon(suit_name(view, s), cards)
        else:
            f.add(view["turn"], s, cards)
    elif held == 0 and view["pile"] >= 3:
        f.take("pile", "pile", "pile")
    elif view["pile"] >= 2:
        f.take("pile", "pile")
    else:
        space = next(i + 1 for i, n in enumerate(view["spaces"]) if n)
        f.take("pile", space) if view["pile"] else f.take(space)
    while f.view()["discards_due"]:
        f.press("Onto space 4")
    t.agree()
    # A take that leaves nothing else to do (a favourite picked, no token to claim) ended the turn.
    if f.view()["lola"]["state"] == "hidden" and f.view()["turn"] == player:
        f.end_turn()
        t.agree()


def test_a_three_player_game_by_touch_with_a_phone_watching(make_app, broker, browser):  # noqa: F811
    t = Table(make_app, broker, browser)
    f = t.open()
    assert f.app.app.start_game("baon", PLAYERS, {})
    browser.get(f"{broker.phone_url}#table=table1&prefix=companion")
    t.agree()

    # Round 1. Ann picks Adobo and packs Adobo 1-2-3.
    f.favourite("Adobo")
    t.agree()
    f.baon("Adobo", ["a1", "a2", "a3"])
    t.agree()
    f.end_turn()
    # Ben takes from the pile and space 1 (refilled from the pile at once).
    f.take("pile", 1)
    assert f.view()["pile"] == 58 and f.view()["spaces"] == [1, 1, 1, 1]
    t.agree()
    f.end_turn()
    # Cy picks Pancit, packs Pancit 4-wild-6 and claims Most Treats.
    f.favourite("Pancit")
    f.baon("Pancit", ["c4", "w", "c6"])
    f.claim("Most Treats")
    t.agree()
    f.end_turn()

    # Round 2. Ann takes two: her favourite picked and no token hers to claim, the take ends her
    # turn. Ben packs Lumpia 5-6-7 and shares Pancit 7 to Cy's Pancit baon: Cy's favourite,
    # 2 generosity, and Most Generous is Ben's to claim.
    f.take("pile", "pile")
    assert f.view()["turn"] == "Ben"
    f.baon("Lumpia", ["b5", "b6", "b7"])
    f.add("Cy", "c", ["c7"])
    t.agree()
    assert seen.from_view(f.session.view())["players"]["Ben"]["generosity"] == 2
    f.claim("Most Generous")
    t.agree()
    # Undo takes back the claim, then the share; redo puts both back, and the phone follows.
    f.bar("Undo")
    t.agree()
    f.bar("Undo")
    t.agree()
    assert seen.from_view(f.session.view())["players"]["Ben"]["generosity"] == 0
    assert [c["card"] for c in f.view()["players"][2]["baons"][0]["cards"]] == ["c4", "w", "c6"]
    f.bar("Redo")
    f.bar("Redo")
    t.agree()
    assert f.view()["majorities"][3]["holder"] == "Ben"
    f.end_turn()
    # Cy shares Adobo 4 to Ann's Adobo baon (Ann's favourite: 2 generosity, a tie with Ben).
    f.add("Ann", "a", ["a4"])
    t.agree()
    assert f.view()["majorities"][3]["leader"] is None
    f.end_turn()

    # Round 3. Ann adds Adobo 5 and 6 to her baon (now 6 cards) and claims Biggest Baon.
    f.add("Ann", "a", ["a5", "a6"])
    f.claim("Biggest Baon")
    t.agree()
    f.end_turn()
    f.take("pile", "pile")
    f.end_turn()
    f.take("pile", "pile", "pile")  # Cy's hand was empty: 3 from the pile; nothing else to do, the turn ends
    t.agree()
    assert f.view()["turn"] == "Ann"

    # The long middle of the game, turn after turn, until the pile runs low.
    turns = 0
    while f.view()["pile"] > 6:
        turns += 1
        assert turns < 80, "the pile never ran low"
        play_turn(t)

    # Lola is near. The table is switched off and on again: the game reopens exactly.
    before, revision = f.session.view(), f.session.revision
    f.app.screenshot("baon-table-lola-near-800x480")
    t.close()
    f = t.open(size=(1024, 600))
    assert f.app.screen == "play" and f.session.revision == revision
    assert f.session.view()["view"] == before["view"] and f.session.view()["expected"] == before["expected"]
    t.agree()
    # The phone warns as the touchscreen does.
    assert seen.phone(browser)["info"]["Lola"].startswith("near")
    wait_for(lambda: not browser.execute_script("return document.body.classList.contains('stale')"),
             timeout=PAGE_UP)
    f.app.screenshot("baon-table-lola-near-1024x600")

    # On until Lola shows. Undo hides her again (the pile back), redo shows her.
    while f.view()["lola"]["state"] == "hidden":
        turns += 1
        assert turns < 100, "Lola never showed"
        play_turn(t)
    revealer = f.view()["lola"]["revealed_by"]
    assert f.view()["pile"] == 0
    f.bar("Undo")
    t.agree()
    assert f.view()["lola"]["state"] == "hidden" and f.view()["pile"] > 0
    f.bar("Redo")
    t.agree()
    assert f.view()["lola"]["state"] == "revealed"
    f.end_turn()
    assert f.view()["lola"]["state"] == "dealt"
    # Undo takes Lola's cards back off the countertop; redo deals them again.
    f.bar("Undo")
    t.agree()
    assert f.view()["lola"]["state"] == "revealed" and f.view()["turn"] == revealer
    f.bar("Redo")
    t.agree()
    f.app.screenshot("baon-table-last-round-1024x600")

    # The last round: each player draws 1 card from the countertop, then plays or ends.
    last = list(f.view()["lola"]["last_round"])
    assert last[-1] == revealer and len(last) == 3
    for k, name in enumerate(last):
        view = f.view()
        assert view["turn"] == name
        space = next(i + 1 for i, n in enumerate(view["spaces"]) if n)
        f.press(f"Space {space} ({view['spaces'][space - 1]})")
        t.agree()
        move = plan(f.view(), 1)
        if move and move[0] == "add":
            f.add(name, move[1], move[2])
            t.agree()
        if k < len(last) - 1:
            f.end_turn()
            t.agree()
    # The revealer's last turn ends the game: the score sheet. Undo reopens the turn, redo ends it.
    # Its cells were made ahead, early in the game: the touch that ends it gives them their words.
    made_ahead = list(f.board.entry.sheet.kept)
    assert len(made_ahead) == 4 * 9, "a cell for each of the sheet's 9 lines in 4 columns"
    f.end_turn()
    assert f.session.result() is not None
    t.agree()
    assert "winner" in seen.phone(browser)["info"]
    first_sheet = list(f.board.entry.sheet.children)
    assert first_sheet[::-1] == made_ahead
    f.bar("Undo")
    t.agree()
    assert f.session.result() is None and f.view()["turn"] == revealer
    assert "winner" not in seen.phone(browser)["info"]
    f.bar("Redo")
    t.agree()
    result = f.session.result()
    # Ann: Adobo 1-12 in her Adobo container, her favourite (12 x 5), Lechon 1-12 (12 x 3), Biggest
    # Baon 10. Ben: Lumpia 1-12 and Sinigang 1-10 at 3, 2 cubes, Most Generous 5. Cy: 11 Pancit at 5
    # and a treat, Kare-kare 1-10 at 3, 2 cubes, Most Treats 5.
    assert result.scores == {"Ann": 106, "Ben": 77, "Cy": 97} and result.winners == ("Ann",)
    cells = [w.text for w in f.board.entry.sheet.children[::-1]]
    assert cells[-4:] == ["Total", "[color=#ffb000]106[/color]", "77", "97"]
    # The sheet shown again is the same cells with their words, not three dozen new labels.
    assert f.board.entry.sheet.children == first_sheet
    f.app.screenshot("baon-table-game-end-1024x600")
