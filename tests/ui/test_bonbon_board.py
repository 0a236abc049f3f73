"""The Bonbon board on the touchscreen: rows, the collective total, tiles, entry by touch, scoring, board mode."""

from __future__ import annotations

import pytest
from kivy.uix.button import Button

from companion.ui import theme
from companion.ui.boards.bonbon import parts
from companion.ui.boards.bonbon.effects import CardButton
from tests.support.finger import tap as finger_tap
from tests.ui.driver import AppDriver


FIRST_PASS = f"[b]Pass[/b]\n[size={int(theme.FONT_SMALL)}]takes a tile[/size]"
CONFIRM = "[b]Tap again to confirm[/b]"  # a weighty button, once armed by a first touch


def start(make_app, names=("Anna", "John", "Cris"), options=None, **kwargs) -> AppDriver:
    app = make_app(**kwargs).start()
    assert app.app.start_game("bonbon", list(names), options or {})
    app.frames(3)
    return app


def board(app: AppDriver):
    return app.app.screen("play").board


def view(app: AppDriver) -> dict:
    return app.table.session.view()["view"]


def player(app: AppDriver, name: str) -> dict:
    return next(p for p in view(app)["players"] if p["name"] == name)


def touch(app: AppDriver, widget) -> None:
    """A finger on the widget's centre, once the layout has settled; then a frame to show the change."""
    x, y = widget.to_window(*widget.center)
    finger_tap(app, x, y)  # waits, as a player does, to see what is there
    app.frames(2)


def press(app: AppDriver, text: str) -> None:
    """Touch the entry panel's button showing this text (the rows show the same digits)."""
    touch(app, app.find(text, root=board(app).entry))


def weighty(app: AppDriver, text: str) -> None:
    """A round-ending button: the first touch arms it, the second acts."""
    press(app, text)
    press(app, CONFIRM)


def first_pass(app: AppDriver, tile_id: str) -> None:
    """The first pass of a round: Pass, then the tile it takes; one move, sent by the tile."""
    press(app, FIRST_PASS)
    press(app, parts.tile_label(tile_id, prefix="Pass and take "))


def value(app: AppDriver, v: int) -> None:
    press(app, f"[b]{v}[/b]")


def tile(app: AppDriver, tile_id: str) -> None:
    press(app, parts.tile_label(tile_id))


def card(app: AppDriver, name: str, position: int) -> None:
    """Touch a card offered as an effect's target."""
    buttons = [b for b in board(app).entry.walk() if isinstance(b, CardButton)
               and b.ref == {"player": name, "card": position}]
    assert buttons and not buttons[0].disabled, (name, position)
    touch(app, buttons[0])


def offered(app: AppDriver) -> list[str]:
    return [w.text for w in board(app).entry.walk() if isinstance(w, Button) and w.opacity > 0 and not w.disabled]


def screen_text(app: AppDriver) -> str:
    return "\n".join(app.texts())


def begin(app: AppDriver, tiles=("three", "zeros", "ones"), first: str | None = None) -> None:
    for t in tiles:
        tile(app, t)
    # Who starts is the set-up's last touch: it starts the round.
    press(app, first or view(app)["players"][0]["name"])
    assert view(app)["phase"] == "play"


def test_a_round_by_touch_from_the_tiles_to_the_next_round(make_app):
    app = start(make_app)
    assert "Lay out 3 bonus tiles at random and tap them here" in app.texts()
    assert app.find("John", root=board(app).entry).disabled  # three tiles first
    tile(app, "three")
    press(app, "John")
    assert view(app)["phase"] == "setup", "a greyed starter starts nothing"
    tile(app, "zeros")
    app.screenshot("bonbon-start")
    begin(app, tiles=("ones",), first="John")
    assert view(app)["tiles"]["shown"] == ["three", "zeros", "ones"] and view(app)["turn"] == "John"
    assert {"+3 points", "+1 per zero", "+1 per one"} <= set(app.texts())
    press(app, "Face down")  # John
    value(app, 3)  # Cris: a 3 face-up, one touch
    value(app, 5)  # Anna
    press(app, "Face down")  # John again
    game = view(app)
    assert game["collective"] == {"total": 8, "limit": 15, "left": 7, "over": False}
    assert player(app, "John")["cards"] == [{"face": "down"}, {"face": "down"}]
    # A face-down card is a back with no value on the screen.
    backs = [chip for row in board(app).players.shown for chip in row.cards.chips if chip.face == "down"]
    assert len(backs) == 2 and all(chip.text == "" for chip in backs)
    assert "7 left" in app.texts()
    app.screenshot("bonbon-play")

    # Cris plays a swap card face-up (two touches), then swaps her 3 with one of John's backs.
    press(app, "Swap")
    value(app, 1)
    assert view(app)["step"] == "effect" and view(app)["effect"] == "swap"
    # The swap card just played is the first card until another is chosen (the common swap).
    assert marked(app) == [("Cris", 2)]
    assert "Swap Cris's swap card (a 1) with a card you tap; tap it to let go" in app.texts()
    app.screenshot("bonbon-swap-card-first")
    card(app, "Cris", 1)
    assert "Swap Cris's card 1 (from the left), a 3, with a card of another player" in app.texts()
    assert marked(app) == [("Cris", 1)]  # the first card chosen is framed on the board too
    app.screenshot("bonbon-effect")
    card(app, "John", 1)
    assert [c.get("value") for c in player(app, "Cris")["cards"]] == [None, 1]
    assert [c.get("value") for c in player(app, "John")["cards"]] == [3, None]
    assert player(app, "John")["face_up_total"] == 3 and view(app)["collective"]["total"] == 9

    press(app, "Face down")  # Anna
    # John's zero turns over his face-down card: the table enters its value, then he may go on.
    value(app, 0)
    assert "The zero turns over John's face-down card, left to right. Card 2 (from the left) shows:" in app.texts()
    value(app, 2)
    game = view(app)
    assert [c["value"] for c in player(app, "John")["cards"]] == [3, 2, 0]
    assert game["step"] == "extra_turn" and game["collective"]["total"] == 11
    press(app, "No extra turn")
    press(app, "Face down")  # Cris

    # Anna passes first and takes a tile.
    press(app, FIRST_PASS)
    assert "Anna may pass now and take a bonus tile:" in app.texts()
    assert player(app, "Anna")["status"] == "in", "nothing recorded before the tile"
    press(app, parts.tile_label("three", prefix="Pass and take "))
    assert player(app, "Anna")["tile"] == "three"
    assert [box.who.text for box in board(app).tiles.boxes] == ["Anna", "on display", "on display"]
    assert "PASSED" in screen_text(app)
    weighty(app, "Pass")  # John: no tile for a second passer
    assert player(app, "John")["tile"] is None

    # Cris overflows the table: 11 + 5 > 15. She is out and the round ends.
    value(app, 5)
    game = view(app)
    assert game["collective"] == {"total": 16, "limit": 15, "left": -1, "over": True}
    assert player(app, "Cris")["status"] == "out" and player(app, "Cris")["out_reason"] == "collective"
    assert "OVER by 1" in app.texts() and "OUT: table" in screen_text(app)
    assert game["phase"] == "reveal"
    app.screenshot("bonbon-reveal")

    # The reveal: Anna turns over her face-down card and the table enters it.
    assert "Anna turns over 1 face-down card, left to right. Card 2 (from the left) shows:" in app.texts()
    value(app, 4)
    game = view(app)
    assert game["phase"] == "scored"
    lines = {line["player"]: line for line in game["scoring"]["lines"]}
    assert (lines["Anna"]["card_values"], lines["Anna"]["tile_points"], lines["Anna"]["total"]) == (9, 3, 12)
    assert lines["John"]["total"] == 5 and lines["Cris"]["eliminated"]
    text = screen_text(app)
    assert "Round 1 scoring" in text and "Anna takes a bonbon token (most points)." in text
    assert "out: does not score" in text and "Ties: most cards played" in text
    app.screenshot("bonbon-scoring")

    # Next round: the taken tile is replaced, and the last player to draw starts.
    assert app.find("Next round").disabled
    tile(app, "sets")
    press(app, "Next round")
    game = view(app)
    assert game["round"] == 2 and game["turn"] == "Cris"
    assert game["tiles"]["shown"] == ["zeros", "ones", "sets"]
    assert player(app, "Anna")["limit"] == 9 and "9" in " ".join(app.texts())


