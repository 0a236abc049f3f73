"""BondCones through a Session: turn structure, refusals, undo across battles, controls, options."""

import copy
import itertools
import json

import pytest

from companion import games
from companion.core import RuleError, Session, SetupError
from companion.games.bondcones import BondCones, dice


def new(**options):
    return Session(BondCones(), ["Mia", "Leo"], options)


def play(session, *actions):
    changes = [session.dispatch(a) for a in actions]
    return changes[-1] if changes else None


def roll(face, **kw):
    return {"type": "roll", "face": face, **kw}


def cap(value, with_="ordinary", cone="ordinary"):
    return {"type": "capture", "value": value, "with": with_, "cone": cone}


DONE = {"type": "done"}
BATTLE = {"type": "battle"}
MIA_STARTS = (roll("4"), roll("1"))


def side(session, name):
    return session.view()["view"]["sides"][name]


def test_bondcones_is_a_builtin_two_player_game():
    game = games.get("bondcones")
    assert (game.id, game.title, game.min_players, game.max_players) == ("bondcones", "BondCones", 2, 2)
    with pytest.raises(SetupError, match="not 3"):
        Session(game, ["Mia", "Leo", "Ann"])


RANKING = ["bondo", "peek", "4", "3", "2", "1"]  # RULINGS: "O is highest"


@pytest.mark.parametrize("first, second", list(itertools.product(dice.FACES, repeat=2)))
def test_opening_roll_highest_starts_and_equal_faces_roll_again(first, second):
    s = new()
    play(s, roll(first), roll(second))
    view = s.view()["view"]
    if first == second:
        assert view["phase"] == "opening" and s.expected().turn == "Mia"
        assert view["opening"]["ties"] == [[first, second]]
    else:
        winner = "Mia" if RANKING.index(first) < RANKING.index(second) else "Leo"
        assert view["phase"] == "play" and view["starter"] == winner == s.expected().turn


def test_numbers_and_names_are_the_same_face():
    a, b = new(), new()
    play(a, *MIA_STARTS, roll(3))
    play(b, *MIA_STARTS, roll("3"))
    assert a.state == b.state


def test_strict_alternation_one_roll_per_turn():
    s = new()
    play(s, *MIA_STARTS)
    turns = []
    for face in ["1", "peek", "2", "bondo", "3", "4"]:
        turns.append(s.expected().turn)
        s.dispatch(roll(face))
        if s.view()["view"]["step"] == "move":
            with pytest.raises(RuleError, match="still moving"):
                s.dispatch(roll("1"))
            s.dispatch(DONE)
    assert turns == ["Mia", "Leo"] * 3


@pytest.mark.parametrize(
    "action, message",
    [
        ({"type": "hop"}, "BondCones has no action called hop"),
        ({"type": "done", "steps": 3}, "A done action takes no steps field"),
        (roll("peek", value=4), "A roll action takes no value field"),  # a peek stays private
        (roll("2", by="Zoe"), "Zoe is not playing in this game"),
        (roll("2", by="Leo"), "It is Mia's turn to roll, not Leo's"),
        (cap(4), "Mia has to roll before they can enter a capture"),
        ({"type": "remove", "value": 4}, "only after a BondO Battle lost against a Double BondO"),
        (BATTLE, "Mia has no BondO Battle to declare"),
        (roll(None), "A Dice Cone shows"),
        (roll(True), "A Dice Cone shows"),
    ],
)
def test_refusals_name_the_player_and_change_nothing(action, message):
    s = new()
    play(s, *MIA_STARTS)
    state, revision = s.state, s.revision
    with pytest.raises(RuleError, match=message):
        s.dispatch(action)
    assert s.state == state and s.revision == revision


def test_refused_capture_values_and_kinds_change_nothing():
    s = new()
    play(s, *MIA_STARTS, roll("4"), cap(8), roll("1"), DONE, roll("2"))
    state = s.state
    for action, message in [
        (cap(8), "Leo has no 8 left to capture"),
        (cap(True), "A cone is worth 0, 1, 2, 4 or 8"),
        (cap("4"), "A cone is worth 0, 1, 2, 4 or 8"),
        (cap(4, with_="double"), "Mia has no Double BondO to capture with"),
        (cap(4, cone="double"), "Leo has no Double BondO to capture"),
        (cap(4, cone="king"), "The captured cone is ordinary, bondo or double, not king"),
    ]:
        with pytest.raises(RuleError, match=message):
            s.dispatch(action)
        assert s.state == state


