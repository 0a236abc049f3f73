"""A failure to follow Prime is told once it is provable, never before and never when it is not."""

from tests.games.bon.support import line, play, started, view


def revokes(events):
    return [e for e in events if e["type"] == "revoke"]


def test_told_when_the_player_later_plays_the_colour_they_did_not_follow():
    s = started(advanced=True)
    assert not revokes(play(s, "red-7", "yellow-1", "pass"))  # Ben shows no Red: nothing provable yet
    assert not revokes(play(s, "blue-7", "blue-1", "blue-2"))
    events = play(s, "yellow-7", "red-1")
    [told] = revokes(events)
    assert told["text"] == "Ben did not follow Red in trick 1 (played Yellow 1) but held Red 1: a failure to follow"
    # At that moment, right after Ben's card.
    assert [(e["type"], e.get("player")) for e in events[:3]] == [("played", "Ann"), ("played", "Ben"), ("revoke", "Ben")]
    assert view(s)["revokes"][0]["proved_in"] == 3


def test_never_for_a_pass_card_which_may_be_played_at_any_time():
    s = started(advanced=True)
    play(s, "red-7", "pass", "red-2")
    assert not revokes(play(s, "blue-7", "red-1", "blue-2"))
    assert view(s)["revokes"] == []


def test_never_for_the_card_that_sets_prime_after_a_pass_lead_nor_for_the_leader():
    s = started(advanced=True, first="Ann")
    play(s, "pass", "yellow-3", "yellow-2")  # Ben's Yellow sets Prime; Ann led a Pass
    # Ben took it; Ben leads red, Cy and Ann follow: nothing to tell.
    assert not revokes(play(s, "red-1", "red-2", "red-3"))


def test_never_when_the_player_never_plays_that_colour_again():
    s = started(advanced=True)
    events = play(s, "red-7", "yellow-1", "blue-1")
    events += play(s, "yellow-7", "yellow-2", "yellow-3")
    assert not revokes(events)


def test_told_once_per_failure_and_again_for_a_new_one():
    s = started(advanced=True)
    play(s, "red-7", "yellow-1", "red-2")  # Ben fails Red (trick 1); Ann takes it, Red goes down
    play(s, "red-6", "yellow-2", "red-3")  # fails Red again, and takes it with Yellow on top
    events = play(s, "red-1", "red-4", "red-5")  # Ben leads Red: the first failure is the one told
    assert [r["trick"] for r in revokes(events)] == [1]
    # Ann took trick 3; Ben follows Red now: nothing new to tell.
    assert not revokes(play(s, "blue-7", "blue-1", "blue-2"))
    play(s, "blue-6", "yellow-3", "blue-3")  # a new failure: Blue in trick 5
    assert [r["trick"] for r in revokes(play(s, "blue-5", "blue-4"))] == [5]


def test_the_no_score_option_keeps_the_player_off_the_track_that_round():
    s = started(revoke="no_score", leftovers=("pass", "pass"))
    # Ann takes 3, Ben none, Cy 4 — with Ben failing to follow Red in trick 1 and proving it in trick 4.
    play(s, "red-7", "yellow-1", "red-2")
    play(s, "yellow-7", "yellow-5", "yellow-2")
    play(s, "blue-7", "blue-1", "blue-2")
    play(s, "red-3", "red-1", "red-6")
    play(s, "yellow-6", "yellow-3", "yellow-4")
    play(s, "blue-6", "blue-3", "blue-4")
    play(s, "red-5", "red-4", "blue-5")
    assert len(view(s)["revokes"]) == 1 and line(s, "Ben")["tricks"] == 0
    assert line(s, "Ben")["points"] == 0 and line(s, "Ben")["cancelled"] is True
    assert line(s, "Ben")["text"].endswith("cancelled: did not follow Prime")
    assert line(s, "Ann")["points"] == 1


def test_by_default_the_table_is_told_and_scoring_is_unchanged():
    s = started(advanced=True)
    play(s, "red-7", "yellow-1", "red-2")
    play(s, "blue-7", "red-1", "blue-2")
    assert len(view(s)["revokes"]) == 1
    assert s.view()["options"]["revoke"] == "tell"