def test_reveal_turn_down_pass_and_draw_again_cards_by_touch(make_app):
    app = start(make_app)
    begin(app)
    press(app, "Face down")  # Anna
    # John's reveal card turns over Anna's face-down card: the table enters the value it shows.
    # Anna's card is the only one it can take: no touch to choose it, the pad asks its value at once,
    # the card framed on the board, and Undo takes the reveal card back (nothing was chosen to clear).
    press(app, "Reveal")
    value(app, 2)
    assert "Anna's card 1 (from the left) turns face-up. Its value:" in app.texts()
    assert "Back" not in offered(app) and "Reveal: tap another player's face-down card" not in app.texts()
    assert board(app).entry.cancel_entry() is None
    app.screenshot("bonbon-reveal-only-card")
    value(app, 3)
    assert player(app, "Anna")["cards"] == [{"face": "up", "kind": None, "value": 3}]
    assert view(app)["collective"]["total"] == 5
    # Cris turns John's reveal card face-down: its value leaves the screen and the totals.
    press(app, "Turn down")
    value(app, 4)
    card(app, "John", 1)
    assert player(app, "John")["cards"] == [{"face": "down"}]
    john = board(app).players.shown[1]
    assert [chip.text for chip in john.cards.chips] == [""] and john.total.text.startswith("0")
    assert view(app)["collective"]["total"] == 7
    app.screenshot("bonbon-turn-down")
    # Anna's pass card: she passes at once with a tile of her choice.
    press(app, "Pass + tile")
    value(app, 1)
    tile_pass = parts.tile_label("zeros", prefix="Pass and take ")
    assert tile_pass in offered(app) and "Don't use the effect" in offered(app)
    weighty(app, tile_pass)
    assert player(app, "Anna")["status"] == "passed" and player(app, "Anna")["tile"] == "zeros"
    # John's draw-again card: one more card, or not.
    press(app, "Draw again")
    value(app, 1)
    assert view(app)["step"] == "draw_again" and "Pass" not in offered(app)
    press(app, "Don't draw another card")
    assert view(app)["turn"] == "Cris"
    # A card that must be played face-up cannot be entered face-down.
    press(app, "Must face-up")
    assert app.find("Face down", root=board(app).entry).disabled
    value(app, 2)
    assert player(app, "Cris")["cards"][-1] == {"face": "up", "kind": "must_up", "value": 2}


def test_a_reveal_card_with_two_cards_to_take_shows_them_to_choose(make_app):
    app = start(make_app)
    begin(app)
    press(app, "Face down")  # Anna
    press(app, "Face down")  # John
    press(app, "Reveal")  # Cris: Anna's or John's face-down card
    value(app, 2)
    assert "Reveal: tap another player's face-down card" in app.texts()
    backs = [b for b in board(app).entry.walk() if isinstance(b, CardButton) and not b.disabled]
    assert [b.ref for b in backs] == [{"player": "Anna", "card": 1}, {"player": "John", "card": 1}]
    assert [b.text for b in backs] == ["", ""]  # backs, with no value
    card(app, "John", 1)
    assert "John's card 1 (from the left) turns face-up. Its value:" in app.texts() and "Back" in offered(app)
    value(app, 3)
    assert player(app, "John")["cards"] == [{"face": "up", "kind": None, "value": 3}]