def test_a_player_with_two_bondo_cones_who_loses_one_may_battle_for_it():
    s = new()
    play(s, *MIA_STARTS, roll("3"), cap(0, cone="bondo"))  # Mia: two BondO Cones
    # Leo's ordinary cone takes one of Mia's two BondO Cones: the window moves to Mia.
    play(s, roll("2"), {"type": "capture", "value": 1, "cone": "bondo"})
    view = s.view()["view"]
    assert view["sides"]["Mia"]["bondo_form"] == view["sides"]["Leo"]["bondo_form"] == "bondo_cone"
    assert view["windows"] == [{"player": "Mia", "turns_left": 3, "can_declare_now": True}]
    assert s.expected().turn == "Mia" and s.expected().allows("battle")


def test_the_window_counts_the_holders_own_turns():
    s = new()
    play(s, *MIA_STARTS, roll("3"), cap(0, cone="bondo"))
    left = []
    for _ in range(3):
        assert s.expected().allows("battle")
        left.append(s.view()["view"]["windows"][0]["turns_left"])
        play(s, roll("1"), DONE)  # Leo rolls instead of declaring
        assert not s.expected().allows("battle")  # Mia's turn: not hers to declare
        play(s, roll("1"), DONE)
    assert left == [3, 2, 1]
    assert not s.expected().allows("battle") and s.view()["view"]["windows"] == []


def test_recapturing_the_bondo_closes_the_window():
    s = new()
    play(s, *MIA_STARTS, roll("3"), cap(0, cone="bondo"))  # Leo's window opens
    play(s, roll("2"), cap(1, cone="bondo"))  # Leo takes one back in ordinary play
    view = s.view()["view"]
    assert [w["player"] for w in view["windows"]] == ["Mia"]
    assert view["sides"]["Leo"]["bondos"] == view["sides"]["Mia"]["bondos"] == 1


def test_a_won_battle_keeps_the_turn_and_a_lost_one_ends_it():
    won = new()
    play(won, *MIA_STARTS, roll("3"), cap(0, cone="bondo"), BATTLE, roll("4"), roll("3"))
    assert won.expected().turn == "Leo" and won.expected().allows("roll")
    assert won.view()["view"]["turn_number"] == 2
    lost = new()
    play(lost, *MIA_STARTS, roll("3"), cap(0, cone="bondo"), BATTLE, roll("3"), roll("4"))
    assert lost.expected().turn == "Mia" and lost.view()["view"]["turn_number"] == 3


def test_the_view_keeps_a_battles_ties_and_its_deciding_pair_until_the_next_roll():
    s = new()
    play(s, *MIA_STARTS, roll("3"), cap(0, cone="bondo"), BATTLE, roll("2"))
    change = play(s, roll("2"))
    assert change.events[-1]["text"] == "Both rolled 2: roll again"
    fight = s.view()["view"]["battle"]
    assert fight["ties"] == [["2", "2"]] and fight["rolls"] == {"Leo": None, "Mia": None}
    assert s.view()["view"]["last_battle"] is None
    play(s, roll("peek"), roll("3"))  # Leo wins: the pair stays in the view, with the winner
    decided = {"challenger": "Leo", "defender": "Mia", "against_double": False,
               "rolls": {"Leo": "peek", "Mia": "3"}, "rounds": 2, "winner": "Leo"}
    assert s.view()["view"]["battle"] is None and s.view()["view"]["last_battle"] == decided
    play(s, roll("1"))  # the next roll is what the table looks at now
    assert s.view()["view"]["last_battle"] is None
    s.dispatch({"type": "undo"})
    assert s.view()["view"]["last_battle"] == decided


def test_captures_and_removals_are_said_with_the_right_article():
    s = new(target=41)
    said = [play(s, *MIA_STARTS, roll("1"), cap(8)).events[0]["text"], play(s, roll("1"), cap(4)).events[0]["text"]]
    assert said == ["Mia captured an 8 from Leo", "Leo captured a 4 from Mia"]
    play(s, roll("1"), cap(0, with_="bondo", cone="bondo"), BATTLE, roll("1"), roll("2"))  # Leo loses
    change = s.dispatch({"type": "remove", "value": 1})
    assert change.events[0]["text"] == "Mia removed a 1 from Leo"


def test_battle_rolls_come_challenger_first_and_are_checked_by_name():
    s = new()
    play(s, *MIA_STARTS, roll("3"), cap(0, cone="bondo"), BATTLE)
    assert s.expected().turn == "Leo"
    with pytest.raises(RuleError, match="It is Leo's turn to roll, not Mia's"):
        s.dispatch(roll("4", by="Mia"))
    play(s, roll("4", by="Leo"))
    assert s.expected().turn == "Mia"
    for action, message in [(DONE, "Finish the BondO Battle"), (cap(0), "Finish the BondO Battle")]:
        with pytest.raises(RuleError, match=message):
            s.dispatch(action)


