"""Buttons that stay put: a finger on the same spot through an entry, or across turns of the same
kind, finds a button with the same meaning (or none), never another one; and a two-touch button
is never left armed by an Undo or a change of player."""

from __future__ import annotations

import pytest
from kivy.uix.button import Button

from tests.support.touch_table import plain, touch
from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the one headless window)
from tests.ui.driver import AppDriver


def button_at(app: AppDriver, spot: tuple[float, float]) -> str | None:
    """The words of the live button under a finger at this spot of the window, or None."""
    app.frames(2)
    for w in app.visible(app.app.root):
        if isinstance(w, Button) and not w.disabled and w.collide_point(*w.to_widget(*spot)):
            return plain(w.text)
    return None


def spot_of(app: AppDriver, words: str) -> tuple[float, float]:
    app.frames(2)
    w = next(w for w in app.visible(app.app.root) if isinstance(w, Button) and plain(w.text) == words)
    return w.to_window(*w.center)


def test_homes_game_buttons_keep_their_place_with_a_game_in_progress(make_app):  # noqa: F811
    app = make_app().start()
    titles = ("Bonbon", "B.O.N", "Baon", "BondCones", "BONC!")
    home = app.app.screen("home")

    def places() -> dict[str, tuple[float, float]]:
        app.frames(3)
        return {plain(b.text).split("\n")[0]: tuple(b.to_window(*b.center)) for b in home.game_grid.children}

    idle = places()
    assert set(titles) <= set(idle)
    app.app.start_game("baon", ["Ann", "Ben"], {})
    app.tap("Menu")
    assert app.screen == "home" and app.find("Back to Baon")
    assert places() == idle, "the games stay where they were"
    app.screenshot("home-games-stay-put")


def test_baons_end_turn_keeps_its_place_and_never_lands_on_the_next_players_move(make_app):  # noqa: F811
    app = make_app().start()
    assert app.app.start_game("baon", ["Ann", "Ben", "Cy"], {})
    app.frames(3)
    take = spot_of(app, "Take food")
    empty_end = spot_of(app, "End turn, no take or play")
    app.tap("Take food")
    app.tap("Pile (60)")
    app.tap("Pile (59)")
    end = spot_of(app, "End turn")
    assert end == empty_end, "End turn in one place, whatever was done"
    touch(app, app.find("End turn"))
    # A quick second touch on the same spot: Ben's quiet two-touch End turn, or nothing; never a move.
    assert button_at(app, end) in ("End turn, no take or play", None)
    assert button_at(app, take) == "Take food", "the next player's Take food where Ann's was"


def test_an_armed_end_turn_is_disarmed_by_undo_and_a_change_of_player(make_app):  # noqa: F811
    app = make_app().start()
    assert app.app.start_game("baon", ["Ann", "Ben", "Cy"], {})
    app.frames(3)
    spot = spot_of(app, "End turn, no take or play")
    touch(app, app.find("End turn, no take or play"))
    assert button_at(app, spot) == "Tap again to end turn", "armed by the first touch"
    app.app.act({"type": "take", "sources": ["pile", "pile"]})  # the table moves on: Ann took food
    app.app.screen("play").undo()  # and an Undo takes it back
    app.frames(3)
    assert button_at(app, spot) == "End turn, no take or play", "not armed after an Undo"
    touch(app, app.find("End turn, no take or play"))
    touch(app, app.find("Tap again to end turn"))
    assert app.table.session.view()["expected"]["turn"] == "Ben"
    assert button_at(app, spot) == "End turn, no take or play", "Ben's is not armed by Ann's touches"


