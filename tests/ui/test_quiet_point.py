"""The virtual table counts the app's touches by tapping where nothing answers a touch
(tests/support/vm/mirror.py quiet_point): on every game's board that place must really be
quiet, or the count would open a screen (the prompt's "What now?") or make a move."""

from __future__ import annotations

import pytest

from companion.games import get, known
from tests.support.finger import tap
from tests.support.vm.mirror import PANEL, quiet_point
from tests.ui.conftest import make_app, window  # noqa: F401 (fixtures: the one headless window)

PLAYERS = ["Ann", "Ben", "Cy", "Dee"]


@pytest.mark.parametrize("game_id", [g for g in known() if g != "tally"])
def test_a_tap_on_the_quiet_point_and_beside_it_changes_nothing(make_app, game_id):  # noqa: F811
    app = make_app(size=PANEL).start()
    game = get(game_id)
    assert app.app.start_game(game_id, PLAYERS[:max(game.min_players, 2)], {})
    app.frames(3)
    x, y = quiet_point(app)
    revision, texts = app.table.session.revision, sorted(app.texts())
    for dx in (0, -60, 60, 30):
        tap(app, x + dx, PANEL[1] - y)
    app.frames(3)
    assert app.screen == "play" and app.table.session.revision == revision
    assert sorted(app.texts()) == texts, "a tap on the quiet strip changed what the screen shows"
