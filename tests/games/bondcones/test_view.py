"""What the public view offers once a BondCones game is over."""

import copy
from pathlib import Path

from companion.games.bondcones import BondCones
from companion.replay import replay

SCRIPTS = Path(__file__).parent / "scripts"


def test_a_finished_game_offers_no_battle_window():
    """The trial: the loser's frame still said "battle: 1 turn left" under "Game over"."""
    session = replay((SCRIPTS / "game_summary_28_points_win.jsonl").read_text().splitlines())
    assert session.view()["view"]["phase"] == "over"
    state = copy.deepcopy(session.state)
    state["windows"] = {"Leo": 1}  # Leo's window was still open when Mia's capture ended the game
    game = BondCones()
    assert game.public_view(state)["windows"] == []
    state["phase"] = "play"  # the same window in a game still being played is shown
    assert game.public_view(state)["windows"][0]["player"] == "Leo"


def test_the_cones_on_the_board_are_declared_secret_where_the_view_counts_them():
    session = replay((SCRIPTS / "how_to_get_points.jsonl").read_text().splitlines())
    game, state, shown = BondCones(), session.state, session.view()["view"]
    secrets = {s.slot: s for s in game.secrets(state)}
    assert set(secrets) == {"sides.Mia.cones_left", "sides.Leo.cones_left"}
    for slot, secret in secrets.items():
        name = slot.split(".")[1]
        # The app never knows a cone's value before a capture reveals it: nothing to disguise.
        assert secret.known is False and shown["sides"][name]["cones_left"] > 0
        assert str(shown["sides"][name]["cones_left"]) in secret.what
    assert game.disguises(state) == []


def test_events_are_data_and_come_from_the_states_alone():
    """No news is kept in the state: the same two states give the same events, whoever asks."""
    session = replay((SCRIPTS / "game_summary_28_points_win.jsonl").read_text().splitlines())
    state = session.state
    assert "news" not in state
    game = BondCones()
    session.dispatch({"type": "undo"})
    before = session.state
    first = game.events(copy.deepcopy(before), copy.deepcopy(state), {})
    assert first == game.events(before, state, {"type": "anything"})
    assert first and all("text" not in e for e in first)
    assert [game.describe(e) for e in first][-1] == "Mia wins with 28 points"
