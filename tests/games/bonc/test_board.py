"""The BONC! board on the touchscreen, driven by touches: cards in one touch, BLOCK out of turn in
one (on the attacked player's own tile, the one way to BLOCK), the second touch BORROWED TIME needs, the re-deal, a whole game with undo."""

from __future__ import annotations

import pytest
from kivy.uix.button import Button

from tests.support.finger import tap as finger_tap
from tests.ui.conftest import make_app, window  # noqa: F401 (fixtures: the real app, headless)
from tests.ui.driver import AppDriver

SIZES = pytest.mark.parametrize("size", [(800, 480), (1024, 600)], ids=["800x480", "1024x600"])


def start(make_app, players=("Ann", "Ben", "Cat", "Dan"), options=None, size=(800, 480)) -> AppDriver:  # noqa: F811
    app = make_app(size=size).start()
    assert app.app.start_game("bonc", list(players), options or {})
    app.frames(3)
    return app


def board(app: AppDriver):
    return app.app.screen("play").board


def plain(text: str) -> str:
    return text.replace("[b]", "").replace("[/b]", "").replace("\n", " ")


def under(root) -> list:
    """The buttons on screen inside `root` (and only there)."""
    return [w for w in root.walk(restrict=True)
            if isinstance(w, Button) and w.get_root_window() is not None and w.opacity > 0]


def buttons(app: AppDriver, root) -> list[str]:
    """The words on the buttons a player can touch under `root` (greyed ones left out)."""
    app.frames(1)
    return [plain(w.text) for w in under(root) if not w.disabled]


def touch(app: AppDriver, text: str, root=None) -> None:
    """Touch the button showing this text (in the card pad unless `root` says where)."""

    app.frames(2)
    widget = next(w for w in under(root or board(app).pad) if plain(w.text) == text)
    x, y = widget.to_window(*widget.center)
    finger_tap(app, x, y)  # waits, as a player does, to see what is there
    app.frames(2)


def block_under(app: AppDriver, player: str, text: str) -> None:
    """The BLOCK button on a player's tile: the one touch a BLOCK takes."""
    touch(app, text, root=tile_of(app, player))


def tile_of(app: AppDriver, player: str):
    return next(t for t in board(app).tiles if t.player == player)


def ask(app: AppDriver, text: str) -> None:
    """Touch a button of the question above the pad."""
    touch(app, text, root=board(app).status)


def game(app: AppDriver) -> dict:
    return app.table.session.view()["view"]


def lives(app: AppDriver) -> dict:
    return dict(app.table.session.view()["scores"])


def shot(app: AppDriver, name: str, size=(800, 480)) -> None:
    app.screenshot(name if size == (800, 480) else f"{name}-{size[0]}x{size[1]}")


def places(app: AppDriver) -> dict:
    """Where every card's button is on the screen."""
    app.frames(2)
    return {card: tuple(b.to_window(*b.center)) for card, b in board(app).pad.buttons.items()}


@SIZES
def test_the_rulebook_chain_by_touch_and_a_block_out_of_turn_in_one_touch(make_app, size):  # noqa: F811
    app = start(make_app, ("Player 1", "Player 2", "Player 3", "Player 4"), size=size)
    for _ in range(3):
        touch(app, "7")
    assert lives(app) == {"Player 1": 4, "Player 2": 3, "Player 3": 5, "Player 4": 5}
    tile = tile_of(app, "Player 2")
    assert tile.number.text == "3" and tile.number.font_size >= 70, "lives read from a metre away"
    assert tile.to_go.text == "−2"
    assert "Another 7 from Player 4: TRIPLE BONC! on Player 3 (−3)" in board(app).status.lines.text
    shot(app, "bonc-chain", size)
    before = places(app)
    block_under(app, "Player 2", "BLOCK −2")
    assert lives(app)["Player 2"] == 5 and game(app)["turn"] == "Player 4", "one touch, on their own tile"
    assert places(app) == before and "7" in buttons(app, board(app).pad)
    assert buttons(app, tile_of(app, "Player 2")) == [], "blocked: nothing left to touch on the tile"
    shot(app, "bonc-block", size)


def test_one_way_to_block_the_pad_greys_its_block_card_while_the_player_on_turn_may_block(make_app):  # noqa: F811
    """Ann's BLITZ hits Ben, whose turn it is: his BLOCK is on his tile, not on the pad. Once nobody
    on turn may block, the pad's BLOCK is a plain card again."""
    app = start(make_app)
    assert "BLOCK" in buttons(app, board(app).pad), "a plain card while nobody may block"
    touch(app, "BLITZ")
    assert game(app)["turn"] == "Ben" and buttons(app, tile_of(app, "Ben")) == ["BLOCK −1"]
    assert "BLOCK" not in buttons(app, board(app).pad), "Ben blocks on his tile, the one way to BLOCK"
    block_under(app, "Ben", "BLOCK −1")
    assert lives(app)["Ben"] == 5 and game(app)["turn"] == "Ben"
    # Cat and Dan, hit by the BLITZ too, may still block on their tiles: the pad's BLOCK is Ben's
    # plain card now, and says so.
    assert {p["name"] for p in game(app)["players"] if p["can_block"]} == {"Cat", "Dan"}
    assert "BLOCK as a card" in buttons(app, board(app).pad), "now a BLOCK on the pad is a plain card"


