"""What the common entries of every game cost in touches at 800x480, played by touch from the state
where each is due, as a table of players' trial counted them. An entry that comes to cost more
fails here. (Correcting the last move: tests/ui/test_correction_screen.py, four touches.)

Every count asserted here is the trial's goal for its entry. Should a goal be set lower than an
entry costs, GOALS records (touches now, the goal) and the test asserts the count now, so that it
cannot grow unnoticed; lowering one is a change to GOALS and to the board together."""

from __future__ import annotations

from collections.abc import Callable

from tests.support.touch_table import button_saying, plain, touch
from tests.ui.conftest import make_app, window  # noqa: F401,I001 (fixtures: the one headless window)
from tests.ui.driver import AppDriver

# entry: (touches now, the trial's goal); every goal of the trial is met today
GOALS: dict[str, tuple[int, int]] = {}


def one_move(app: AppDriver, *steps: Callable[[], None], moves: int = 1) -> int:
    """Play the steps (one touch each); they must record the entry's move (`moves`: an effect card
    is the card drawn, then its effect). How many touches."""
    before = app.table.session.revision
    for step in steps[:-1]:
        step()
    # Every touch counted was needed: the entry is not yet recorded before the last one.
    assert app.table.session.revision < before + moves, "the entry was recorded before its last touch"
    steps[-1]()
    assert app.table.session.revision == before + moves, "the entry recorded, by its last touch"
    return len(steps)


def words(app: AppDriver, wanted, root=None) -> Callable[[], None]:
    """A touch on the live button with these words (markup aside)."""
    return lambda: (app.frames(1), touch(app, button_saying(app, root or app.app.root, wanted)))


def test_a_new_game_from_home_with_names_played_before_is_five_touches(make_app):  # noqa: F811
    app = make_app().start()
    assert app.app.start_game("bonbon", ["Anna", "John", "Cris"], {})  # an earlier game: the names are known
    app.app.leave_game()
    assert app.screen == "home"
    steps = [words(app, lambda w: w.split("\n")[0] == "Bonbon")]
    steps += [words(app, name, root=app.app.screen("players").known) for name in ("Anna", "John", "Cris")]
    steps += [words(app, "Start game")]
    for step in steps[:-1]:
        step()
    assert app.table.session is None or app.table.session.game.id != "bonbon", "started before Start game"
    steps[-1]()
    assert app.screen == "play" and app.table.session.game.id == "bonbon"
    assert list(app.table.session.names) == ["Anna", "John", "Cris"]
    assert app.table.session.options == {o.name: o.default for o in app.table.session.game.options}
    assert len(steps) == 5


def test_bons_round_set_up_is_three_touches(make_app):  # noqa: F811
    app = make_app().start()
    assert app.app.start_game("bon", ["Ann", "Ben", "Cy"], {})
    board = app.app.screen("play").board
    assert one_move(app, words(app, "Red", board), words(app, "Yellow", board), words(app, "Ann", board)) == 3
    assert app.table.session.view()["view"]["ranks"] == ["red", "yellow", "blue"]


def test_boncs_card_and_block_are_one_touch_each(make_app):  # noqa: F811
    app = make_app().start()
    assert app.app.start_game("bonc", ["Ann", "Ben", "Cat", "Dan"], {})
    board = app.app.screen("play").board
    assert one_move(app, words(app, "BLITZ", board.pad)) == 1
    ben = next(t for t in board.tiles if t.player == "Ben")
    assert one_move(app, words(app, "BLOCK −1", ben)) == 1


def test_a_bondcones_capture_is_two_touches_its_roll_included(make_app):  # noqa: F811
    app = make_app().start()
    assert app.app.start_game("bondcones", ["Mia", "Leo"], {})
    entry = app.app.screen("play").board.entry
    for face in ("4", "1"):  # the opening: Mia starts
        words(app, face, entry)()
    assert one_move(app, words(app, "4", entry)) == 1
    assert one_move(app, words(app, "2", entry)) == 1
    assert app.table.session.view()["scores"]["Mia"] == 2


def test_bonbons_cards_and_first_pass(make_app):  # noqa: F811
    from tests.ui.test_bonbon_board import FIRST_PASS, begin, player, start

    app = start(make_app)
    begin(app)
    entry = app.app.screen("play").board.entry
    assert one_move(app, words(app, "4", entry)) == 1  # Anna: a regular card, face up
    assert one_move(app, words(app, "Face down", entry)) == 1  # John
    # Cris: a must-face-up card is played face-up, so its value alone enters it (docs/rules/bonbon.md).
    assert one_move(app, words(app, "1", entry)) == 1
    assert player(app, "Cris")["cards"] == [{"face": "up", "kind": "face_up", "value": 1}]
    # Anna's reveal: John's face-down card is the only one it can take, so the pad asks its value at once.
    assert one_move(app, words(app, "Reveal", entry), words(app, "2", entry), words(app, "3", entry), moves=2) == 3
    assert player(app, "John")["cards"] == [{"face": "up", "kind": None, "value": 3}]
    assert one_move(app, words(app, plain(FIRST_PASS), entry),
                    words(app, lambda w: w.startswith("Pass and take"), entry)) == 2  # John passes first


