"""The Baon board on the touchscreen: whole turns entered by touch, undo and redo on the way,
screenshots at 800x480 and 1024x600."""

from __future__ import annotations

from kivy.uix.button import Button

from tests.support.finger import tap as finger_tap
from tests.ui.conftest import make_app, window  # noqa: F401 (fixtures: the one headless window)
from tests.ui.driver import AppDriver


def start(make_app, players=("Ann", "Ben", "Cy"), size=(800, 480), options=None) -> AppDriver:  # noqa: F811
    app = make_app(size=size).start()
    assert app.app.start_game("baon", list(players), options or {})
    app.frames(3)
    return app


def board(app: AppDriver):
    return app.app.screen("play").board


def press(app: AppDriver, text: str) -> None:
    """Touch the entry button showing this text."""
    app.frames(2)
    entry = board(app).entry
    widget = app.find(text, root=entry)
    assert not widget.disabled, f"{text!r} is greyed"
    x, y = widget.to_window(*widget.center)
    finger_tap(app, x, y)  # waits, as a player does, to see what is there
    app.frames(2)


def offered(app: AppDriver) -> list[str]:
    return [w.text for w in board(app).entry.walk() if isinstance(w, Button) and w.opacity > 0 and not w.disabled]


def view(app: AppDriver) -> dict:
    return app.table.session.view()["view"]


def test_a_whole_round_by_touch_with_undo_and_redo(make_app):  # noqa: F811
    app = start(make_app)
    assert offered(app)[:3] == ["Take food", "Play a baon", "Add to a baon"] or "Take food" in offered(app)
    # Ann takes from the pile and space 2: the second source sends the move.
    press(app, "Take food")
    press(app, "Pile (60)")
    press(app, "Space 2 (1)")
    assert view(app)["players"][0]["hand"] == 6 and view(app)["pile"] == 58
    press(app, "End turn")
    # Ben packs [Adobo 3 - wild - Lumpia 5] in his Adobo container: suit, then values; a wild is one touch.
    press(app, "Play a baon")
    press(app, "Ado")  # the container, on the pad's suit key; the same key again is the same suit
    press(app, "Ado")
    press(app, "3")
    press(app, "Wild")
    press(app, "Lum")
    press(app, "5")
    app.screenshot("baon-entering-800x480")
    press(app, "Pack baon")
    ben = view(app)["players"][1]
    assert [c["card"] for c in ben["baons"][0]["cards"]] == ["a3", "w", "b5"] and ben["baons"][0]["low"] == 3
    press(app, "Claim a token")
    press(app, "Biggest Baon (10 points)")
    assert view(app)["majorities"][0]["holder"] == "Ben"
    # Undo takes the claim back; redo puts it back.
    app.table.session.dispatch({"type": "undo"})
    app.frames(3)
    assert view(app)["majorities"][0]["holder"] is None
    app.table.session.dispatch({"type": "redo"})
    app.frames(3)
    assert view(app)["majorities"][0]["holder"] == "Ben"
    press(app, "End turn")
    # Cy picks Pancit and shares Pancit 6 to Ben's baon: his favourite, 2 generosity.
    press(app, "Pan")  # the favourite food: its chip under the menu
    press(app, "Add to a baon")
    press(app, "Ben: Adobo 3-5")
    press(app, "Pan")
    press(app, "6")
    press(app, "Add")
    assert view(app)["players"][2]["generosity"] == 2
    app.screenshot("baon-800x480")


def test_a_half_entered_baon_is_let_go_by_cancel_entry(make_app):  # noqa: F811
    app = start(make_app, players=("Ann", "Ben"))
    press(app, "Play a baon")
    press(app, "Lum")
    press(app, "Wild")
    assert board(app).cancel_entry() == "Cleared the play a baon being entered"
    assert "Play a baon" in offered(app) and view(app)["players"][0]["baons"] == []


def test_the_board_at_1024x600_with_four_players_and_a_discard(make_app):  # noqa: F811
    app = start(make_app, players=("Ann", "Ben", "Cy", "Dee"), size=(1024, 600))
    s = app.table.session
    for action in [
        {"type": "baon", "container": "a", "cards": ["a1", "b2", "c3", "d4"]}, {"type": "favourite", "suit": "a"},
        {"type": "claim", "token": "biggest"}, {"type": "end_turn"},
        {"type": "baon", "container": "e", "cards": ["w", "e6", "e7"]}, {"type": "end_turn"},
        {"type": "add", "owner": "Ann", "container": "a", "cards": ["e5", "f6"]}, {"type": "end_turn"},
        {"type": "take", "sources": ["pile", "pile"]}, {"type": "end_turn"},
        {"type": "take", "sources": ["pile", "pile"]}, {"type": "end_turn"},
        {"type": "take", "sources": [1, "pile"]}, {"type": "end_turn"},
        {"type": "take", "sources": ["pile", "pile"]}, {"type": "end_turn"},
        {"type": "take", "sources": ["pile", "pile"]},
    ]:
        s.dispatch(action)
    app.frames(3)
    assert view(app)["discards_due"] == 2
    assert "Onto space 1" in offered(app) and "End turn" not in offered(app)
    assert board(app).entry.favourites.children  # "at any time on your turn", discards due too
    app.screenshot("baon-discard-1024x600")
    press(app, "Onto space 4")
    press(app, "Onto space 4")
    assert view(app)["spaces"][3] == 3
    press(app, "End turn")