def test_removal_after_a_lost_double_battle_refuses_a_value_gone_and_may_win():
    s = new(target=12)
    play(s, *MIA_STARTS, roll("4"), cap(8), roll("1"), DONE)
    play(s, roll("2"), cap(0, with_="bondo", cone="bondo"))  # Mia: Double BondO
    play(s, BATTLE, roll("1"), roll("2"))
    assert s.expected().turn == "Mia" and [x.type for x in s.expected().legal] == ["remove"]
    values = s.expected().legal[0].fields["value"]
    # Every value a cone can show, Leo's 8 (already captured) greyed so the pad keeps its place.
    assert [p.value for p in values.picks] == [0, 1, 2, 4, 8] and values.values == [0, 1, 2, 4]
    with pytest.raises(RuleError, match="Leo has no 8 left to remove"):
        s.dispatch({"type": "remove", "value": 8})
    with pytest.raises(RuleError, match="It is Mia's turn, not Leo's"):
        s.dispatch({"type": "remove", "value": 4, "by": "Leo"})
    change = s.dispatch({"type": "remove", "value": 4})
    assert s.result().winners == ("Mia",) and s.result().scores == {"Mia": 12, "Leo": 0}
    assert [e["type"] for e in change.events] == ["cone_removed", "game_won"]


def test_undo_steps_back_through_captures_battles_and_the_opening():
    s = new()
    script = [*MIA_STARTS, roll("2"), cap(4, with_="bondo", cone="bondo"), BATTLE, roll("4"), roll("4"),
              roll("bondo"), roll("3"), roll("2"), DONE, roll("bondo"), roll("peek"), roll("1"), cap(2)]
    views = [s.view()["view"]]
    for action in script:
        s.dispatch(action)
        views.append(s.view()["view"])
    assert views[-1]["aside"] == 0 and views[-5]["aside"] == 1
    for i in range(len(script), 0, -1):
        s.dispatch({"type": "undo"})
        assert s.view()["view"] == views[i - 1], f"undo after action {i}"
    for i in range(1, len(script) + 1):
        s.dispatch({"type": "redo"})
        assert s.view()["view"] == views[i], f"redo of action {i}"


def test_controls_confirm_and_pass_end_a_move_and_roll_needs_the_adapter():
    s = new()
    play(s, *MIA_STARTS)
    with pytest.raises(RuleError, match="Roll does nothing in BondCones right now"):
        s.press("roll", source="gpio")
    with pytest.raises(RuleError, match="Confirm does nothing in BondCones right now"):
        s.press("confirm", source="gpio")
    s.dispatch(roll("2", source="tray"))
    s.press("confirm", source="gpio")
    assert s.expected().turn == "Leo"
    s.dispatch(roll("1", source="gpio"))
    s.press("pass", source="gpio")
    assert s.expected().turn == "Mia"
    s.press("undo", source="gpio")
    assert s.expected().turn == "Leo" and s.view()["view"]["step"] == "move"


def test_events_announce_what_happened_and_never_an_unrevealed_value():
    s = new()
    heard = []
    s.subscribe(lambda change: heard.extend(change.events))
    play(s, *MIA_STARTS, roll("peek"), roll("3"), cap(2, cone="bondo"), BATTLE, roll("1"), roll("4"))
    kinds = [e["type"] for e in heard]
    assert kinds == ["roll", "roll", "starts", "roll", "peek", "roll", "capture", "bondo_taken",
                     "battle_window", "battle_declared", "roll", "roll", "battle_lost", "battle_window", "peek"]
    for event in heard:
        assert event["text"]
        if "value" in event:
            assert event["type"] in ("capture", "cone_removed")
    assert all(set(p) == {"player", "of", "reason"} for p in s.view()["view"]["peeks"])


def test_state_and_view_are_plain_json():
    s = new()
    play(s, *MIA_STARTS, roll("2"), cap(4, with_="bondo", cone="bondo"), BATTLE, roll("bondo"))
    assert json.loads(json.dumps(s.state)) == s.state
    assert json.loads(json.dumps(s.view())) == s.view()


def test_the_apply_contract_refuses_before_changing_its_input():
    game = BondCones()
    state = game.setup(("Mia", "Leo"), {"target": 28})
    for action in MIA_STARTS:
        state = game.apply(state, action)
    state = game.apply(state, roll("4"))
    before = copy.deepcopy(state)
    with pytest.raises(RuleError):
        game.apply(state, cap(4, cone="double"))
    assert state == before


@pytest.mark.parametrize("target, ok", [(1, True), (41, True), (0, False), (42, False)])
def test_target_option(target, ok):
    if ok:
        assert new(target=target).view()["view"]["target"] == target
    else:
        with pytest.raises(SetupError, match="target"):
            new(target=target)