def test_baons_turns(make_app):  # noqa: F811
    from tests.games.baon.touch import Finger

    app = make_app().start()
    assert app.app.start_game("baon", ["Ann", "Ben", "Cy"], {})
    app.frames(3)
    f = Finger(app)

    def cost(move) -> int:
        before = f.touches
        move()
        f.end_turn()
        return f.touches - before

    # Ann's first baon: the pad starts on a free container (her favourite's, else the first), its
    # values live: Play a baon, three values, Pack + end turn.
    before, revision = f.touches, app.table.session.revision
    f.baon("Adobo", ["a1", "a2", "a3"], end_turn=True)
    assert f.touches - before == 5 and app.table.session.revision == revision + 2
    assert f.view()["turn"] == "Ben"
    pile = f.view()["pile"]
    assert cost(lambda: f.press("2 from the pile")) == 2  # the trial's goal was 3 (Take food, Pile, Pile, End)
    assert f.view()["pile"] == pile - 2
    assert cost(lambda: f.baon("Pancit", ["c5", "c6", "c7"])) == 7  # another container: its key; End apart
    # Sharing: Cy's baon touched in Cy's line, the card, then Add and End turn in one touch.
    before, revision = f.touches, app.table.session.revision
    f.share("Cy", "c", ["c8"])
    assert f.touches - before == 3 and app.table.session.revision == revision + 2
    assert [c["card"] for c in f.view()["players"][2]["baons"][0]["cards"]] == ["c5", "c6", "c7", "c8"]
    assert f.view()["turn"] == "Ben"  # Ann shared; the turn passed on
    # From the spaces: Take food, the two sources, End turn (tests/games/baon/test_touches.py).


def _bon_scored(make_app, **options) -> AppDriver:
    """A B.O.N table at the end of round 1: the round scored, the next one to deal."""
    from tests.games.bon.support import ROUND_ANN3_BEN0_CY4

    app = make_app().start()
    assert app.app.start_game("bon", ["Ann", "Ben", "Cy"], options)
    session = app.table.session
    session.dispatch({"type": "start", "ranks": ["red", "yellow", "blue"], "first": "Ann"})
    for card in ("pass", "pass", *ROUND_ANN3_BEN0_CY4):
        session.dispatch({"type": "leftover" if session.view()["view"]["phase"] == "deal" else "play", "card": card})
    app.frames(3)
    assert session.view()["view"]["phase"] == "scored"
    return app


def test_bons_next_round_with_a_new_stack_is_its_two_tokens(make_app):  # noqa: F811
    """The trial: a next round with a new stack cost three touches (Deal round 2, two tokens); its
    goal was two. The tokens stand under the round's scoring: the second deals the round."""
    app = _bon_scored(make_app, new_ranks=True)
    board = app.app.screen("play").board
    app.screenshot("bon-scored-new-stack-800x480")
    assert one_move(app, words(app, "Blue", board), words(app, "Red", board)) == 2
    view = app.table.session.view()["view"]
    assert view["round"] == 2 and view["ranks"] == ["blue", "red", "yellow"] and view["phase"] == "deal"


def test_bons_next_round_with_a_leader_chosen_is_one_touch_and_with_both_three(make_app):  # noqa: F811
    app = _bon_scored(make_app, next_leader="choose")
    board = app.app.screen("play").board
    app.screenshot("bon-scored-leader-800x480")
    assert one_move(app, words(app, "Cy", board)) == 1
    assert app.table.session.view()["view"]["leader"] == "Cy"
    app.close()
    app.started = False
    app = _bon_scored(make_app, next_leader="choose", new_ranks=True)
    board = app.app.screen("play").board
    assert one_move(app, words(app, "Yellow", board), words(app, "Blue", board), words(app, "Ben", board)) == 3
    view = app.table.session.view()["view"]
    assert view["leader"] == "Ben" and view["ranks"] == ["yellow", "blue", "red"]


def _baon(make_app, *actions: dict) -> tuple[AppDriver, object]:
    """A Baon table for Ann, Ben and Cy after these moves (entered as the table would), the board's
    entry to touch."""
    app = make_app().start()
    assert app.app.start_game("baon", ["Ann", "Ben", "Cy"], {})
    for action in actions:
        assert app.table.session.dispatch(action), action
    app.frames(3)
    return app, app.app.screen("play").board.entry


