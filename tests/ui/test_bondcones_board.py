"""The BondCones board on the touchscreen: counting frames, the roll and its demand, entry by touch."""

from __future__ import annotations

import re

import pytest
from kivy.uix.button import Button

from companion.ui import theme
from companion.status import DeviceStatus
from tests.support.finger import tap as finger_tap
from tests.support.finger import tap
from tests.ui.driver import AppDriver

MARKUP = re.compile(r"\[/?b\]")


def start(make_app, players=("Mia", "Leo"), **kwargs) -> AppDriver:
    app = make_app(**kwargs).start()
    assert app.app.start_game("bondcones", list(players), {})
    app.frames(3)
    return app


def board(app: AppDriver):
    return app.app.screen("play").board


def press(app: AppDriver, text: str, row: str | None = None) -> None:
    """Touch the entry button showing this text (the frames show the same digits as labels).

    `row` picks the capturing ("with") or the captured ("cone") cone's kind row.
    """
    app.frames(2)
    entry = board(app).entry
    root = entry.rows[row] if row else entry
    # A value on the kit's pad is drawn bold in markup: the same digit a player reads.
    texts = {w.text for w in app.visible(root) if isinstance(getattr(w, "text", None), str)}
    widget = app.find(text if text in texts or not text.isdigit() else f"[b]{text}[/b]", root=root)
    tap(app, *widget.to_window(*widget.center))
    app.frames(2)


def offered(app: AppDriver) -> list[str]:
    """The texts of the entry buttons a player can touch now."""
    return [MARKUP.sub("", w.text) if re.fullmatch(r"\[b\]\d+\[/b\]", w.text) else w.text
            for w in board(app).entry.walk() if isinstance(w, Button) and w.opacity > 0 and not w.disabled]


def view(app: AppDriver) -> dict:
    return app.table.session.view()["view"]


def screen_text(app: AppDriver) -> str:
    return "\n".join(app.texts())


def panel(app: AppDriver) -> str:
    """Everything the roll panel shows now."""
    app.frames(2)
    return "\n".join(w.text for w in board(app).roll.walk(restrict=True)
                     if isinstance(getattr(w, "text", None), str) and w.opacity > 0)


def dice(app: AppDriver) -> list[tuple[str, str]]:
    """The roll panel's dice as (caption, face), left to right."""
    return [(box.caption.text, box.face.text) for box in reversed(board(app).roll.faces.children)]


DONE = f"[b]Done[/b]\n[size={int(theme.FONT_SMALL)}]no capture[/size]"


def opening(app: AppDriver) -> None:
    """Mia rolls 4, Leo 1: Mia starts."""
    press(app, "4")
    press(app, "1")
    assert view(app)["starter"] == "Mia"


def test_the_opening_roll_off_by_touch_with_a_tie(make_app):
    app = start(make_app)
    assert "Opening roll" in app.texts() and "The highest starts: BONDO, PEEK, 4, 3, 2, 1." in app.texts()
    assert offered(app) == ["1", "2", "3", "4", "PEEK", "BONDO"]
    assert "Mia: roll for the start" in app.texts()
    press(app, "4")
    press(app, "4")
    text = screen_text(app)
    assert "Opening roll, round 2" in text and "Both rolled 4: both roll again." in text
    assert view(app)["opening"]["ties"] == [["4", "4"]]
    press(app, "PEEK")
    assert "Leo rolls" in app.texts()
    app.screenshot("bondcones-opening")
    press(app, "BONDO")
    assert view(app)["starter"] == "Leo"
    assert "Leo starts" in app.texts()
    assert app.find("Leo: roll the Dice Cone")  # the play screen's prompt, in Leo's colour