def test_a_common_card_takes_one_touch_and_any_other_kind_two(make_app):
    app = start(make_app)
    begin(app)
    session = app.table.session

    def touches(*steps) -> int:
        before = session.revision
        for step in steps:
            step()
        assert session.revision == before + 1
        return len(steps)

    assert touches(lambda: value(app, 4)) == 1  # a face-up card: regular or must face-up, one touch
    assert touches(lambda: press(app, "Face down")) == 1
    assert touches(lambda: value(app, 0)) == 1  # a zero with nothing face-down before it
    press(app, "No extra turn")
    assert touches(lambda: press(app, "Must face-up"), lambda: value(app, 1)) == 2
    assert touches(lambda: press(app, "Swap"), lambda: value(app, 1)) == 2
    kinds = [(c["kind"], c["value"]) for p in view(app)["players"] for c in p["cards"] if c["face"] == "up"]
    assert kinds == [("face_up", 4), ("must_up", 1), ("swap", 1), ("zero", 0)]


def test_board_mode_moves_the_total_by_touch_and_dial_and_flags_the_overflow(make_app):
    """The trial: a card worth 7 took seven touches of "+"; a card's value is now one touch on the pad."""
    app = start(make_app, options={"board_only": True})
    number = board(app).board.total.number.text
    assert number.startswith("0[") and " / 15[" in number
    assert app.find("[b]−1[/b]", root=board(app)).disabled  # nothing to take off at 0
    before = app.table.session.revision
    press_board(app, "[b]+7[/b]")
    assert view(app)["collective"]["total"] == 7 and app.table.session.revision == before + 1  # one touch
    press_board(app, "[b]−2[/b]")  # a card turned face-down, or a slip
    assert view(app)["collective"]["total"] == 5
    for _ in range(10):
        app.app.control("dial_up", "gpio")  # the rotary encoder, or the + button wired as dial_up
    app.frames(2)
    assert view(app)["collective"]["total"] == 15
    assert "At the limit: one more point ends the round" in app.texts()
    press_board(app, "[b]+1[/b]")
    assert view(app)["collective"] == {"total": 16, "limit": 15, "left": -1, "over": True}
    text = screen_text(app)
    assert "OVER THE LIMIT by 1" in text and "The round ends at once: the player who went over is out." in text
    app.screenshot("bonbon-board-mode")
    press_board(app, "[b]−1[/b]")
    assert view(app)["collective"]["over"] is False
    press_board(app, "Next round: back to 0")
    assert view(app) == {"mode": "board", "round": 2,
                         "collective": {"total": 0, "limit": 15, "left": 15, "over": False}}
    assert app.find("[b]−1[/b]", root=board(app)).disabled


def press_board(app: AppDriver, text: str) -> None:
    touch(app, app.find(text, root=board(app)))


def test_six_players_fit_the_800x480_screen(make_app):
    names = ("Anna", "Bartholomew", "Cris", "Dominique", "Eli", "Francesca")
    app = start(make_app, names=names)
    begin(app, tiles=("face_up", "sets", "variety"))
    value(app, 6)  # Anna
    press(app, "Face down")  # Bartholomew
    value(app, 2)  # Cris
    first_pass(app, "sets")  # Dominique passes first and takes the sets tile
    press(app, "Face down")  # Eli
    value(app, 3)  # Francesca
    value(app, 5)  # Anna: 6 + 5 > 10, out
    press(app, "Face down")  # Bartholomew
    value(app, 1)  # Cris
    assert player(app, "Anna")["out_reason"] == "personal"
    text = screen_text(app)
    assert "OUT: limit" in text and "PASSED" in text
    rows = board(app).players.shown
    assert len(rows) == 6
    left = board(app).left
    for upper, lower in zip(rows, rows[1:]):
        assert upper.y >= lower.top  # no overlap
    app.screenshot("bonbon-6-players")
    assert rows[-1].y >= left.y and rows[0].top <= left.top and all(r.height >= 52 for r in rows)
    buttons = [b for b in board(app).walk() if isinstance(b, Button) and b.opacity > 0]
    assert buttons and all(min(b.size) >= 56 for b in buttons), [(b.text, b.size) for b in buttons if min(b.size) < 56]


def test_the_board_fits_1024x600(make_app):
    app = start(make_app, names=("Anna", "John", "Cris", "Dana"), size=(1024, 600))
    begin(app)
    value(app, 4)
    press(app, "Face down")
    value(app, 7)
    press(app, "Face down")
    value(app, 3)
    app.frames(3)
    for widget in board(app).walk():
        if isinstance(widget, Button) and widget.opacity > 0:
            assert widget.right <= 1024 and widget.y >= 0 and min(widget.size) >= 56, widget.text
    png = app.screenshot("bonbon-1024x600")
    # The picture shows the whole screen: the margin all round is background, including right of
    # x=800 and above y=480, where a window drawing into an 800x480 buffer left black or noise.
    assert margin_colours(png, 1024, 600) == {rgb(theme.BACKGROUND)}


def rgb(colour) -> tuple[int, int, int]:
    return tuple(round(c * 255) for c in colour[:3])


def margin_colours(png, width: int, height: int) -> set[tuple[int, int, int]]:
    """Every colour in the outer part of the screen's margin, which the app paints background.

    Half the margin (theme.PAD), so that an outline drawn just past a widget's edge stays out of it.
    """
    from kivy.core.image import ImageLoader

    data = ImageLoader.load(str(png), keep_data=True)._data[0]
    assert (data.width, data.height) == (width, height)
    assert data.fmt in ("rgb", "rgba")
    step = len(data.fmt)
    pad = int(theme.PAD) // 2
    colours = set()
    for y in range(height):
        xs = range(width) if y < pad or y >= height - pad else [*range(pad), *range(width - pad, width)]
        row = y * data.rowlength
        for x in xs:
            i = row + x * step
            colours.add(tuple(data.data[i:i + 3]))
    return colours


