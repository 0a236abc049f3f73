"""What Bonbon declares hidden: every face-down card until its owner turns it over, and for the cards
the app knows (turned face-down by the turn-face-down card) other values that no payload may tell apart."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Session
from companion.games.bonbon import Bonbon
from tests.games.bonbon.support import PASS, down, play, started, up
from tests.games.bonbon.test_properties import legal_action

GAME = Bonbon()
HIDE_ANN = {"type": "hide", "player": "Ann", "card": 1}


def lookup(view: dict, slot: str):
    for part in slot.split("."):
        view = view[int(part)] if isinstance(view, list) else view[part]
    return view


def check_disguises(state: dict, before: dict | None = None, action: dict | None = None) -> int:
    """Every disguise of `state` has the same view, legal actions, result (and events of the last move);
    every secret's slot shows nothing it conceals. How many disguises there were."""
    public = GAME.public_view(state)
    for secret in GAME.secrets(state):
        shown = lookup(public, secret.slot)
        assert shown.get("face") == "down" and not set(secret.conceals) & set(shown), (secret, shown)
    disguises = GAME.disguises(state)
    for other in disguises:
        assert other != state, "a disguise that changes nothing proves nothing"
        assert GAME.public_view(other) == public
        assert GAME.expected(other).to_json() == GAME.expected(state).to_json()
        assert GAME.result(other) == GAME.result(state)
    if before is not None:
        told = GAME.events(copy.deepcopy(before), copy.deepcopy(state), action)
        for other_before, other_after in zip(GAME.disguises(before) or [before] * len(disguises), disguises):
            assert GAME.events(other_before, other_after, action) == told
    return len(disguises)


def test_a_card_turned_face_down_is_a_known_secret_in_its_slot_until_its_owner_turns_it_over():
    s = started()
    play(s, up(7), up(2), down(), up(1, kind="hide"), HIDE_ANN)
    secrets = GAME.secrets(s.state)
    known = [x for x in secrets if x.known]
    assert [(x.slot, x.conceals) for x in known] == [("players.0.cards.0", ("value", "kind"))]
    assert [x.slot for x in secrets if not x.known] == ["players.2.cards.0"]  # Cy's card played face-down
    assert s.state["rows"]["Ann"][0] == {"face": "down", "kind": "regular", "value": 7}, "the app knows it"
    assert check_disguises(s.state) == 3
    # Three ways to be another card: another value, a zero (or not), another kind.
    values = {(d["rows"]["Ann"][0]["value"], d["rows"]["Ann"][0]["kind"]) for d in GAME.disguises(s.state)}
    assert values == {(8, "regular"), (0, "zero"), (7, "must_up")}

    play(s, up(3), down(), down(), {"type": "pass", "tile": "three"}, PASS, PASS)
    assert s.state["phase"] == "reveal" and any(x.known for x in GAME.secrets(s.state)), "still hidden at the reveal"
    check_disguises(s.state)
    play(s, {"type": "reveal", "player": "Cy", "values": [4, 5]})
    assert [x.slot for x in GAME.secrets(s.state) if x.known] == ["players.0.cards.0"]
    play(s, {"type": "reveal", "player": "Ann", "values": [6]})
    # Turned over for everyone: no longer a secret, and the view shows it.
    assert GAME.secrets(s.state) == [] and GAME.disguises(s.state) == []
    assert s.view()["view"]["players"][0]["cards"][0] == {"face": "down", "value": 7}


def test_an_eliminated_players_hidden_card_stays_a_secret_for_good():
    s = started()
    play(s, up(6), down(), down(), up(1, kind="hide"), HIDE_ANN, down(), down(), up(8), down(), down(), up(4))
    # Ann's face-up 1 + 8 + 4 is over her limit of 10 (her 6 lies face-down and does not count).
    assert s.state["eliminated"] == [{"player": "Ann", "reason": "personal"}]
    play(s, {"type": "pass", "tile": "three"}, PASS)
    play(s, {"type": "reveal", "player": "Ben", "values": [1, 2, 3]},
         {"type": "reveal", "player": "Cy", "values": [1, 2, 3]})
    assert s.state["phase"] == "scored"
    assert [x.slot for x in GAME.secrets(s.state) if x.known] == ["players.0.cards.0"]
    assert check_disguises(s.state) == 3


def test_nothing_is_secret_before_the_first_round_or_in_board_mode():
    assert GAME.secrets(Session(GAME, ["Ann", "Ben"], {}).state) == []
    board = Session(GAME, ["Ann", "Ben"], {"board_only": True})
    assert GAME.secrets(board.state) == [] and GAME.disguises(board.state) == []


def test_a_move_while_a_card_is_hidden_tells_the_same_news_whatever_the_card():
    s = started(players=("Ann", "Ben"))
    play(s, up(6), up(1, kind="hide"), HIDE_ANN)
    before = s.state
    action = up(5)  # Ann: her face-up 5 keeps her within her limit, whatever her hidden card is
    s.dispatch(action)
    assert check_disguises(s.state, before, action) == 3


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 5))
def test_no_random_game_shows_anything_that_depends_on_a_hidden_card(seed, players):
    rng = random.Random(seed)
    s = Session(GAME, ["Ann", "Ben", "Cy", "Dee", "Eve"][:players], {"max_value": rng.choice([5, 9])})
    for _ in range(150):
        if s.result() is not None:
            break
        before, action = s.state, legal_action(rng, s.expected())
        s.dispatch(action)
        check_disguises(s.state, before, action)