def test_a_turn_shows_the_roll_large_with_its_demand_and_done_ends_it(make_app):
    app = start(make_app)
    opening(app)
    assert "Mia starts" in app.texts()
    press(app, "3")
    texts = app.texts()
    assert "Mia rolled 3" in texts
    assert "Move a cone 3 steps" in texts  # the demand's headline, large
    assert ("An ordinary cone in one straight or diagonal line, a BondO Cone may change direction; "
            "no jumping, no field twice.") in texts  # the rulebook's words beneath it
    assert "3" in texts and any(b.startswith("[b]Done") for b in offered(app))
    face = [w for w in board(app).roll.faces.walk() if getattr(w, "text", None) == "3"][0]
    assert face.font_size >= 90  # the face as large as the panel allows
    app.screenshot("bondcones-turn")
    press(app, DONE)
    assert view(app)["turn"] == "Leo" and view(app)["step"] == "roll"
    press(app, "PEEK")  # a peek passes the Dice Cone at once, and its demand stays on screen
    assert view(app)["turn"] == "Mia"
    assert dice(app) == [("Mia", "?")] and "Mia rolls" in app.texts()
    assert "Leo rolled PEEK: lift one of your own cones, look at its value and put it back." in app.texts()


SIZES = pytest.mark.parametrize("size", [(800, 480), (1024, 600)], ids=["800x480", "1024x600"])


def shot(app: AppDriver, name: str, size: tuple[int, int]) -> None:
    app.screenshot(name if size == (800, 480) else f"{name}-{size[0]}x{size[1]}")


@SIZES
def test_a_new_turn_shows_no_roll_of_the_turn_before(make_app, size):
    app = start(make_app, size=size)
    opening(app)
    press(app, "3")
    press(app, DONE)
    # Leo's turn, nothing rolled yet: the die waits for Leo, Mia's 3 and its demand are gone.
    shown = panel(app)
    assert "rolled" not in shown and "Move a cone" not in shown, shown
    assert dice(app) == [("Leo", "?")]
    assert "Turn 2" in shown and "Leo rolls" in shown and "Mia ends the turn" in shown
    press(app, "2")
    press(app, "8")  # Leo captures: Mia's turn begins, again without Leo's 2 on the die
    shown = panel(app)
    assert "rolled" not in shown and "Move a cone" not in shown, shown
    assert dice(app) == [("Mia", "?")] and "Mia rolls" in shown and "Leo captured an 8 from Mia" in shown
    shot(app, "bondcones-waiting", size)


def test_a_capture_by_touch_offers_only_values_still_possible(make_app):
    app = start(make_app)
    opening(app)
    press(app, "2")
    assert [b for b in offered(app) if b.isdigit()] == ["0", "1", "2", "4", "8"]
    press(app, "8")  # one touch: an ordinary cone took an ordinary cone
    side = view(app)["sides"]["Mia"]
    assert side["points"] == 8 and side["taken"] == [8]
    assert "took 8" in app.texts() and "20 to go" in app.texts()
    press(app, "1")
    press(app, DONE)
    press(app, "4")
    # Leo's only 8 is gone: no capture can reveal another.
    assert [b for b in offered(app) if b.isdigit()] == ["0", "1", "2", "4"]
    assert {"Captured with", "Leo's cone", "Leo's cone is worth"} <= set(app.texts())
    app.screenshot("bondcones-capture")
    # Leo's BondO Cone falls to an ordinary cone: two touches (the kind, then the value).
    press(app, "BondO Cone", row="cone")
    assert board(app).entry.kinds == {"with": "ordinary", "cone": "bondo"}
    press(app, "4")
    game = view(app)
    assert game["captures"][-1] == {"by": "Mia", "from": "Leo", "value": 4, "how": "capture",
                                    "cone": "bondo", "bondos": 1, "turn": 3}
    assert game["sides"]["Mia"]["bondo_form"] == "two_bondo_cones"
    assert game["sides"]["Leo"]["bondo_form"] == "none"
    text = screen_text(app)
    assert "BondO Cones" in text and "no BondO" in text
    assert "battle: 3 turns left" in text
    assert board(app).frames[0].points.text == "12"  # Mia's counting frame


