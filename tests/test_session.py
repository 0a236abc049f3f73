"""The session: accepted actions, refusals that change nothing, undo and redo."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import RuleError, Session, SetupError
from tests.support.tally import Tally


def new(players=("Ann", "Ben", "Cy"), **options):
    return Session(Tally(), list(players), options)


def test_accepted_action_changes_the_view_and_raises_the_revision():
    s = new()
    change = s.dispatch({"type": "add", "points": 2})
    assert change.view["view"]["scores"] == {"Ann": 2, "Ben": 0, "Cy": 0}
    assert change.revision == s.revision == 1
    assert s.expected().turn == "Ben"


def test_refusal_names_the_player_and_changes_nothing():
    s = new()
    s.dispatch({"type": "pass"})
    s.dispatch({"type": "add", "points": 1})
    s.dispatch({"type": "add", "points": 1})  # back to Ann's seat, who passed: Ben is next
    before, rev = s.state, s.revision
    with pytest.raises(RuleError, match="Ann has already passed this round"):
        s.dispatch({"type": "add", "points": 1, "by": "Ann"})
    assert s.state == before and s.revision == rev


def test_game_that_mutates_then_refuses_leaves_the_session_untouched():
    # Tally's pass appends the player before refusing the last pass: the session's copy protects it.
    s = new(players=("Ann", "Ben"))
    s.dispatch({"type": "pass"})
    before = s.state
    with pytest.raises(RuleError, match="last player"):
        s.dispatch({"type": "pass"})
    assert s.state == before


@pytest.mark.parametrize("bad", [None, [], "pass", {}, {"type": ""}, {"type": 3}])
def test_malformed_actions_are_refused_with_a_hint(bad):
    with pytest.raises(RuleError, match="type"):
        new().dispatch(bad)


def test_undo_and_redo_any_number_of_steps():
    s = new()
    views = [s.view()["view"]]
    for pts in (1, 2, 3, 1, 2):
        s.dispatch({"type": "add", "points": pts})
        views.append(s.view()["view"])
    for i in range(5, 0, -1):
        s.dispatch({"type": "undo"})
        assert s.view()["view"] == views[i - 1]
    with pytest.raises(RuleError, match="Nothing to undo"):
        s.dispatch({"type": "undo"})
    for i in range(1, 6):
        s.dispatch({"type": "redo"})
        assert s.view()["view"] == views[i]
    with pytest.raises(RuleError, match="Nothing to redo"):
        s.dispatch({"type": "redo"})


def test_a_new_action_after_undo_drops_the_redo_tail():
    s = new()
    s.dispatch({"type": "add", "points": 3})
    s.dispatch({"type": "undo"})
    s.dispatch({"type": "add", "points": 1})
    assert not s.can_redo
    assert s.view()["view"]["scores"]["Ann"] == 1


def test_revision_only_grows_through_undo_and_redo():
    s = new()
    seen = []
    s.subscribe(lambda change: seen.append(change.revision))
    s.dispatch({"type": "add", "points": 1})
    s.dispatch({"type": "undo"})
    s.dispatch({"type": "redo"})
    assert seen == [1, 2, 3]


def test_game_over_refuses_more_actions_until_undone():
    s = new(players=("Ann", "Ben"), target=3)
    s.dispatch({"type": "add", "points": 3})
    assert s.result().winners == ("Ann",)
    with pytest.raises(RuleError, match="game is over"):
        s.dispatch({"type": "add", "points": 1})
    s.dispatch({"type": "undo"})
    assert s.result() is None
    s.dispatch({"type": "add", "points": 1})


def test_listeners_hear_each_accepted_change_once_and_never_a_refusal():
    s = new()
    heard = []
    s.subscribe(heard.append)
    s.dispatch({"type": "add", "points": 1})
    with pytest.raises(RuleError):
        s.dispatch({"type": "add", "points": 7})
    assert [c.kind for c in heard] == ["action"]


def test_a_broken_listener_does_not_stop_the_others():
    s = new()
    heard = []

    def broken(change):
        raise RuntimeError("screen fell over")

    s.subscribe(broken)
    s.subscribe(heard.append)
    s.dispatch({"type": "add", "points": 1})
    assert len(heard) == 1


def test_controls_map_through_the_games_binding_table():
    s = new()
    s.press("confirm", source="gpio")
    assert s.view()["view"]["scores"]["Ann"] == 1
    s.press("undo", source="gpio")
    assert s.view()["view"]["scores"]["Ann"] == 0
    with pytest.raises(RuleError, match="Roll does nothing in Tally"):
        s.press("roll", source="gpio")


def test_a_button_the_game_cannot_use_says_what_the_table_waits_for():
    s = new()
    with pytest.raises(RuleError) as refused:
        s.press("roll", source="gpio")
    assert refused.value.message == "Roll does nothing in Tally right now — Ann: add points or pass"
    assert s.expected().prompt in refused.value.message
    s.dispatch({"type": "add", "points": 3})
    with pytest.raises(RuleError, match="Ben: add points or pass"):
        s.press("roll", source="gpio")
    over = new(target=1)
    over.press("confirm", source="gpio")  # Ann adds 1 and reaches the target
    with pytest.raises(RuleError, match="Roll does nothing in Tally right now — Game over"):
        over.press("roll", source="gpio")


@pytest.mark.parametrize(
    "players, message",
    [
        (["Ann"], "2 to 4 players"),
        (["Ann", "ann"], "two players are called"),
        (["Ann", "  "], "player 2 has no name"),
        (["Ann", "B" * 30], "longer than"),
    ],
)
def test_bad_players_are_refused_at_setup(players, message):
    with pytest.raises(SetupError, match=message):
        Session(Tally(), players)


@pytest.mark.parametrize(
    "options, message",
    [({"target": 0}, "at least 1"), ({"target": "ten"}, "whole number"), ({"goal": 3}, "unknown option")],
)
def test_bad_options_are_refused_at_setup(options, message):
    with pytest.raises(SetupError, match=message):
        Session(Tally(), ["Ann", "Ben"], options)


def test_a_refused_option_is_named_as_the_options_screen_shows_it():
    from companion.core.options import with_labels

    with pytest.raises(SetupError) as refused:
        Session(Tally(), ["Ann", "Ben"], {"target": 0})
    assert with_labels(str(refused.value), Tally.options) == "Target must be at least 1, not 0"


def test_a_games_own_words_about_an_option_are_put_in_its_label():
    from companion.core.options import Option, with_labels

    declared = (Option("deck_values", "", "cards per value"), Option("max_value", 9, "highest card"),
                Option("board_only", False, "board", label="Only the board"))
    said = with_labels("option 'deck_values' lists the value 12, outside 1 to max_value (9)", declared)
    assert said == "Deck values lists the value 12, outside 1 to Max value (9)"
    assert with_labels("'board_only' is on", declared) == "Only the board is on"
    assert with_labels("no option here: max_values", declared) == "no option here: max_values"


actions = st.one_of(
    st.builds(lambda p: {"type": "add", "points": p}, st.integers(0, 4)),
    st.just({"type": "pass"}),
    st.just({"type": "undo"}),
    st.just({"type": "redo"}),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(actions, max_size=80))
def test_any_sequence_keeps_the_state_equal_to_a_fresh_replay_of_the_effective_actions(script):
    """Undo/redo bookkeeping never drifts from what the effective actions imply."""
    s = new()
    for action in script:
        before = s.state
        try:
            s.dispatch(action)
        except RuleError:
            assert s.state == before
    fresh = new()
    for i in range(s.timeline.cursor):
        fresh.dispatch(s.timeline.action(i))
    assert fresh.state == s.state
