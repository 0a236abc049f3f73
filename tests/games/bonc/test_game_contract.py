"""BONC! through the Game interface: the session's shared refusals, scores, secrets and words."""

import pytest

from companion import games
from companion.core import RuleError

from tests.games.bonc.support import play, table


def test_the_game_is_found_by_its_package_and_counts_lives():
    game = games.get("bonc")
    assert game.title == "BONC!" and game.score_label == "lives"
    assert (game.min_players, game.max_players) == (3, 14)


def test_a_stray_field_or_unknown_action_is_refused_by_the_session():
    s = table()
    with pytest.raises(RuleError, match="A play action takes no value field"):
        s.dispatch({"type": "play", "card": 3, "value": 3})
    with pytest.raises(RuleError, match="BONC! has no action called draw"):
        s.dispatch({"type": "draw"})


def test_a_block_from_someone_not_hit_is_worded_by_the_game():
    s = table()
    play(s, 7, 7)
    with pytest.raises(RuleError, match="The last card took no life from Dan"):
        s.dispatch({"type": "block", "by": "Dan"})


def test_hands_are_declared_as_secrets_the_app_never_learns():
    s = table()
    secrets = s.game.secrets(s.state)
    assert [x.slot for x in secrets] == ["players.0", "players.1", "players.2", "players.3"]
    assert all(not x.known and x.conceals == ("hand",) for x in secrets)
    assert all("hand" not in p for p in s.view()["view"]["players"])
    assert s.game.disguises(s.state) == []


def test_undo_takes_back_a_block_in_its_own_words():
    s = table()
    play(s, 7, 7)
    s.dispatch({"type": "block", "by": "Ann"})
    change = s.dispatch({"type": "undo"})
    assert change.events[0]["text"] == "Took back: Ann BLOCKS Ben's 7 and keeps 1 life"
    assert s.view()["scores"]["Ann"] == 4


def test_a_setup_that_cannot_deal_is_refused():
    from companion.core import SetupError
    with pytest.raises(SetupError, match="too few to deal"):
        table(list("ABCDEFG"), sneak_cards=0, borrowed_time_cards=0, bulletproof_cards=0)
