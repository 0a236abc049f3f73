"""Every game's board, as a game of it starts, in a picture a player can read: a new game's board is
drawn and checked here without a line of test code (docs/new-game.md, "Screenshots").

The pictures are artifacts/screens/board-<id>-start.png; a game's own tests picture its later moments.
"""

from __future__ import annotations

import pytest

from companion import games
from companion.status import DeviceStatus

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]


@pytest.mark.parametrize("game_id", games.known())
def test_every_games_board_is_drawn_readably_as_a_game_starts(make_app, game_id):
    game = games.get(game_id)
    app = make_app().start()
    assert app.app.start_game(game_id, NAMES[: game.min_players], {})
    app.frames(3)
    path = app.screenshot(f"board-{game_id}-start")  # fails on words a player could not read
    assert path.stat().st_size > 0
    assert app.app.screens.current == "play" and app.app.screen("play").board is not None


def test_the_status_screen_says_why_an_older_dice_tray_is_not_used(make_app):
    words = ("The dice tray rolls 1 2 3 4 peek bondo, not this game's die (1 2 3 4 5 6), and its firmware "
             "1.0.0 cannot be told: update the tray (firmware/README.md); rolls are electronic meanwhile")
    app = make_app(devices=[lambda: DeviceStatus("Dice tray", "error", words)]).start()
    app.app.go("status")
    app.frames(3)
    app.screenshot("status-tray-other-die")
    assert any("cannot be told" in text for text in app.texts())