def scoring_layout(app: AppDriver) -> dict:
    """What a person sees of the scoring table: the panel, its rows, and whether the footnote shows."""
    table = board(app).scoring
    note = table.note
    return {
        "panel": tuple(table.size),
        "rows": [tuple(row.size) for row in table.lines],
        "parts": [(type(w).__name__, round(w.height)) for w in reversed(table.children)],
        "note shown": note.parent is table and note in app.visible()
                      and table.y <= note.y and note.top <= table.top and note.height >= note.texture_size[1] > 0,
    }


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_the_scoring_table_looks_the_same_when_the_game_resumes_into_it(make_app, size):
    live = start(make_app, size=size)
    begin(live)
    act = live.table.session.dispatch
    act({"type": "draw", "face": "up", "kind": "regular", "value": 6})
    act({"type": "draw", "face": "up", "kind": "regular", "value": 2})
    act({"type": "pass"})  # the first to pass takes a tile
    act({"type": "take_tile", "tile": view(live)["tiles"]["available"][0]})
    act({"type": "pass"})
    act({"type": "pass"})
    live.frames(3)
    assert view(live)["phase"] == "scored"
    reached = scoring_layout(live)
    assert reached["note shown"] and all(h >= 40 for _w, h in reached["rows"]), reached
    live.close()

    # The app stops and starts again: the game comes back from the database at its scoring table.
    again = make_app(size=size).start()
    assert again.screen == "play" and view(again)["phase"] == "scored"
    again.frames(3)
    assert scoring_layout(again) == reached
    assert NOTE_START in screen_text(again)
    again.screenshot(f"bonbon-scoring-resumed-{size[0]}x{size[1]}")


NOTE_START = "Sets: each set of face-down cards in a row scores its size less 1."


def test_the_variety_count_at_the_reveal_a_deck_warning_and_the_game_over(make_app):
    app = start(make_app, names=("Anna", "John"))
    begin(app, tiles=("variety", "zeros", "ones"))
    act = app.table.session.dispatch
    for _ in range(2):  # two rounds won by Anna, entered quickly
        act({"type": "draw", "face": "up", "kind": "regular", "value": 6})
        act({"type": "pass"})  # John passes first and takes a tile other than variety
        act({"type": "take_tile", "tile": next(t for t in view(app)["tiles"]["available"] if t != "variety")})
        act({"type": "pass"})
        pile = [p.value for p in app.table.session.expected().legal[0].fields["new_tiles"].picks]
        act({"type": "next_round", "new_tiles": [next(t for t in pile if t != "variety")]})
    assert player(app, "Anna")["tokens"] == 2
    # Round 3: John plays three swap cards (the deck has two), then Anna passes with the variety tile.
    turn = view(app)["turn"]
    if turn == "John":
        act({"type": "draw", "face": "up", "kind": "regular", "value": 1})
    act({"type": "draw", "face": "down"})  # Anna
    for _ in range(3):
        act({"type": "draw", "face": "up", "kind": "swap", "value": 1})  # John
        act({"type": "end_turn"})
        if view(app)["turn"] == "Anna" and _ < 2:
            act({"type": "draw", "face": "down"})
    app.frames(3)
    assert "Check the cards entered: 3 swap cards on the table, but the deck has 2" in app.texts()
    first_pass(app, "variety")
    weighty(app, "Pass")  # John
    assert view(app)["phase"] == "reveal"
    waiting = view(app)["reveal"][0]
    assert waiting["player"] == "Anna" and waiting["variety"]
    for _ in range(waiting["values"]):
        value(app, 2)
    assert any("holds the +1 variety tile: how many different illustrations" in t for t in app.texts())
    value(app, waiting["variety_max"])
    game = view(app)
    anna = next(line for line in game["scoring"]["lines"] if line["player"] == "Anna")
    assert anna["tile_points"] == waiting["variety_max"] and game["phase"] == "over"
    assert game["winners"] == ["Anna"]
    text = screen_text(app)
    assert "Anna won with 3 bonbon tokens after 3 rounds" in text
    assert "The game is over. Undo takes back the last move." in text
    assert "1: Anna" in text and "3: Anna" in text
    app.screenshot("bonbon-game-over-deck-warning")


# -- the trial at the table: what a player found, each with the test that shows it is gone ------------

SIX = ("Anna", "Bartholomew", "Cris", "Dominique", "Eli", "Francesca")
MOST_CARDS = 12  # see cards.CardRow: what one row of six players' keeps legible at 800x480


def crowded_reveal(app: AppDriver, cards: int) -> None:
    """Six players; Anna plays on alone to `cards` cards, the last her pass card, and takes the tile with the
    longest words; her cards are turned over: the row at its fullest, with a tile and values shown."""
    begin(app, tiles=("zeros", "sets", "variety"))
    act = app.table.session.dispatch
    for _ in SIX:
        act({"type": "draw", "face": "down"})
    act({"type": "draw", "face": "down"})  # Anna
    act({"type": "pass"})  # Bartholomew passes first ...
    act({"type": "take_tile", "tile": "sets"})
    for _ in SIX[2:]:
        act({"type": "pass"})  # ... and the others after him
    for _ in range(cards - 3):
        act({"type": "draw", "face": "down"})  # Anna, alone
    act({"type": "draw", "face": "up", "kind": "pass_tile", "value": 1})
    act({"type": "pass", "tile": "zeros"})
    act({"type": "reveal", "player": "Anna", "values": [(i % 9) + 1 for i in range(cards - 1)]})
    app.frames(3)
    assert view(app)["phase"] == "reveal" and player(app, "Anna")["tile"] == "zeros"
    assert not view(app)["warnings"]