def test_a_battle_window_a_battle_by_touch_and_undo(make_app):
    app = start(make_app)
    opening(app)
    press(app, "1")
    press(app, "BondO Cone", row="cone")
    press(app, "0")  # Mia took Leo's BondO Cone: Leo may battle for three turns
    declare = [b for b in offered(app) if "Declare a BondO Battle" in b]
    assert declare and declare[0].endswith("Declare a BondO Battle against Mia (3 turns left)")
    press(app, "2")  # Leo rolls instead: one turn of the window used
    press(app, DONE)
    press(app, "PEEK")
    assert "battle: 2 turns left" in screen_text(app)
    press(app, declare[0].replace("3 turns", "2 turns"))
    game = view(app)
    assert game["step"] == "battle" and game["battle"]["challenger"] == "Leo"
    assert game["windows"] == []
    press(app, "BONDO")
    text = screen_text(app)
    assert "BondO Battle, round 1" in text and "Leo challenges Mia" in text
    assert "For a BondO. Mia rolls next; the highest face wins, equal faces roll again." in text
    app.screenshot("bondcones-battle")
    press(app, "2")
    game = view(app)
    assert game["battle"] is None and game["sides"]["Leo"]["bondo_form"] == "bondo_cone"
    assert game["last_battle"] == {"challenger": "Leo", "defender": "Mia", "against_double": False,
                                   "rolls": {"Leo": "bondo", "Mia": "2"}, "rounds": 1, "winner": "Leo"}
    assert game["turn"] == "Leo" and game["step"] == "roll"  # a won battle keeps the turn
    # The deciding pair stays on the dice with the winner and what follows, not Mia's last roll (PEEK).
    assert dice(app) == [("Leo", "BONDO"), ("Mia", "2")]
    shown = panel(app)
    assert "Leo wins the BondO Battle" in shown and "Leo rolls" in shown
    assert "Leo takes a BondO back from Mia and keeps the turn." in shown
    assert "PEEK" not in shown and "Mia rolled" not in shown, shown
    app.screenshot("bondcones-battle-won")
    press(app, "3")  # the next roll replaces the battle
    assert view(app)["last_battle"] is None and dice(app) == [("turn 4", "3")]
    press(app, DONE)
    # Undo by touch takes back Leo's turn and Mia's battle roll: the battle waits for it again.
    app.tap("Undo")
    app.tap("Undo")
    app.tap("Undo")
    game = view(app)
    assert game["step"] == "battle" and game["battle"]["rolls"] == {"Leo": "bondo", "Mia": None}
    assert "Mia rolls next" in screen_text(app)
    app.tap("Redo")
    assert view(app)["battle"] is None


def test_a_battle_lost_against_a_double_bondo_asks_for_the_removed_cone(make_app):
    app = start(make_app)
    opening(app)
    press(app, "1")
    press(app, "BondO Cone", row="with")  # captured with Mia's BondO Cone ...
    press(app, "BondO Cone", row="cone")
    assert board(app).entry.kinds == {"with": "bondo", "cone": "bondo"}
    press(app, "8")  # ... Leo's BondO Cone: Mia now has the Double BondO
    assert view(app)["sides"]["Mia"]["bondo_form"] == "double_bondo"
    assert "Double BondO" in screen_text(app)
    press(app, next(b for b in offered(app) if "Declare a BondO Battle" in b))
    press(app, "1")
    press(app, "4")  # Leo loses against the Double BondO: Mia removes one of Leo's cones
    assert "Mia removes one of Leo's cones: tap the value it shows" in app.texts()
    assert [b for b in offered(app) if b.isdigit()] == ["0", "1", "2", "4"]  # Leo's 8 is already gone
    # The deciding pair stays on the dice while Mia removes, and after, until the next roll.
    assert dice(app) == [("Leo", "1"), ("Mia", "4")]
    assert "Mia wins the BondO Battle" in panel(app) and "Mia removes a cone" in panel(app)
    press(app, "4")
    assert view(app)["sides"]["Mia"]["points"] == 12 and view(app)["turn"] == "Mia"
    assert dice(app) == [("Leo", "1"), ("Mia", "4")]
    shown = panel(app)
    assert "Mia wins the BondO Battle" in shown and "Mia rolls" in shown and "removed" in shown
    assert "Move a cone" not in shown and "rolled 1" not in shown, shown
    # The removal came instead of a look at a cone: nobody is told to look.
    assert "Mia removed one of Leo's cones" in shown and "may look" not in shown, shown