def test_a_double_tap_on_bondcones_roll_never_captures_what_took_its_place(make_app):  # noqa: F811
    """Mia's roll "4" and, where it was, the capture's buttons: the second touch of a double tap
    does nothing; the same spot counts once the moment is over (companion/ui/kit/touch_guard.py)."""
    from kivy.tests.common import UnitTestTouch

    from companion.ui.kit.touch_guard import SETTLE_SECONDS
    from tests.support.finger import DOUBLE_TAP_GAP, TEST_CLOCK

    app = make_app().start()
    assert app.app.start_game("bondcones", ["Mia", "Leo"], {})
    entry = app.app.screen("play").board.entry
    for face in ("4", "1"):  # the opening: Mia starts
        app.frames(2)
        touch(app, app.find(face, root=entry))
    assert app.table.session.view()["view"]["starter"] == "Mia"
    app.frames(2)
    four = app.find("4", root=entry)
    spot = four.to_window(*four.center)
    touch(app, four)
    session = app.table.session
    assert any(spec["type"] == "capture" for spec in session.view()["expected"]["legal"])
    revision = session.revision
    TEST_CLOCK.advance(DOUBLE_TAP_GAP)  # the double tap's second touch, on the test's clock
    finger = UnitTestTouch(*spot)
    finger.touch_down()
    finger.touch_up()
    app.frames(2)
    assert session.revision == revision, "the second touch of the double tap did nothing"
    assert entry.kinds == {"with": "ordinary", "cone": "ordinary"}, "not even a kind chosen under it"
    TEST_CLOCK.advance(SETTLE_SECONDS)
    under = button_at(app, spot)
    finger = UnitTestTouch(*spot)
    finger.touch_down()
    finger.touch_up()
    app.frames(2)
    assert under is not None and (session.revision > revision or entry.kinds != {"with": "ordinary", "cone": "ordinary"}
                                  or under == "Ordinary"), "a touch there later is what it shows"


def test_bonbons_reveal_pad_has_each_value_where_the_draw_pad_has_it(make_app):  # noqa: F811
    from tests.ui.test_bonbon_board import begin, start, view

    app = start(make_app)
    begin(app)
    entry = app.app.screen("play").board.entry
    app.frames(3)
    drawn = {v: app.find(f"[b]{v}[/b]", root=entry).to_window(*app.find(f"[b]{v}[/b]", root=entry).center)
             for v in range(10)}
    for action in ({"type": "draw", "face": "down"}, {"type": "pass", "tile": "three"}, {"type": "pass"},
                   {"type": "pass"}):
        assert app.app.act(action) is not None, action
    assert view(app)["phase"] == "reveal"
    app.frames(3)
    revealed = {v: app.find(f"[b]{v}[/b]", root=entry).to_window(*app.find(f"[b]{v}[/b]", root=entry).center)
                for v in range(10)}
    moved = {v: (round(revealed[v][0] - drawn[v][0]), round(revealed[v][1] - drawn[v][1])) for v in range(10)}
    assert all(abs(dx) <= 2 and abs(dy) <= 2 for dx, dy in moved.values()), \
        f"every value in the same place at the round's end as during it: moved by {moved}"
    app.screenshot("bonbon-reveal-pad-in-place")


def _value_places(app: AppDriver, entry) -> dict[int, tuple[float, float]]:
    """Where each value 0 to 9 of the entry's pad is on the screen, greyed or not."""
    app.frames(3)
    out = {}
    for v in range(10):
        button = app.find(f"[b]{v}[/b]", root=entry)
        out[v] = button.to_window(*button.center)
    return out


def _moved(drawn: dict, shown: dict) -> dict[int, tuple[int, int]]:
    """The values more than 2 px from where the draw pad had them, and by how much."""
    moved = {v: (round(shown[v][0] - drawn[v][0]), round(shown[v][1] - drawn[v][1])) for v in drawn}
    return {v: d for v, d in moved.items() if abs(d[0]) > 2 or abs(d[1]) > 2}


def test_bonbons_reveal_pad_keeps_the_values_places_with_names_to_choose_and_a_count_to_enter(make_app):  # noqa: F811
    """Every state of the reveal, not only one player with nothing to count: under the names of
    the players still to reveal, for the values of the player holding the variety tile, and for
    that player's count of illustrations, each value is where the draw pad had it (the values
    stood about 70 px higher there)."""
    from tests.ui.test_bonbon_board import begin, start, view

    app = start(make_app)
    begin(app, tiles=("variety", "zeros", "ones"))
    entry = app.app.screen("play").board.entry
    drawn = _value_places(app, entry)
    down = {"type": "draw", "face": "down"}
    for action in (down, down, {"type": "draw", "face": "up", "kind": "regular", "value": 3},  # Anna, John, Cris
                   {"type": "draw", "face": "up", "kind": "regular", "value": 4},  # Anna
                   {"type": "pass", "tile": "variety"}, {"type": "pass"}, {"type": "pass"}):  # John first
        assert app.app.act(action) is not None, action
    assert view(app)["phase"] == "reveal"
    assert [w["player"] for w in view(app)["reveal"]] == ["Anna", "John"]
    entry = app.app.screen("play").board.entry
    assert "John" in app.texts() and _moved(drawn, _value_places(app, entry)) == {}, "under the names"
    app.screenshot("bonbon-reveal-pad-names")
    touch(app, app.find("[b]5[/b]", root=entry))  # Anna's one back: a 5
    assert [w["player"] for w in view(app)["reveal"]] == ["John"]
    entry = app.app.screen("play").board.entry
    assert _moved(drawn, _value_places(app, entry)) == {}, "John's values, the variety tile his"
    touch(app, app.find("[b]2[/b]", root=entry))  # John's one back: a 2, then his count
    assert any("how many different illustrations" in t for t in app.texts())
    assert _moved(drawn, _value_places(app, entry)) == {}, "John's count of illustrations"