def rendered_width(label) -> float:
    """How wide the label's text is drawn at its font, however the label shortens or clips it."""
    from kivy.core.text.markup import MarkupLabel

    probe = MarkupLabel(text=label.text, font_size=label.font_size, bold=label.bold, font_name=label.font_name)
    probe.refresh()
    return probe.texture.size[0]


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_cards_stay_legible_beside_a_tile_with_a_full_row_of_six_players(make_app, size):
    app = start(make_app, names=SIX, size=size)
    crowded_reveal(app, MOST_CARDS)
    anna = board(app).players.shown[0]
    assert "+1 per zero" in anna.extra.text
    chips = anna.cards.chips
    assert [c.text for c in chips] == [str(i % 9 + 1) for i in range(MOST_CARDS - 1)] + ["1"]  # the pass card
    for chip in chips:
        # A value a player reads across the table: a chip at least a digit and its margins wide, the digit
        # at least 15 px tall, and drawn whole inside its chip.
        assert chip.width >= 13 and chip.font_size >= 15, (chip.size, chip.font_size)
        assert rendered_width(chip) <= chip.width, (chip.text, chip.width)
        assert anna.cards.x <= chip.x and chip.right <= anna.cards.right + 0.5
        assert anna.y <= chip.y and chip.top <= anna.top
    # The cards never run under the total and the tile's words.
    assert chips[-1].right <= anna.total.parent.x
    assert rendered_width(anna.extra) <= anna.extra.width
    check_entry_fits(app, "the reveal of five players")
    # A known limit: twelve cards in each of six rows at 800x480 draw their values under 20 px,
    # and an eleven-letter name under a tile ends in "...".
    app.screenshot(f"bonbon-6-players-full-row-{size[0]}x{size[1]}", readable=size != (800, 480))


def test_cards_beside_a_tile_keep_their_natural_size_when_few(make_app):
    """The trial: John's four cards next to "+1 face-up" shrank to slivers at the reveal."""
    app = start(make_app)
    begin(app, tiles=("face_up", "zeros", "ones"))
    act = app.table.session.dispatch
    for _ in range(4):
        act({"type": "draw", "face": "down"})  # Anna
        act({"type": "draw", "face": "up", "kind": "regular", "value": 1})  # John
        act({"type": "draw", "face": "down"})  # Cris
    act({"type": "draw", "face": "down"})  # Anna
    act({"type": "pass"})  # John passes first ...
    act({"type": "take_tile", "tile": "face_up"})  # ... with the face-up tile
    act({"type": "pass"})
    act({"type": "pass"})
    app.frames(3)
    assert view(app)["phase"] == "reveal"
    rows = board(app).players.shown
    john = rows[1]
    assert "+1 face-up" in john.extra.text
    # As large as the cards of a row without a tile: the tile's words take no card's width.
    assert [tuple(c.size) for c in john.cards.chips] == [tuple(rows[2].cards.chips[0].size)] * 4
    assert all(c.width >= 40 and c.font_size >= 30 for c in john.cards.chips)
    app.screenshot("bonbon-reveal-tile")


def marked(app: AppDriver) -> list[tuple[str, int]]:
    """The cards framed on the board: (player, position from 1 on the left)."""
    return [(row.player, i + 1) for row in board(app).players.shown
            for i, chip in enumerate(row.cards.chips) if chip.marked]


def asked_position(app: AppDriver) -> int:
    """The card number the entry panel's prompt asks about: "Card N (from the left) shows"."""
    import re

    prompts = [t for t in app.texts() if "(from the left)" in t]
    assert len(prompts) == 1, app.texts()
    return int(re.search(r"[Cc]ard (\d+) \(from the left\)", prompts[0]).group(1))


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_every_prompt_names_a_card_by_its_place_in_the_row_and_frames_it(make_app, size):
    """The trial: John's row showed two backs, card 1 a 4 turned face-down by Cris, card 3 unknown; the
    reveal said "Card 1 shows:" for card 3, and the table entered card 1's value."""
    app = start(make_app, size=size)
    begin(app)
    act = app.table.session.dispatch
    act({"type": "draw", "face": "up", "kind": "regular", "value": 3})  # Anna
    act({"type": "draw", "face": "up", "kind": "regular", "value": 4})  # John
    act({"type": "draw", "face": "up", "kind": "hide", "value": 1})  # Cris turns John's 4 face-down
    act({"type": "hide", "player": "John", "card": 1})
    act({"type": "pass"})  # Anna passes first
    act({"type": "take_tile", "tile": "three"})
    act({"type": "draw", "face": "up", "kind": "regular", "value": 2})  # John
    act({"type": "pass"})  # Cris
    act({"type": "draw", "face": "down"})  # John
    act({"type": "pass"})  # John: the round is over, and only his card 3 is to be entered
    app.frames(3)
    john = board(app).players.shown[1]
    assert [c.face for c in john.cards.chips] == ["down", "up", "down"]
    assert "John turns over 2 face-down cards, left to right (card 1 seen face-up: not asked). " \
           "Card 3 (from the left) shows:" in app.texts()
    assert marked(app) == [("John", asked_position(app))] == [("John", 3)]
    # Framed, never shown: the 4 the app remembers stays a plain back like the card asked about.
    assert [c.text for c in john.cards.chips] == ["", "2", ""]
    app.screenshot(f"bonbon-reveal-card-named-{size[0]}x{size[1]}")
    value(app, 5)
    assert player(app, "John")["cards"] == [{"face": "down", "value": 4}, {"face": "up", "kind": "regular", "value": 2},
                                            {"face": "down", "value": 5}]
    assert marked(app) == []


def face_down_round(app: AppDriver) -> None:
    """Anna, John, Cris and Anna again each play a card face down."""
    for _ in range(4):
        press(app, "Face down")


def test_the_zero_and_the_reveal_card_frame_the_card_they_ask_about(make_app):
    app = start(make_app)
    begin(app)
    face_down_round(app)  # Anna has two backs, John and Cris one each
    # John's reveal card turns over Anna's card 2.
    press(app, "Reveal")
    value(app, 1)
    card(app, "Anna", 2)
    assert asked_position(app) == 2 and marked(app) == [("Anna", 2)]
    value(app, 3)
    # Cris's zero turns over her one back: card 1.
    value(app, 0)
    assert asked_position(app) == 1 and marked(app) == [("Cris", 1)]
    press(app, "Back")  # changes her mind: nothing is framed any more
    assert marked(app) == []