@SIZES
def test_a_lost_battle_and_a_tie_show_the_dice_as_rolled(make_app, size):
    app = start(make_app, size=size)
    opening(app)
    press(app, "1")
    press(app, "BondO Cone", row="cone")
    press(app, "0")  # Mia took Leo's BondO Cone: Mia has two BondO Cones
    declare = next(b for b in offered(app) if "Declare a BondO Battle" in b)
    press(app, declare)
    press(app, "2")
    assert dice(app) == [("Leo", "2"), ("Mia", "?")]
    press(app, "2")
    # Equal faces: both dice stay up with the words to roll again, until the next battle roll.
    assert dice(app) == [("Leo", "2"), ("Mia", "2")]
    assert view(app)["battle"]["ties"] == [["2", "2"]]
    shown = panel(app)
    assert "BondO Battle, round 2" in shown and "Both rolled 2: roll again" in shown
    shot(app, "bondcones-battle-tie", size)
    press(app, "1")
    assert dice(app) == [("Leo", "1"), ("Mia", "?")] and "Both rolled" not in panel(app)
    press(app, "BONDO")
    # Leo lost, and his turn: the deciding pair, the winner and what follows, not an old roll.
    game = view(app)
    assert game["turn"] == "Mia" and game["step"] == "roll"
    assert dice(app) == [("Leo", "1"), ("Mia", "BONDO")]
    shown = panel(app)
    assert "Mia wins the BondO Battle" in shown and "Mia rolls" in shown
    assert "Leo loses the turn. Mia may look at one of Leo's cones." in shown
    assert "Move one of your two BondOs" not in shown and "rolled" not in shown, shown
    shot(app, "bondcones-battle-lost", size)
    press(app, "3")
    assert dice(app) == [("turn 3", "3")] and "Mia rolled 3" in panel(app)


def test_the_tray_state_is_shown_and_followed(make_app):
    tray = {"status": DeviceStatus("Dice tray", "ok", "connected to /dev/dicetray (firmware 1.0)")}
    app = start(make_app, devices=[lambda: DeviceStatus("GPIO", "off", "none"), lambda: tray["status"]])
    assert any(t.endswith("Tray connected") for t in app.texts())
    tray["status"] = DeviceStatus("Dice tray", "waiting", "reconnecting to /dev/dicetray")
    app.app.screen("play").show_devices()  # what the play screen's clock does every few seconds
    assert any(t.endswith("Tray lost: enter rolls") for t in app.texts())
    plain = start(make_app)
    assert any(t.endswith("No tray: enter rolls") for t in plain.texts())
    # The play screen looks at the devices every few seconds while it shows, and stops after.
    play = plain.app.screen("play")
    assert play._devices_tick.is_triggered
    plain.app.leave_game()
    plain.frames()
    assert not play._devices_tick.is_triggered


def test_every_board_target_is_finger_sized_and_the_board_fits_1024x600(make_app):
    small = start(make_app)
    opening(small)
    press(small, "1")
    buttons = [b for b in board(small).walk() if isinstance(b, Button)]
    assert len(buttons) >= 9 and all(min(b.size) >= 56 for b in buttons), [(b.text, b.size) for b in buttons if min(b.size) < 56]
    big = start(make_app, size=(1024, 600))
    opening(big)
    press(big, "2")
    for widget in board(big).walk():
        if isinstance(widget, Button):
            assert widget.right <= 1024 and widget.y >= 0 and min(widget.size) >= 56
    big.screenshot("bondcones-1024x600")