def test_over_the_hand_limit_a_favourite_and_a_token_are_picked_by_touch_before_the_discard(make_app):  # noqa: F811
    app = start(make_app, players=("Ann", "Ben"))
    s = app.table.session
    for action in [{"type": "baon", "container": "a", "cards": ["a1", "a2", "a3"]}, {"type": "end_turn"},
                   {"type": "end_turn"}] + [{"type": "take", "sources": ["pile", "pile"]}, {"type": "end_turn"},
                                            {"type": "end_turn"}] * 2 + [{"type": "take", "sources": ["pile", "pile"]}]:
        s.dispatch(action)
    app.frames(3)
    assert view(app)["discards_due"] == 1
    assert {"Onto space 1", "Lum", "Claim a token"} <= set(offered(app))
    app.screenshot("baon-discard-favourite-800x480")
    press(app, "Lum")
    press(app, "Claim a token")
    press(app, "Most Baons (10 points)")
    assert view(app)["players"][0]["favourite"] == "b" and view(app)["discards_due"] == 1
    assert "Claim a token" not in offered(app)  # one a turn
    # The discard leaves nothing but the end of the turn (a favourite, a token, a take made): it
    # ends the turn, a move of its own that one Undo takes back.
    press(app, "Onto space 2")
    assert view(app)["turn"] == "Ben"
    undo = app.app.screen("play").undo_button
    finger_tap(app, *undo.to_window(*undo.center))
    app.frames(3)
    assert view(app)["turn"] == "Ann" and view(app)["discards_due"] == 0
    press(app, "End turn")
    assert view(app)["turn"] == "Ben"


def test_a_baon_of_1_to_12_is_greyed_among_the_baons_to_add_to(make_app):  # noqa: F811
    app = start(make_app, players=("Ann", "Ben"))
    s = app.table.session
    three, end = {"type": "take", "sources": ["pile"] * 3}, {"type": "end_turn"}
    for action in [{"type": "baon", "container": "a", "cards": ["a1", "a2", "a3", "a4"]}, end, end, three, end, end,
                   {"type": "add", "owner": "Ann", "container": "a", "cards": ["a5", "a6", "a7"]}, end, end,
                   three, end, end, {"type": "add", "owner": "Ann", "container": "a", "cards": ["a8", "a9", "a10"]},
                   end, end, three, end, end, {"type": "add", "owner": "Ann", "container": "a", "cards": ["a11", "a12"]},
                   end, {"type": "baon", "container": "b", "cards": ["b1", "b2", "b3"]}, end]:
        s.dispatch(action)
    app.frames(3)
    press(app, "Add to a baon")
    full, other = app.find("Ann: Adobo 1-12", root=board(app).entry), app.find("Ben: Lumpia 1-3", root=board(app).entry)
    assert full.disabled and not other.disabled
    press(app, "Cancel")
    assert board(app).entry.add_to("Ann", "a") == "No card is left that could go next to Ann's Adobo baon"


def test_the_last_round_offers_the_one_card_then_play(make_app):  # noqa: F811
    from pathlib import Path

    lines = (Path(__file__).parent / "scripts" / "lola_end.jsonl").read_text().splitlines()
    app = start(make_app, players=("Ann", "Ben"))
    import json

    for line in lines[1:-5]:
        app.table.session.dispatch(json.loads(line))
    app.frames(3)
    assert view(app)["lola"]["state"] == "dealt"
    assert "Space 1 (1)" in offered(app)
    app.screenshot("baon-last-round-800x480")
    press(app, "Space 1 (1)")
    assert view(app)["step"] == "playing" and view(app)["players"][0]["hand"] == 7


def test_scoring_only_by_touch(make_app):  # noqa: F811
    app = start(make_app, players=("Ann", "Ben"), options={"scoring_only": True})
    press(app, "Play a baon")
    press(app, "Ann")
    press(app, "Ado")
    for key in ("Ado", "1", "2", "3"):
        press(app, key)
    press(app, "Pack baon")
    press(app, "Generosity")
    press(app, "Ben")
    press(app, "+ 1")
    press(app, "+ 1")
    press(app, "Set")
    press(app, "Score the game")
    press(app, "Tap again to score")
    assert app.table.session.result().scores == {"Ann": 9, "Ben": 6}
    app.screenshot("baon-scored-800x480")