def overlaps(a, b) -> bool:
    ax, ay = a.to_window(a.x, a.y)
    bx, by = b.to_window(b.x, b.y)
    return ax < bx + b.width and bx < ax + a.width and ay < by + b.height and by < ay + a.height


def check_entry_fits(app: AppDriver, state: str, finger: float = 56) -> None:
    """Everything the entry panel shows lies inside it, clear of the tiles and the rows, and every
    button is at least `finger` wide and high."""
    app.frames(3)
    entry = board(app).entry
    shown = [w for w in entry.walk(restrict=True) if w is not entry and w.opacity > 0 and w.width > 0 and w.height > 0
             and type(w).__name__ != "Widget"]
    for w in shown:
        assert entry.y - 0.5 <= w.y and w.top <= entry.top + 0.5, (state, type(w).__name__, getattr(w, "text", ""),
                                                                   w.y, w.top, entry.y, entry.top)
        for box in board(app).tiles.boxes:
            assert not overlaps(w, box), (state, getattr(w, "text", ""), box.what.text)
        if isinstance(w, Button):
            assert min(w.size) >= finger, (state, w.text, w.size)
    hint = getattr(entry.children[0], "hint", None)
    if hint is not None and hint.parent is not None:
        assert rendered_width(hint) <= hint.width, (state, hint.text)


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_the_draw_panel_stays_clear_of_the_tiles_in_every_draw_state(make_app, size):
    """The trial: choosing "Must face-up" wrapped the hint onto two lines and the kind buttons slid up
    over the "+3 points / on display" tiles."""
    app = start(make_app, size=size)
    begin(app)
    check_entry_fits(app, "a turn")
    for chip in ("Must face-up", "Pass + tile", "Reveal", "Swap", "Draw again", "Turn down"):
        press(app, chip)
        check_entry_fits(app, chip)
    press(app, "Must face-up")
    app.screenshot(f"bonbon-draw-must-face-up-{size[0]}x{size[1]}")
    press(app, "Must face-up")  # touched again, it lets go: a plain face-up card
    assert board(app).entry.panel.kind == "face_up"
    press(app, "Face down")  # Anna
    press(app, "Draw again")  # John
    value(app, 1)
    check_entry_fits(app, "draw again")
    press(app, "Face down")
    press(app, "Face down")  # Cris
    value(app, 0)  # Anna's zero turns over her face-down card
    check_entry_fits(app, "the zero's values")
    value(app, 4)
    check_entry_fits(app, "the zero's extra turn, and a first pass")
    press(app, "Must face-up")
    check_entry_fits(app, "the zero's extra turn, must face-up")


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
@pytest.mark.parametrize("highest", [12, 20])
def test_a_deck_printed_past_9_keeps_the_draw_panel_on_screen(make_app, size, highest):
    """max_value may be up to 20: the value buttons get narrower rather than push the panel over
    the tiles or off the screen."""
    app = start(make_app, size=size, options={"max_value": highest})
    begin(app)
    # Narrower than a finger only for such a deck, and still wide enough to aim at.
    check_entry_fits(app, f"values 0 to {highest}", finger=24)
    # A known limit: a deck printed up to 20 puts 21 values on the pad, under 20 px at 800x480.
    app.screenshot(f"bonbon-values-0-{highest}-{size[0]}x{size[1]}", readable=highest <= 12 or size != (800, 480))
    press(app, "Must face-up")
    check_entry_fits(app, f"values 0 to {highest}, must face-up", finger=24)
    value(app, highest)  # the last value is on screen and takes a touch
    assert app.table.session.view()["view"]["players"][0]["cards"][-1]["value"] == highest


def rendered_size(label) -> tuple[float, float]:
    from kivy.core.text.markup import MarkupLabel

    probe = MarkupLabel(text=label.text, font_size=label.font_size, bold=label.bold, font_name=label.font_name)
    probe.refresh()
    return probe.texture.size


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_the_sets_column_and_the_count_buttons_show_their_words_whole(make_app, size):
    """The trial: a player with two separate face-down cards read "0(…" under "sets", and the variety
    count's Back button read "Bac" over "k"."""
    app = start(make_app, names=SIX, size=size)
    begin(app, tiles=("variety", "sets", "three"))
    act = app.table.session.dispatch
    d, u = {"type": "draw", "face": "down"}, {"type": "draw", "face": "up", "kind": "regular", "value": 1}
    for a in (d, d, d, u, d, u,  # Anna, Bartholomew, Cris, Dominique, Eli, Francesca
              u, d, d, d, d, d,
              d, {"type": "pass"}, {"type": "take_tile", "tile": "variety"}, u, d, {"type": "pass"}, d,
              {"type": "pass"}, d, {"type": "pass"}, {"type": "pass"}, {"type": "pass"}):
        act(a)
    assert view(app)["phase"] == "reveal"
    for waiting in view(app)["reveal"]:
        if waiting["player"] != "Bartholomew":
            act({"type": "reveal", "player": waiting["player"], "values": [2] * waiting["values"]})
    app.frames(3)
    # Bartholomew's two cards, then how many illustrations: the count's buttons, Back among them.
    value(app, 2)
    value(app, 3)
    assert any("holds the +1 variety tile" in t for t in app.texts())
    check_entry_fits(app, "the variety count")
    back = app.find("Back", root=board(app).entry)
    assert back.width >= 56 and rendered_width(back) <= back.width - 2 * theme.GAP, back.size
    # A known limit: an eleven-letter name under a tile ends in "..." at 800x480.
    app.screenshot(f"bonbon-variety-count-{size[0]}x{size[1]}", readable=size != (800, 480))
    value(app, 2)
    assert view(app)["phase"] == "scored"
    app.frames(3)
    lines = {line["player"]: line for line in view(app)["scoring"]["lines"]}
    assert lines["Anna"]["face_down_sets"] == [1, 1] and lines["Cris"]["face_down_sets"] == [2, 1]
    table = board(app).scoring
    for row, line in zip(table.lines, view(app)["scoring"]["lines"]):
        cell = list(reversed(row.children))[1]  # after the name
        sets = len(line["face_down_sets"])
        if sets:
            assert cell.text.startswith(str(line["sets_points"]))
            assert f"{sets} set{'s' if sets > 1 else ''}" in cell.text
        wide, tall = rendered_size(cell)
        assert wide <= cell.width and tall <= cell.height, (line["player"], cell.text, (wide, tall), tuple(cell.size))
    # A known limit: names of nine and eleven letters end in "..." in the scoring table at 800x480.
    app.screenshot(f"bonbon-scoring-sets-{size[0]}x{size[1]}", readable=size != (800, 480))