def test_a_removal_that_wins_shows_the_battles_pair_under_game_over(make_app):
    app = make_app().start()
    assert app.app.start_game("bondcones", ["Mia", "Leo"], {"target": 12})
    app.frames(3)
    opening(app)
    press(app, "4")
    press(app, "8")  # Mia 8
    press(app, "1")
    press(app, DONE)
    press(app, "2")
    press(app, "BondO Cone", row="with")
    press(app, "BondO Cone", row="cone")
    press(app, "0")  # Mia now has the Double BondO; Leo may battle
    press(app, next(b for b in offered(app) if "Declare a BondO Battle" in b))
    press(app, "1")
    press(app, "2")
    press(app, "4")  # Mia removes a 4 and reaches 12
    assert view(app)["winner"] == "Mia"
    assert dice(app) == [("Leo", "1"), ("Mia", "2")]
    shown = panel(app)
    assert "Game over" in shown and "Mia wins with 12 points" in shown and "rolled" not in shown, shown
    # The winner and the loser in one form: not "reached" beside "12 to go".
    assert [f.to_go.text for f in board(app).frames] == ["won", "lost"]
    app.screenshot("bondcones-over")


def natural_width(label) -> int:
    """How wide a label's text is in full: a one-line label shortens itself with "…" when too wide."""
    from kivy.uix.label import Label

    probe = Label(text=label.text, markup=label.markup, font_size=label.font_size, font_name=label.font_name,
                  bold=label.bold)
    probe.texture_update()
    return probe.texture_size[0]


def act(app: AppDriver, *actions: dict) -> None:
    for action in actions:
        app.app.act(action)
    app.frames(3)


@SIZES
def test_names_of_eight_letters_and_two_digit_scores_fit_the_frames(make_app, size):
    app = make_app(size=size).start()
    assert app.app.start_game("bondcones", ["Johannes", "Mohammed"], {"target": 41})
    app.frames(3)
    act(app, {"type": "roll", "face": "4"}, {"type": "roll", "face": "1"})
    for value in (8, 4, 4, 4, 4, 2, 2):  # 28 each, taken in seven captures
        for _ in range(2):
            act(app, {"type": "roll", "face": "1"}, {"type": "capture", "value": value})
    # Johannes takes Mohammed's BondO Cone: Mohammed's frame shows the battle window too.
    act(app, {"type": "roll", "face": "1"}, {"type": "capture", "value": 0, "cone": "bondo"})
    act(app, {"type": "roll", "face": "1"}, {"type": "done"})
    shot(app, "bondcones-long-names", size)
    for acting in (0, 1):  # the marker on each side in turn: Johannes's, then Mohammed's
        for frame in board(app).frames:
            name, taken = frame.name, frame.taken
            assert frame.points.text == "28"
            assert name.text.endswith(("Johannes", "Mohammed"))
            assert natural_width(name) <= name.width, f"{size}: {name.text!r} is cut off"
            assert name.font_size >= 18 and name.x >= frame.x and name.right <= frame.right
            # The values taken: grouped, wrapped beside the number and never under it or outside.
            assert "8, four\u00a04s, two\u00a02s" in taken.text and taken.width <= frame.info.width + 1
            assert taken.texture_size[0] <= taken.width and taken.texture_size[1] <= frame.score_row.height
            assert frame.info.x >= frame.points.right and frame.info.right <= frame.right
        assert "▶" in board(app).frames[acting].name.text
        # One size for both numbers, though only Mohammed's frame has the battle window's row.
        assert board(app).frames[0].points.font_size == board(app).frames[1].points.font_size
        act(app, {"type": "roll", "face": "1"}, {"type": "done"})