def _turn(app: AppDriver) -> str:
    return app.table.session.view()["view"]["turn"]


def test_baons_take_from_the_pile_and_a_space_ends_the_turn_when_nothing_else_can_follow(make_app):  # noqa: F811
    """The trial: a pile and a space cost four touches, End turn included; its goal was three. With
    her favourite picked and no token to claim, nothing is left after Ann's take but the end of her
    turn: the take ends it (two moves: one Undo gives the turn back, the take made)."""
    app, entry = _baon(make_app, {"type": "favourite", "suit": "a"})
    steps = [words(app, "Take food", entry), words(app, "Pile (60)", entry), words(app, "Space 2 (1)", entry)]
    assert one_move(app, *steps, moves=2) == 3
    assert _turn(app) == "Ben" and app.table.session.view()["view"]["players"][0]["hand"] == 6
    app.app.screen("play").undo()
    app.frames(3)
    view = app.table.session.view()["view"]
    assert view["turn"] == "Ann" and view["players"][0]["hand"] == 6, "one Undo: Ann's turn back, her take made"
    assert one_move(app, words(app, "End turn", entry)) == 1, "and it stays open until she ends it"


def test_baons_take_and_discards_end_the_turn_with_the_last_discard(make_app):  # noqa: F811
    """The trial: a take over the hand limit and its discards cost six touches; its goal was five."""
    app, entry = _baon(make_app, {"type": "favourite", "suit": "a"}, {"type": "take", "sources": ["pile", "pile"]},
                       {"type": "end_turn"}, {"type": "end_turn"}, {"type": "end_turn"})
    assert _turn(app) == "Ann" and app.table.session.view()["view"]["players"][0]["hand"] == 6
    steps = [words(app, "Take food", entry), words(app, "Pile (58)", entry), words(app, "Space 2 (1)", entry),
             words(app, "Onto space 1", entry), words(app, "Onto space 3", entry)]
    assert one_move(app, *steps, moves=4) == 5
    view = app.table.session.view()["view"]
    assert view["turn"] == "Ben" and view["players"][0]["hand"] == 6 and view["spaces"][:3] == [2, 1, 2]


def test_baons_favourite_is_one_touch(make_app):  # noqa: F811
    app, entry = _baon(make_app)
    app.screenshot("baon-favourite-row-800x480")
    assert one_move(app, words(app, "Lum", entry)) == 1
    view = app.table.session.view()["view"]
    assert view["players"][0]["favourite"] == "b" and view["turn"] == "Ann", "a take or a play may follow"