def test_while_another_player_may_block_the_pads_block_is_a_plain_card_of_the_player_on_turn(make_app):  # noqa: F811
    """Player 2 may BLOCK the chain on his tile while Player 4 is on turn: the pad's BLOCK card is
    not a second red BLOCK button (two read as two ways to block) but Player 4's plain card, in
    Player 4's colour; played, it is his turn's card and blocks nothing."""
    from companion.ui import theme
    from companion.ui.styling import readable

    app = start(make_app, ("Player 1", "Player 2", "Player 3", "Player 4"))
    pad_block = board(app).pad.buttons["block"]
    assert plain(pad_block.text) == "BLOCK" and list(pad_block.background_color) == list(theme.DANGER)
    for _ in range(3):
        touch(app, "7")
    assert game(app)["turn"] == "Player 4" and buttons(app, tile_of(app, "Player 2")) == ["BLOCK −2"]
    app.frames(2)
    red = [plain(w.text) for w in under(app.app.root) if list(w.background_color) == list(theme.DANGER)]
    assert red == ["BLOCK −2"], f"one red BLOCK, on the tile of the player who may block: {red}"
    assert plain(pad_block.text) == "BLOCK as a card" and not pad_block.disabled
    seat = app.table.session.view()["players"][3]
    assert list(pad_block.color) == list(readable(seat["colour"])), "in the colour of the player on turn"
    cards = next(p["cards"] for p in game(app)["players"] if p["name"] == "Player 4")
    touch(app, "BLOCK as a card")
    assert lives(app)["Player 2"] == 3, "a plain card: Player 2 is not blocked by it"
    assert game(app)["turn"] == "Player 1"
    assert next(p["cards"] for p in game(app)["players"] if p["name"] == "Player 4") == cards - 1
    assert plain(pad_block.text) == "BLOCK", "nobody may block now: the card in its own colour again"
    assert list(pad_block.background_color) == list(theme.DANGER)


def test_a_block_is_taken_back_by_one_undo(make_app):  # noqa: F811
    app = start(make_app)
    touch(app, "7")
    touch(app, "7")
    block_under(app, "Ann", "BLOCK −1")
    assert lives(app)["Ann"] == 5
    app.tap("Undo")
    assert lives(app)["Ann"] == 4 and board(app).entry is None
    assert "BLOCK −1" in buttons(app, tile_of(app, "Ann")) and "7" in buttons(app, board(app).pad)


def test_borrowed_time_names_the_players_on_their_tiles_and_the_pad_stays(make_app):  # noqa: F811
    app = start(make_app)
    touch(app, "BULLET- PROOF")
    touch(app, "1")
    before = places(app)
    touch(app, "BORROWED TIME")
    offered = {t.player: buttons(app, t) for t in board(app).tiles}
    assert offered == {"Ann": [], "Ben": ["Take"], "Cat": [], "Dan": ["Take"]}, "Ann is Bulletproof, Cat plays it"
    assert buttons(app, board(app).status) == ["Cancel"]
    assert places(app) == before and buttons(app, board(app).pad) == [], "a second touch on the pad does nothing"
    touch(app, "BORROWED TIME")
    assert lives(app) == {"Ann": 5, "Ben": 5, "Cat": 5, "Dan": 5} and board(app).entry is not None
    shot(app, "bonc-borrowed-time")
    touch(app, "Take", root=tile_of(app, "Dan"))
    assert lives(app) == {"Ann": 5, "Ben": 5, "Cat": 5, "Dan": 4}
    assert places(app) == before


def test_a_card_waiting_for_its_player_can_be_cancelled(make_app):  # noqa: F811
    app = start(make_app)
    touch(app, "BORROWED TIME")
    ask(app, "Cancel")
    assert board(app).entry is None and "BORROWED TIME" in buttons(app, board(app).pad)
    assert game(app)["turn"] == "Ann"