# A notice of about two hundred letters: the top bar a line taller while it shows.
LONG_NOTICE = ("The table's clock was set back while this game was played, so the times in its story may look "
               "out of order; the moves are kept as they were played and nothing needs doing.")
REVEALS = {
    # Anna alone to reveal: the pad stands a little higher meanwhile, in its columns.
    "one-player": ((), ({"type": "draw", "face": "down"}, {"type": "pass", "tile": "three"}, {"type": "pass"},
                        {"type": "pass"})),
    # Anna and John, named above the pad: no room left for it there, it takes its smaller shape meanwhile.
    "names": (("variety", "zeros", "ones"),
              ({"type": "draw", "face": "down"}, {"type": "draw", "face": "down"},
               {"type": "draw", "face": "up", "kind": "regular", "value": 3},
               {"type": "draw", "face": "up", "kind": "regular", "value": 4},
               {"type": "pass", "tile": "variety"}, {"type": "pass"}, {"type": "pass"})),
}


@pytest.mark.parametrize("reveal", REVEALS)
def test_bonbons_reveal_pad_comes_back_to_the_values_places_after_a_long_notice(make_app, reveal):  # noqa: F811
    """A long notice makes the top bar taller while it shows, and the reveal pad makes room for
    it; once the notice is gone every value goes back to the draw pad's place (they stayed 15 px
    higher, or in the pad's smaller shape, for the rest of the reveal)."""
    from tests.ui.test_bonbon_board import begin, start, view

    app = start(make_app)
    tiles, actions = REVEALS[reveal]
    begin(app, **({"tiles": tiles} if tiles else {}))
    entry = app.app.screen("play").board.entry
    drawn = _value_places(app, entry)
    for action in actions:
        assert app.app.act(action) is not None, action
    assert view(app)["phase"] == "reveal"
    entry = app.app.screen("play").board.entry
    assert _moved(drawn, _value_places(app, entry)) == {}, "in place before the notice"
    bar = app.app.screen("play").bar
    before = bar.height
    app.app.notify(LONG_NOTICE, "info", seconds=30)
    app.screenshot(f"bonbon-reveal-pad-long-notice-{reveal}")  # whole and readable meanwhile
    assert bar.height > before, "the notice made the top bar taller"
    app.app.toast.hide()
    app.frames(3)
    assert bar.height == before
    assert _moved(drawn, _value_places(app, entry)) == {}, "every value back where the draw pad has it"
    app.screenshot(f"bonbon-reveal-pad-after-notice-{reveal}")


def test_bondcones_roll_faces_stand_where_they_stand_on_a_turn_that_offers_a_battle(make_app):  # noqa: F811
    """The roll's faces sat 12 px higher on turns that offer a BondO Battle: a practised touch on
    a face landed on its edge. Each face in the same place with the battle offered or not."""
    from tests.ui.test_bondcones_board import offered, opening, press, start

    app = start(make_app)
    opening(app)
    entry = app.app.screen("play").board.entry

    def faces() -> dict[str, tuple[int, int, int, int]]:
        app.frames(3)
        found = {}
        for w in entry.walk(restrict=True):
            if isinstance(w, Button) and plain(w.text) in ("1", "2", "3", "4", "PEEK", "BONDO"):
                x, y = w.to_window(*w.pos)
                found[plain(w.text)] = (round(x), round(y), round(w.width), round(w.height))
        return found

    plain_turn = faces()
    assert len(plain_turn) >= 5, plain_turn
    press(app, "1")
    press(app, "BondO Cone", row="cone")
    press(app, "0")  # Mia took Leo's BondO Cone: Leo may battle
    assert any("Declare a BondO Battle" in b for b in offered(app))
    battle_turn = faces()
    assert battle_turn == plain_turn, f"the faces moved: {plain_turn} -> {battle_turn}"


