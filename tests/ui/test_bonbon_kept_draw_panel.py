"""Bonbon's draw panel is one for the whole game and the scoring table's cells one for every round.

Drawing a button's words costs a few ms each (Kivy renders every label's texture anew), and a draw
panel has twenty-odd of them: built anew at each draw whose actions changed (a Pass that appears, a
"Don't draw another card" after a draw-again card) or after another panel (a tile, an effect), it
made the frame after the touch late, over 100 ms here where the target is 25 (a Pi 4 is 4-5 times
slower). These tests fail when a draw or a round's end builds them anew, so that gain cannot slip
away unnoticed, and check that the panel shown again is the one a player would see on a new panel.
"""

from __future__ import annotations

from kivy.uix.label import Label

from companion.ui.boards.bonbon import draw
from companion.ui.boards.bonbon.words import KIND_HINTS
from tests.ui.test_bonbon_board import FIRST_PASS, begin, board, first_pass, offered, press, start, tile, value, \
    view, weighty

DONT = "Don't draw another card"


def record(monkeypatch, cls, into: list) -> None:
    """Each object of `cls` (or a subclass) made from now on, appended to `into`."""
    init = cls.__init__
    monkeypatch.setattr(cls, "__init__", lambda self, *a, **k: (into.append(self), init(self, *a, **k))[1])


def draw_panel(app):
    panel = board(app).entry.panel
    assert isinstance(panel, draw.DrawPanel), type(panel).__name__
    return panel


def fresh(app, panel) -> None:
    """What a new panel shows: no kind chosen, the plain hint, "0" and Face down live, nothing armed."""
    assert all(chip.state == "normal" for chip in panel.chips.values())
    assert KIND_HINTS["face_up"] in app.texts()
    assert "[b]0[/b]" in offered(app) and "Face down" in offered(app)
    assert "[b]Tap again to confirm[/b]" not in offered(app)


def test_one_draw_panel_for_every_draw_whatever_actions_come_and_go(make_app, monkeypatch):
    built: list = []
    record(monkeypatch, draw.DrawPanel, built)
    app = start(make_app)
    begin(app)  # Anna starts
    panel = draw_panel(app)
    assert FIRST_PASS in offered(app) and DONT not in offered(app)
    value(app, 3)  # Anna
    press(app, "Draw again")  # John: a draw-again card, two touches
    value(app, 1)
    # John may draw again: no Pass now, "Don't draw another card" instead. The same panel, as new.
    assert draw_panel(app) is panel
    assert DONT in offered(app) and FIRST_PASS not in offered(app)
    fresh(app, panel)
    press(app, DONT)
    assert draw_panel(app) is panel and FIRST_PASS in offered(app) and DONT not in offered(app)
    first_pass(app, "three")  # Cris passes first and takes a tile: the tile panel came and went
    assert view(app)["turn"] == "Anna" and draw_panel(app) is panel
    # A later pass takes no tile: the quiet two-touch Pass, not armed.
    assert "Pass" in offered(app) and FIRST_PASS not in offered(app)
    fresh(app, panel)
    press(app, "Must face-up")  # a kind chosen, then the value: the next player sees no kind chosen
    value(app, 2)
    assert draw_panel(app) is panel
    fresh(app, panel)
    assert built == [panel], f"{len(built)} draw panels built in one round"


def test_the_scoring_table_shows_every_round_in_the_same_cells(make_app):
    app = start(make_app)
    begin(app)
    table = board(app).scoring
    cells = None
    for round_ in (1, 2):
        first_pass(app, view(app)["tiles"]["shown"][0])
        weighty(app, "Pass")
        weighty(app, "Pass")
        assert view(app)["phase"] == "scored" and view(app)["round"] == round_
        assert f"Round {round_} scoring" in " ".join(app.texts())
        shown = [w for w in table.walk(restrict=True) if isinstance(w, Label)]
        assert cells is None or all(any(w is c for c in cells) for w in shown), "new cells for the same table"
        cells = shown
        if round_ == 1:
            tile(app, "sets")  # the taken tile's replacement
            press(app, "Next round")


def test_the_rows_draw_buttons_and_scoring_lines_are_made_while_the_tiles_are_chosen(make_app, monkeypatch):
    """The touch that starts round 1 and the one that ends it only fill in what was made ahead
    (kit/made_ahead.py), one job a frame while the players choose the tiles: made in those
    touches' frames they made them late (the first draw's two dozen buttons, ~8 ms of its frame)."""
    from kivy.uix.button import Button

    from companion.ui.boards.bonbon import players, scoring

    made: list = []
    app = make_app().start()
    record(monkeypatch, scoring.ScoringTable, made)
    assert app.app.start_game("bonbon", ["Anna", "John", "Cris", "Dana"], {})
    assert made == [], "the scoring table is not made in Start game's touch"
    app.frames(14)  # as many as the first tiles' touches take
    assert len(made) == 1, "the scoring table made ahead"
    rows, lines = board(app).players.rows, board(app).scoring.kept_lines
    assert len(rows) == 4 and len(lines) == 4, "a row and a scoring line per player, made ahead"
    stocked = board(app).entry.draw
    assert stocked is not None and sorted(stocked.cells) == list(range(10)), "a value button per card value"
    made.clear()
    for cls in (players.PlayerRow, scoring.ScoringLine, Button, draw.DrawPanel):
        record(monkeypatch, cls, made)
    begin(app)
    shown = [w for w in board(app).players.children if isinstance(w, players.PlayerRow)]
    assert sorted(map(id, shown)) == sorted(map(id, rows)), "the rows shown are the ones made ahead"
    assert draw_panel(app) is stocked
    new_buttons = [w.text for w in made if isinstance(w, Button)]
    # The first draw's Pass takes a tile: its look is made at the draw (the legal draw says its words).
    assert new_buttons == [FIRST_PASS], \
        f"buttons made in the touches that choose the tiles and start round 1: {new_buttons}"
    fresh(app, stocked)
    made.clear()
    first_pass(app, view(app)["tiles"]["shown"][0])
    for _ in range(3):
        weighty(app, "Pass")
    assert view(app)["phase"] == "scored"
    made = [w for w in made if isinstance(w, (players.PlayerRow, scoring.ScoringLine))]
    assert made == [], f"{len(made)} rows or scoring lines made in the touches that show them"