def test_baons_claim_is_one_touch_and_the_end_of_the_turn_after_it_one(make_app):  # noqa: F811
    """Ann holds Biggest Baon; at her next turn Most Baons is hers to claim: one touch, then End turn
    (no more a two-touch End turn: she did something, the claim)."""
    app, entry = _baon(make_app, {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3"]},
                       {"type": "claim", "token": "biggest"}, {"type": "end_turn"},
                       {"type": "end_turn"}, {"type": "end_turn"})
    assert _turn(app) == "Ann"
    app.screenshot("baon-claim-named-800x480")
    assert one_move(app, words(app, "Claim Most Baons", entry)) == 1
    view = app.table.session.view()["view"]
    assert view["majorities"][1]["holder"] == "Ann" and view["turn"] == "Ann"
    assert one_move(app, words(app, "End turn", entry)) == 1
    assert _turn(app) == "Ben"


def test_baons_claim_ends_the_turn_when_nothing_else_can_follow(make_app):  # noqa: F811
    """Ann, her favourite picked, packs her four cards: her hand is empty; the claim that follows
    ends the turn (two moves, one touch)."""
    app, entry = _baon(make_app, {"type": "favourite", "suit": "a"},
                       {"type": "baon", "container": "a", "cards": ["a1", "a2", "a3", "a4"]})
    # Two tokens are hers to claim (Biggest Baon and Most Baons): the one touched above the board.
    board = app.app.screen("play").board
    app.screenshot("baon-claim-on-the-token-800x480")
    assert "tap to claim" in board.tokens[0].lines[2].text and "tap to claim" in board.tokens[1].lines[2].text
    assert one_move(app, lambda: (app.frames(1), touch(app, board.tokens[1])), moves=2) == 1
    view = app.table.session.view()["view"]
    assert view["turn"] == "Ben" and view["majorities"][1]["holder"] == "Ann"
    assert view["majorities"][0]["holder"] is None
    # A token nobody may claim now, touched: said why, nothing recorded.
    revision = app.table.session.revision
    app.frames(1)
    touch(app, board.tokens[2])
    assert app.table.session.revision == revision and app.app.toast.text


def test_bonbons_round_set_up_is_four_touches_the_starter_starting_it(make_app):  # noqa: F811
    from companion.ui.boards.bonbon import parts
    from tests.ui.test_bonbon_board import start

    app = start(make_app)
    board = app.app.screen("play").board
    steps = [words(app, plain(parts.tile_label(t)), board.entry) for t in ("three", "zeros", "ones")]
    steps += [words(app, "John", board.entry)]  # who starts: the touch that starts round 1
    assert one_move(app, *steps) == 4
    game = app.table.session.view()["view"]
    assert game["tiles"]["shown"] == ["three", "zeros", "ones"] and game["turn"] == "John"


def test_bonbons_must_face_up_card_is_one_touch_wherever_it_is_drawn(make_app):  # noqa: F811
    from tests.ui.test_bonbon_board import begin, player, start

    app = start(make_app)
    begin(app)
    entry = app.app.screen("play").board.entry
    # A turn's card, a card after the draw-again card, a card on the zero's extra turn: its value alone.
    assert one_move(app, words(app, "2", entry)) == 1  # Anna
    assert player(app, "Anna")["cards"] == [{"face": "up", "kind": "face_up", "value": 2}]
    assert one_move(app, words(app, "Draw again", entry), words(app, "1", entry)) == 2  # John
    assert one_move(app, words(app, "3", entry)) == 1  # John's card drawn after it
    assert player(app, "John")["cards"][-1] == {"face": "up", "kind": "face_up", "value": 3}
    assert one_move(app, words(app, "0", entry)) == 1  # Cris: a zero, then her extra turn
    assert one_move(app, words(app, "1", entry)) == 1
    assert player(app, "Cris")["cards"][-1] == {"face": "up", "kind": "face_up", "value": 1}


def test_a_bonbon_swap_card_and_its_swap_are_three_touches(make_app):  # noqa: F811
    from tests.ui.test_bonbon_board import begin, player, start

    app = start(make_app)
    begin(app)
    entry = app.app.screen("play").board.entry
    words(app, "Face down", entry)()  # Anna
    words(app, "4", entry)()  # John
    # Cris's swap card, then the card it goes for: the swap card itself is the first card.
    back = lambda: (app.frames(1), touch(app, next(  # noqa: E731
        b for b in entry.walk() if getattr(b, "ref", None) == {"player": "Anna", "card": 1})))
    assert one_move(app, words(app, "Swap", entry), words(app, "2", entry), back, moves=2) == 3
    assert player(app, "Anna")["cards"] == [{"face": "up", "kind": "swap", "value": 2}]
    assert player(app, "Cris")["cards"] == [{"face": "down"}]


def test_correcting_an_early_move_is_four_touches(make_app):  # noqa: F811
    """Move 3 of sixteen, the story opening at the latest: Story, the jump to the first moves, the
    move, its new value, Commit would be five; the jump opens the move itself."""
    from companion import games
    from tests.support.tally import Tally

    games.register(Tally())
    app = make_app().start()
    app.app.start_game("tally", ["Ann", "Ben"], {"target": 99})
    for _ in range(8):
        for points in (1, 2):
            assert app.app.act({"type": "add", "points": points}) is not None
    session = app.table.session
    steps = [words(app, "Story"), words(app, "Move 1"), words(app, "+3"), words(app, "Commit the correction")]
    for step in steps[:-1]:
        step()
        assert app.settle_until(lambda: app.app.screen("past_game").story_complete, timeout=5)
        app.frames(3)
    assert session.revision == 16, "nothing changed before Commit"
    steps[-1]()
    assert app.screen == "play" and session.view()["scores"]["Ann"] == 8 * 1 + 2
    assert len(steps) == 4


def test_a_new_game_over_an_unfinished_one_is_one_touch_more(make_app):  # noqa: F811
    app = make_app().start()
    assert app.app.start_game("bonbon", ["Anna", "John", "Cris"], {})
    app.frames(3)
    old = app.table.record.id
    steps = [words(app, "Menu"), words(app, lambda w: w.split("\n")[0] == "Bonbon")]
    steps += [words(app, name, root=app.app.screen("players").known) for name in ("Anna", "John", "Cris")]
    steps += [words(app, lambda w: w.startswith("Start game"))]
    for step in steps[:-1]:
        step()
        assert app.table.record.id == old and app.table.session.result() is None, "the unfinished game is kept"
    steps[-1]()
    assert app.screen == "play" and app.table.record.id != old
    assert len(steps) == 5 + 1