def test_bonbons_zero_reveal_pad_has_each_value_where_the_draw_pad_has_it(make_app):  # noqa: F811
    """A zero drawn beside a face-down card asks the card's value on a pad of its own: it stood
    1-5 over 6-9 against the draw pad's 0-4 over 5-9, so the "4" moved between the two touches
    of one draw. Every value in the same place."""
    from tests.ui.test_bonbon_board import begin, press, start, view

    app = start(make_app)
    begin(app)
    entry = app.app.screen("play").board.entry

    def places() -> dict[int, tuple[int, int]]:
        app.frames(3)
        out = {}
        for w in entry.walk(restrict=True):
            if isinstance(w, Button) and plain(w.text).isdigit() and w.get_root_window() is not None:
                x, y = w.to_window(*w.center)
                out[int(plain(w.text))] = (round(x), round(y))
        return out

    drawn = places()
    assert set(drawn) >= set(range(10)), drawn
    press(app, "Face down")  # Anna
    press(app, "[b]4[/b]")  # John
    press(app, "[b]1[/b]")  # Cris
    assert view(app)["turn"] == "Anna"
    press(app, "[b]0[/b]")  # Anna's zero turns her face-down card over: its value next
    revealed = places()
    assert set(revealed) >= set(range(1, 10)), revealed
    moved = {v: (revealed[v][0] - drawn[v][0], revealed[v][1] - drawn[v][1]) for v in range(1, 10)
             if revealed[v] != drawn[v]}
    assert all(abs(dx) <= 2 and abs(dy) <= 2 for dx, dy in moved.values()), f"values moved: {moved}"
    app.screenshot("bonbon-zero-reveal-pad-in-place")


def test_baons_lola_shows_stands_in_one_place_on_the_menu_and_while_discarding(make_app):  # noqa: F811
    """"Lola shows" stood a row lower among the discards than on the turn's menu."""
    from tests.games.baon.test_board import board, start, view

    app = start(make_app)

    def lola() -> tuple[int, int]:
        app.frames(3)
        found = [w for w in board(app).entry.walk(restrict=True) if isinstance(w, Button)
                 and w.text == "Lola shows" and w.get_root_window() is not None]
        assert len(found) == 1, [w.text for w in board(app).entry.walk() if isinstance(w, Button)]
        x, y = found[0].to_window(*found[0].center)
        return round(x), round(y)

    assert app.app.act({"type": "take", "sources": ["pile", "pile"]})  # Ann: 6 cards
    on_the_menu = lola()
    for _ in range(3):  # Ann, Ben and Cy end their turns
        assert app.app.act({"type": "end_turn"}), view(app)["turn"]
        app.frames(2)
    assert app.app.act({"type": "take", "sources": ["pile", "pile"]})  # Ann: 8 cards, over 6
    assert view(app)["discards_due"]
    discarding = lola()
    assert discarding == on_the_menu, f"Lola shows moved from {on_the_menu} to {discarding}"
    app.screenshot("baon-discarding-lola-in-place-800x480")


def test_a_baons_words_stay_where_they_are_from_turn_to_turn(make_app):  # noqa: F811
    """A baon touched in its owner's line is the baon chosen to add to: its words drifted 26-52 px
    between turns as the line above wrapped and unwrapped (the turn's mark, the count in hand).
    A name just long enough for the mark to wrap the line, shown on and off turn in turn."""
    from tests.games.baon.test_board import board, start, view

    from companion.ui.boards.baon import words
    from tests.games.baon.touch import Finger

    app = start(make_app, players=("Ann", "Ben", "Cy"))
    Finger(app).baon("Adobo", ["a1", "a2", "a3"], end_turn=True)
    game = app.table.session.view()
    panel = board(app).players.panels[0]
    seat = dict(game["players"][0])
    record = dict(view(app)["players"][0])

    table = words.suits(view(app))

    def top_of_baons(name: str, turn: bool) -> float:
        panel.show({**seat, "name": name}, record, 0, turn, table)
        app.frames(3)
        return round(panel.top - panel.baons.top)

    def wraps_with_the_mark(n: int) -> bool:
        """Whether the mark alone wraps the line (each measured as a new line would be)."""
        tops = []
        for turn in (True, False):
            getattr(panel, "_tallest", {}).clear()
            tops.append(top_of_baons("N" * n, turn))
        return tops[0] != tops[1]

    wraps = next((n for n in range(3, 40) if wraps_with_the_mark(n)), None)
    if wraps is None:
        pytest.skip("no name wraps the line only with the turn's mark at this width")
    name = "N" * wraps
    getattr(panel, "_tallest", {}).clear()
    places = [top_of_baons(name, turn) for turn in (True, False, True, False)]
    assert len(set(places)) == 1, f"the baon's words moved between turns: {places}"