def row_of(app: AppDriver, name: str):
    return next(row for row in board(app).players.shown if row.player == name)


def touch_row_card(app: AppDriver, name: str, position: int) -> None:
    """A finger on a card in the player's row on the left (not the entry panel's button)."""
    touch(app, row_of(app, name).cards.chips[position - 1])


def touch_strip_tile(app: AppDriver, tile_id: str) -> None:
    touch(app, next(box for box in board(app).tiles.boxes if box.tile == tile_id))


def toast(app: AppDriver) -> str:
    return app.app.toast.text if app.app.toast.opacity > 0 else ""


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_touching_a_card_in_a_row_or_a_tile_on_the_strip_makes_the_same_choice(make_app, size):
    """The trial: during Swap, Turn down or Reveal, a finger on the card in the player's row did nothing,
    nor did one on a tile in the top strip while the first passer chose a tile."""
    app = start(make_app, size=size)
    begin(app, tiles=("three", "zeros", "ones"))
    press(app, "Face down")  # Anna
    value(app, 4)  # John
    # Cris's reveal card: Anna's back, touched in Anna's row, asks for its value and is framed.
    press(app, "Reveal")
    value(app, 1)
    touch_row_card(app, "John", 1)  # a face-up card: not a target, and the table is told why
    assert view(app)["step"] == "effect" and "face-down card of another player" in toast(app)
    app.screenshot(f"bonbon-touch-not-a-target-{size[0]}x{size[1]}")
    touch_row_card(app, "Anna", 1)
    assert asked_position(app) == 1 and marked(app) == [("Anna", 1)]
    value(app, 2)
    assert player(app, "Anna")["cards"] == [{"face": "up", "kind": None, "value": 2}]
    # Anna's turn-down card: John's 4, touched in his row.
    press(app, "Turn down")
    value(app, 3)
    touch_row_card(app, "John", 1)
    assert player(app, "John")["cards"] == [{"face": "down"}]
    # John's swap card: Anna's 3 (her card 2), then Cris's reveal card, both touched in the rows.
    press(app, "Swap")
    value(app, 1)
    assert marked(app) == [("John", 2)]  # his swap card, until he lets it go
    touch_row_card(app, "John", 2)
    assert marked(app) == []
    touch_row_card(app, "Anna", 2)
    assert marked(app) == [("Anna", 2)]
    touch_row_card(app, "Cris", 1)
    assert [c.get("value") for c in player(app, "Anna")["cards"]] == [2, 1]
    assert [c.get("value") for c in player(app, "Cris")["cards"]] == [3]
    # Cris passes first and takes a tile by touching it on the strip.
    press(app, FIRST_PASS)
    touch_strip_tile(app, "zeros")
    assert player(app, "Cris")["tile"] == "zeros" and view(app)["step"] == "turn"
    # Anna's pass card: a tile on the strip passes her with it; a taken tile is refused with a word.
    press(app, "Pass + tile")
    value(app, 1)
    touch_strip_tile(app, "zeros")
    assert view(app)["step"] == "effect" and "already taken" in toast(app)
    touch_strip_tile(app, "ones")
    assert player(app, "Anna")["status"] != "passed", "the strip's tile is the pass's first touch too"
    press(app, CONFIRM)
    assert player(app, "Anna")["status"] == "passed" and player(app, "Anna")["tile"] == "ones"


def test_touching_a_row_at_the_reveal_chooses_that_player(make_app):
    app = start(make_app)
    begin(app)
    act = app.table.session.dispatch
    for _ in range(2):
        for _ in range(3):
            act({"type": "draw", "face": "down"})
    act({"type": "pass"})
    act({"type": "take_tile", "tile": "three"})
    act({"type": "pass"})
    act({"type": "pass"})
    app.frames(3)
    assert "Anna turns over 2 face-down cards, left to right. Card 1 (from the left) shows:" in app.texts()
    touch_row_card(app, "Cris", 2)
    assert "Cris turns over 2 face-down cards, left to right. Card 1 (from the left) shows:" in app.texts()
    assert marked(app) == [("Cris", 1)]  # still left to right: the first card is asked first
    value(app, 5)
    value(app, 6)
    assert player(app, "Cris")["cards"] == [{"face": "down", "value": 5}, {"face": "down", "value": 6}]


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_a_reveal_card_with_nothing_to_reveal_tells_the_table(make_app, size):
    """The trial: a reveal card played when nobody had a face-down card was skipped without a word."""
    app = start(make_app, size=size)
    begin(app)
    value(app, 3)  # Anna
    press(app, "Reveal")  # John: nobody has a face-down card
    value(app, 2)
    assert view(app)["turn"] == "Cris" and view(app)["step"] == "turn"
    said = "John's reveal card does nothing: no other player still in has a face-down card"
    line = app.find(said)
    app.screenshot(f"bonbon-reveal-card-no-target-{size[0]}x{size[1]}")
    # Under the rows, not over the buttons Cris is about to use (a message there covered them).
    entry = board(app).entry
    assert not overlaps(line, entry) and line.x >= 0 and line.y >= 0
    assert not toast(app)
    touch(app, row_of(app, "Anna"))  # the next touch does not hide it before the table has read it
    assert said in app.texts()
    value(app, 1)  # Cris plays: the line has done its work
    assert said not in app.texts()