def test_the_end_shows_the_score_line_by_line(make_app):  # noqa: F811
    import json
    from pathlib import Path

    from kivy.uix.label import Label

    lines = (Path(__file__).parent / "scripts" / "whole_game.jsonl").read_text().splitlines()
    for size in ((800, 480), (1024, 600)):
        app = start(make_app, players=("Ann", "Ben", "Cy"), size=size)
        for line in lines[1:]:
            app.table.session.dispatch(json.loads(line))
        app.frames(4)
        sheet = board(app).entry.sheet
        cells = [w.text for w in sheet.children[::-1] if isinstance(w, Label)]
        assert cells[:4] == ["Score", "Ann", "Ben", "Cy"]
        assert cells[4:8] == ["Variety", "10", "0", "0"]
        assert cells[-4:-1] == ["Total", "[color=#ffb000]41[/color]", "36"] and cells[-1] == "23"
        app.screenshot(f"baon-end-{size[0]}x{size[1]}")
        app.close()


def test_a_whole_two_player_game_by_touch_to_lola_and_the_score(make_app):  # noqa: F811
    """Every move touched on the board: a baon, a share, takes and discards until Lola shows, the
    last round's one card each, then the score sheet; an undo and a redo on the way."""
    app = start(make_app, players=("Ann", "Ben"))
    press(app, "Play a baon")
    press(app, "Ado")
    for key in ("Ado", "3", "4", "5"):
        press(app, key)
    press(app, "Pack baon")
    press(app, "End turn")
    press(app, "Add to a baon")
    press(app, "Ann: Adobo 3-5")
    press(app, "Wild")
    press(app, "Below")
    assert view(app)["players"][1]["generosity"] == 1
    app.table.session.dispatch({"type": "undo"})
    app.frames(3)
    assert view(app)["players"][1]["generosity"] == 0
    app.table.session.dispatch({"type": "redo"})
    app.frames(3)
    press(app, "End turn")
    turns = 0
    while view(app)["lola"]["state"] != "dealt":
        turns += 1
        assert turns < 60, "Lola never showed"
        pile = view(app)["pile"]
        press(app, "Take food")
        if view(app)["players"][[p["name"] for p in view(app)["players"]].index(view(app)["turn"])]["hand"] == 0 \
                and pile >= 3:
            press(app, "3 from the pile")
        elif pile >= 2:
            press(app, f"Pile ({pile})")
            press(app, f"Pile ({pile - 1})")
        else:
            press(app, f"Pile ({pile})")
            press(app, "Space 1 (1)")
        while view(app)["discards_due"]:
            press(app, "Onto space 3")
        press(app, "End turn")
    for _ in range(2):  # the last round: one card each, then nothing more to play
        space = next(i + 1 for i, n in enumerate(view(app)["spaces"]) if n)
        press(app, f"Space {space} ({view(app)['spaces'][space - 1]})")
        press(app, "End turn")
    assert app.table.session.result() is not None
    assert app.table.session.result().scores == {"Ann": 10, "Ben": 3}  # 3 x 3 and the wild; 1 cube
    app.screenshot("baon-whole-game-800x480")


def test_the_pile_warns_when_lola_is_near():
    from companion.ui.boards.baon.words import counter_box

    game = {"mode": "game", "pile": 5, "spaces": [1, 1, 1], "lola": {"state": "hidden"}}
    assert counter_box(game) == "[b]Pile[/b] 5\nspaces 1 1 1\n[color=#FFD34D][b]Lola near![/b][/color]"
    assert counter_box({**game, "pile": 20}) == "[b]Pile[/b] 20\nspaces 1 1 1\nLola hidden"


def test_a_refused_baon_is_said_where_it_covers_none_of_the_entrys_buttons(make_app):  # noqa: F811
    """The refusal once lay over "Drop last" and "Pack baon": it takes the top bar's words now, and
    the entry stays as it was, ready to be corrected."""
    app = start(make_app)
    press(app, "Play a baon")
    for key in ("Ado", "1", "2", "4"):
        press(app, key)
    press(app, "Pack baon")
    toast = app.app.toast
    assert toast.opacity > 0 and toast.text, "the refusal is said"
    assert view(app)["players"][0]["baons"] == [], "and nothing was recorded"
    for words in ("Drop last", "Pack baon", "Cancel"):
        button = app.find(words, root=board(app).entry)
        assert not toast.collide_widget(button), f"{words!r} is not under the refusal"
    app.screenshot("baon-refused-800x480")  # nothing drawn over anything (tests/support/placement.py)
    press(app, "Drop last")
    press(app, "3")
    press(app, "Pack baon")
    assert [c["card"] for c in view(app)["players"][0]["baons"][0]["cards"]] == ["a1", "a2", "a3"]