def test_the_reveal_panel_shows_each_player_as_a_new_panel_would(make_app, monkeypatch):
    """One reveal panel for the game (entry.py): the next player's entry starts empty, with Back
    greyed and the names of those still to reveal, its pad in the shape and place a new panel
    gives it (round 1's first entry is a new panel; every later one the kept panel), and a pad
    with the same buttons in the same shape is the one built before, however many cards."""
    from companion.ui.boards.bonbon import reveal

    built: list = []
    record(monkeypatch, reveal.RevealPanel, built)
    app = start(make_app)
    shapes: dict[int, list] = {}
    pads, counts = set(), []
    for round_ in (1, 2):
        if round_ == 1:
            begin(app)
        for _ in range(4):  # the first player lays two face-down cards, the others one
            press(app, "Face down")
        first_pass(app, view(app)["tiles"]["shown"][0])
        weighty(app, "Pass")
        weighty(app, "Pass")
        assert view(app)["phase"] == "reveal"
        panel = board(app).entry.panel
        for left in (3, 2, 1):
            assert isinstance(panel, reveal.RevealPanel) and panel is built[0]
            waiting = [w["player"] for w in view(app)["reveal"]]
            assert len(waiting) == left and panel.player == waiting[0] and panel.values == []
            names = sorted(w.text for w in panel.walk(restrict=True) if getattr(w, "group", None)
                           and str(w.group).startswith("bonbon-reveal"))
            assert names == (sorted(waiting) if left > 1 else []), "the names of those still to reveal"
            assert panel.pad.back.disabled, "nothing entered yet: nothing to go back to"
            # Where the pad stands and in which shape: round 2's first entry (a kept panel) must
            # show as round 1's first did (a new one).
            shapes.setdefault(round_, []).append((left, panel.aligned, panel.room, panel.pad.to_window(*panel.pad.pos)))
            cards = len(panel._positions())
            counts.append(cards)
            for _ in range(cards):
                pads.add(panel.pad)
                value(app, 4)
        assert view(app)["phase"] == "scored"
        if round_ == 1:
            tile(app, "sets")
            press(app, "Next round")
    assert len(built) == 1, f"{len(built)} reveal panels in two rounds"
    # Every entry's pad has the same buttons (0-9), in one of two shapes: the first to reveal has
    # a row of names over the pad and the smaller shape at 800x480. A pad of each, whoever's cards.
    assert sorted(counts) == [1, 1, 1, 1, 2, 2], "an entry of two cards in each round"
    assert len(pads) == len(built[0]._pads) == 2, f"{len(pads)} pads for six entries with the same buttons"
    assert shapes[2] == shapes[1], "the kept panel shows each entry as the new one showed it"
    assert any(aligned for _left, aligned, _room, _at in shapes[1]), "the values in the draw pad's place"


def test_a_draw_panel_made_ahead_shows_only_what_the_legal_draw_asks(make_app):
    """The buttons made ahead are a guess (the board cannot know the first draw's legal moves while
    the tiles are chosen): a value the cards do not show is not offered, a chip made with other
    words is made again with the rules' words, and what is missing is made at the draw."""
    app = start(make_app, options={"max_value": 6})
    app.frames(14)  # the board's own made-ahead jobs done: these come after them
    assert sorted(board(app).entry.draw.cells) == list(range(7)), "the board made the values the options say"
    board(app).entry.make_draw(values=range(12), chips={"peek": "Peek!", "must_up": "Must face-up"})
    assert board(app).entry.draw.chips["peek"].text == "Peek!"
    begin(app)
    panel = draw_panel(app)
    values = [w.value for w in panel.values.children[::-1] if hasattr(w, "value")]
    assert values == list(range(7)), f"value buttons shown: {values}"
    chips = [c.text for c in panel.chip_grid.children[::-1] if hasattr(c, "text")]
    assert "Reveal" in chips and "Peek!" not in chips and "Swap" in chips
    value(app, 6)  # Anna's card: the value buttons made ahead enter it
    assert view(app)["players"][0]["cards"][-1]["value"] == 6


def test_buttons_made_ahead_late_leave_the_draw_shown_as_it_is(make_app):
    """A game resumed in the middle of a round shows its draw panel at once, and the board's
    made-ahead jobs still come a few frames later: a kind chosen by then keeps "0" greyed."""
    app = start(make_app)
    begin(app)
    press(app, "Must face-up")
    assert "[b]0[/b]" not in offered(app), "beside a kind, 0 is greyed"
    board(app).entry.make_draw(values=range(10), chips={"must_up": "Must face-up"})
    app.frames(2)
    assert "[b]0[/b]" not in offered(app) and "[b]5[/b]" in offered(app)
    assert draw_panel(app).chips["must_up"].state == "down"