def test_a_value_takes_the_article_a_player_would_say():
    from companion.ui.boards.bonbon.words import a_value

    assert [a_value(v) for v in (2, 8, 11, 18, 20)] == ["a 2", "an 8", "an 11", "an 18", "a 20"]


def undo_bar(app: AppDriver) -> None:
    """The Undo button in the play screen's bar (not a Back inside a panel)."""
    touch(app, app.app.screen("play").undo_button)


def test_undo_during_a_half_entered_move_lets_go_of_it_and_takes_back_nothing(make_app):
    """The trial: with a zero's values half entered, Undo took back Cris's card before it instead."""
    app = start(make_app)
    begin(app)
    face_down_round(app)  # Anna has two backs, John and Cris one each
    value(app, 4)  # John
    press(app, "Face down")  # Cris: two backs
    before = app.table.session.view()
    value(app, 0)  # Anna's zero turns over her two backs ...
    value(app, 6)  # ... the first is entered
    undo_bar(app)
    assert app.table.session.view() == before, "nothing recorded was taken back"
    assert "Cleared the zero being entered: nothing was recorded" in toast(app)
    assert "(from the left) shows" not in screen_text(app), "the draw panel again, not the zero's question"
    assert marked(app) == []
    undo_bar(app)  # now the last move itself: Cris's face-down card
    assert app.table.session.revision == before["revision"] + 1
    assert len(player(app, "Cris")["cards"]) == 1



def test_the_tables_undo_button_lets_go_of_a_half_entered_move_too(make_app):
    app = start(make_app)
    begin(app)
    face_down_round(app)  # Anna has two backs
    press(app, "Reveal")
    value(app, 1)  # John's reveal card ...
    card(app, "Anna", 2)  # ... turns over Anna's card 2: its value is asked
    before = app.table.session.view()
    outcome = app.app.control("undo", "gpio")
    assert outcome.kind == "entry_cancelled" and app.table.session.view() == before
    assert "Cleared the value being entered" in toast(app)
    assert "(from the left) turns face-up" not in screen_text(app)
    assert marked(app) == []
    outcome = app.app.control("undo", "gpio")  # nothing half entered now: John's reveal card goes
    assert outcome.applied and app.table.session.revision == before["revision"] + 1
    assert len(player(app, "John")["cards"]) == 1


def test_undo_at_the_reveal_clears_the_values_being_entered_first(make_app):
    app = start(make_app)
    begin(app)
    act = app.table.session.dispatch
    for _ in range(3):
        act({"type": "draw", "face": "down"})
    act({"type": "draw", "face": "down"})  # Anna: two backs
    act({"type": "pass"})  # John passes first ...
    act({"type": "take_tile", "tile": "three"})
    act({"type": "pass"})  # ... then Cris and Anna: the round's play is over, the reveal
    act({"type": "pass"})
    app.frames(3)
    assert view(app)["phase"] == "reveal"
    value(app, 5)  # Anna's first card; her second is still to come
    before = app.table.session.view()
    undo_bar(app)
    assert app.table.session.view() == before
    assert "Cleared the values Anna was entering" in toast(app)
    assert "Entered: 5" not in screen_text(app)


def test_undo_with_a_swaps_first_card_chosen_lets_go_of_that_card(make_app):
    app = start(make_app)
    begin(app)
    press(app, "Face down")  # Anna
    value(app, 3)  # John
    press(app, "Face down")  # Cris
    press(app, "Swap")
    value(app, 2)  # Anna's swap card, the swap's first card until she chooses another
    card(app, "Anna", 2)  # lets it go
    card(app, "John", 1)  # the swap's first card
    assert marked(app) == [("John", 1)]
    before = app.table.session.view()
    undo_bar(app)
    assert app.table.session.view() == before
    assert "Cleared the swap's first card" in toast(app)
    assert marked(app) == [("Anna", 2)] and not any("Swap John's card 1" in t for t in app.texts())
    # Nothing chosen but the swap card itself: the next Undo takes back the swap card.
    undo_bar(app)
    assert [c["face"] for c in player(app, "Anna")["cards"]] == ["down"]


def test_undo_after_choosing_a_card_kind_lets_go_of_the_kind(make_app):
    """Choosing Swap is the first of that card's two touches: Undo took back the card before it."""
    app = start(make_app)
    begin(app)
    value(app, 3)  # Anna
    value(app, 4)  # John
    press(app, "Swap")  # Cris has chosen the kind, not yet the value
    before = app.table.session.view()
    undo_bar(app)
    assert app.table.session.view() == before
    assert "Cleared the card kind chosen (Swap)" in toast(app)
    assert board(app).entry.panel.kind == "face_up"
    assert "Face-up: tap its value. 0 is the zero." in app.texts()


def test_board_mode_takes_undo_and_redo_from_the_table_buttons(make_app):
    """Found on the virtual table's GPIO chip: Undo from a button on the board raised (board mode
    has no entry panel to let go of) and took nothing back."""
    app = start(make_app, options={"board_only": True})
    for _ in range(3):
        app.app.control("dial_up", "gpio")
    app.app.control("confirm", "gpio")  # next round: back to 0
    app.frames(2)
    assert view(app)["collective"]["total"] == 0 and view(app)["round"] == 2
    app.app.control("undo", "gpio")
    app.frames(2)
    assert view(app)["collective"]["total"] == 3 and view(app)["round"] == 1
    app.app.control("redo", "gpio")
    app.frames(2)
    assert view(app)["collective"]["total"] == 0 and view(app)["round"] == 2