def test_the_values_taken_are_grouped_highest_first_with_a_count_to_fall_back_on():
    from companion.ui.boards.bondcones import words

    assert words.taken({"taken": []}) == ["took –"]
    assert words.taken({"taken": [0, 8, 2, 0, 4, 0]}) == ["took 8, 4, 2, three\u00a00s", "8, 4, 2, three\u00a00s",
                                                          "took 6 cones"]
    assert words.taken({"taken": [4]}) == ["took 4", "4", "took 1 cone"]
    assert words.taken({"taken": [4, 4, 4, 4, 8]}) == ["took 8, four\u00a04s", "8, four\u00a04s", "took 5 cones"]


def touch_at(app: AppDriver, x: float, y: float) -> None:
    finger_tap(app, x, y)  # waits, as a player does, to see what is there
    app.frames(2)


def test_the_capture_values_keep_their_place_from_one_capture_entry_to_the_next(make_app):
    """A practised touch lands on the same value: the trial found the values jumping up a row once
    the captured side had no BondO Cone left, so the same place took another cone's value."""
    app = start(make_app)
    opening(app)
    press(app, "1")
    press(app, "BondO Cone", row="cone")  # Leo's BondO Cone, still a choice in this entry
    two = app.find("[b]2[/b]", root=board(app).entry)
    place = two.to_window(*two.center)
    touch_at(app, *place)  # a cone worth 2
    assert view(app)["captures"][-1]["value"] == 2
    assert view(app)["sides"]["Leo"]["bondo_form"] == "none"  # Leo's cone row now offers only ordinary
    press(app, "1")
    press(app, DONE)
    press(app, "1")  # Mia's next capture: the same place is the same value
    touch_at(app, *place)
    assert [c["value"] for c in view(app)["captures"]] == [2, 2]
    assert view(app)["sides"]["Mia"]["points"] == 4


def test_the_capture_entry_is_built_once_and_shows_each_capture_as_it_is_now(make_app):
    """The capture entry is kept for the game's next captures (its words are not drawn again at every
    roll): shown again, it is Ordinary that is chosen, the kinds and values gone since are greyed."""
    app = start(make_app)
    opening(app)
    press(app, "1")
    first = board(app).entry
    kinds_row = first.rows["cone"]
    bondo = next(c for c in kinds_row.children if getattr(c, "kind", None) == "bondo")
    assert not bondo.disabled
    press(app, "BondO Cone", row="cone")
    press(app, "2")  # Leo's BondO Cone, worth 2: Leo has no BondO Cone left
    assert view(app)["sides"]["Leo"]["bondo_form"] == "none"
    press(app, "1")
    press(app, DONE)
    press(app, "1")  # Mia captures from Leo again: the same entry, as things are now
    entry = board(app).entry
    assert entry.rows["cone"] is kinds_row, "the capture entry was built again"
    assert bondo.disabled and bondo.state == "normal", "Leo's BondO Cone, gone, is still offered"
    ordinary = next(c for c in kinds_row.children if getattr(c, "kind", None) == "ordinary")
    assert ordinary.state == "down" and entry.kinds == {"with": "ordinary", "cone": "ordinary"}
    assert DONE in offered(app)
    press(app, "2")
    assert view(app)["captures"][-1] == {**view(app)["captures"][-1], "value": 2, "cone": "ordinary"}


def test_the_dice_faces_are_the_same_buttons_from_roll_to_roll(make_app):
    """A face's word is drawn once a game, not at every roll (each roll's faces had been built anew)."""
    app = start(make_app)

    def faces() -> dict[str, object]:
        return {w.text: w for w in board(app).entry.walk() if type(w).__name__ == "FaceButton"}

    before = faces()
    assert set(before) >= {"1", "2", "3", "4"}
    opening(app)
    press(app, "1")
    press(app, DONE)
    now = faces()
    assert now and all(now[text] is before[text] for text in now), "the faces were built again"