def test_seven_players_fit_with_their_shields(make_app):  # noqa: F811
    app = start(make_app, ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"))
    touch(app, "BULLET- PROOF")
    touch(app, "BLITZ")
    tiles = board(app).tiles
    assert tiles[0].info.text == "7 cards\nShield 1"
    for tile in tiles:
        assert tile.number.font_size >= 70
        assert tile.slot.y >= tile.y, "the BLOCK slot fits inside its tile"
        assert tile.y >= 0 and tile.top <= app.window.height
    shot(app, "bonc-7-players-blitz")


def test_every_card_button_is_finger_sized(make_app):  # noqa: F811
    app = start(make_app)
    cards = under(board(app).pad)
    assert len(cards) == 16 and all(min(b.size) >= 56 for b in cards), [(b.text, b.size) for b in cards]


def test_a_whole_game_by_touch_to_one_winner_with_undo_and_redo(make_app):  # noqa: F811
    app = start(make_app, ("Ann", "Ben", "Cat"), {"lives": 3})
    for card in ("8", "8", "8", "8"):
        touch(app, card)
    assert lives(app) == {"Ann": 2, "Ben": 1, "Cat": 0}
    app.table.session.dispatch({"type": "undo"})
    app.frames(3)
    assert lives(app)["Cat"] == 3
    app.table.session.dispatch({"type": "redo"})
    app.frames(3)
    touch(app, "BLITZ")
    touch(app, "SNEAK")
    assert game(app)["phase"] == "last_stand"
    assert buttons(app, board(app).pad) == [], "no card to play: a second touch on SNEAK ends nothing"
    shot(app, "bonc-last-stand")
    ask(app, "No BLOCK: Ann wins")
    assert app.table.session.result().winners == ("Ann",)
    shot(app, "bonc-game-over")


def test_the_re_deal_by_touch(make_app):  # noqa: F811
    from tests.games.bonc.support import quiet_card

    app = start(make_app, ("Ann", "Ben", "Cat"))
    session = app.table.session
    while game(app)["phase"] == "play":
        session.dispatch({"type": "play", "card": quiet_card(session)})
    app.frames(3)
    shot(app, "bonc-deal")
    ask(app, "Deal again")
    assert game(app)["deal"] == 2 and [p["cards"] for p in game(app)["players"]] == [10, 10, 10]


READABLE = 20  # px: nothing a player must read is smaller
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")


def words_on(root) -> list:
    """Every label with words inside `root` that is on screen."""
    from kivy.uix.label import Label

    return [w for w in root.walk(restrict=True)
            if isinstance(w, Label) and w.text.strip() and w.get_root_window() is not None and w.opacity > 0]


def check_readable(app: AppDriver) -> None:
    app.frames(3)
    small = [(w.text, w.font_size) for w in words_on(board(app)) if w.font_size < READABLE]
    assert not small, f"under {READABLE} px: {small}"
    for tile in board(app).tiles:
        assert tile.number.font_size >= 70, "lives read from a metre away"
        digit = tile.number.font_size * 0.72  # a bold digit's height
        assert tile.number.center_y + digit / 2 <= tile.name.y + 2, f"{tile.player}'s lives run into the name"
        assert tile.number.center_y - digit / 2 >= tile.against.top - 2, f"{tile.player}'s lives run into the bar"
        assert tile.y >= 0 and tile.top <= app.window.height and tile.slot.y >= tile.y
        assert tile.name.texture_size[0] <= tile.name.width + 1, f"{tile.name.text} is cut"
    for label in words_on(board(app).status) + words_on(board(app).pad):
        label.texture_update()
        assert label.texture_size[0] <= label.width + 1, f"{label.text!r} runs out of its place"


@SIZES
@pytest.mark.parametrize("count", [3, 4, 5, 7])
def test_every_word_is_readable_and_every_tile_fits_for_3_4_5_and_7_players(make_app, size, count):  # noqa: F811
    app = start(make_app, NAMES[:count], size=size)
    touch(app, "BULLET- PROOF")  # Ann's shield
    touch(app, "4")
    touch(app, "4")  # a BONC!: a BLOCK button on a tile, the chain's threat above the pad
    check_readable(app)
    shot(app, f"bonc-{count}-players", size)
    touch(app, "BORROWED TIME")  # whom to rob: names on the tiles, the question above the pad
    check_readable(app)
    if count == 7:
        shot(app, "bonc-7-players-choosing", size)
    ask(app, "Cancel")
    touch(app, "BLITZ")
    check_readable(app)
    block_under(app, "Cat", "BLOCK −1")
    check_readable(app)
    if count == 7:
        shot(app, "bonc-7-players-block", size)


def test_a_block_stays_a_block_while_borrowed_time_asks_whom_it_robs(make_app):  # noqa: F811
    """Ann may still BLOCK the 7 that hit her when Cat plays BORROWED TIME: her tile's BLOCK stays
    where it was and means the same; whether Cat robs her is asked above the pad."""
    app = start(make_app)
    touch(app, "7")
    touch(app, "7")
    ann = tile_of(app, "Ann")
    assert buttons(app, ann) == ["BLOCK −1"]
    spot = ann.block.to_window(*ann.block.center)
    touch(app, "BORROWED TIME")
    assert buttons(app, ann) == ["BLOCK −1"] and ann.block.to_window(*ann.block.center) == spot
    assert "Take Ann" in buttons(app, board(app).status)
    assert buttons(app, tile_of(app, "Ben")) == ["Take"], "a player who cannot block is named on their tile"
    shot(app, "bonc-borrowed-time-while-a-block-waits")
    ask(app, "Take Ann")
    assert lives(app)["Ann"] == 3 and lives(app)["Cat"] == 5
