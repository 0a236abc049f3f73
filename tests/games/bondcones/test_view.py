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
