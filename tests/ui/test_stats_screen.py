"""Players' stats on the touchscreen, from History."""

import pytest

from companion import games
from tests.test_live_readers import DAMAGE, UNTIL_START, a_move_unreadable
from tests.support.tally import Tally
from tests.ui.driver import AppDriver


def test_history_opens_the_players_stats(make_app):
    games.register(Tally())
    app: AppDriver = make_app().start()
    for players, moves in ((["Ann", "Ben"], (3, 1, 3)), (["Ben", "Ann", "Cy"], (3, 2, 1, 3)), (["ann", "Cy"], (1, 3, 1, 3))):
        app.app.start_game("tally", players, {"target": 5})
        for n in moves:
            assert app.app.act({"type": "add", "points": n}) is not None
        app.app.leave_game()
    app.tap("History")
    app.screenshot("history")
    app.tap("Players' stats")
    assert app.screen == "stats"
    texts = app.texts()
    names = [t for t in texts if t in ("ann", "Ben", "Cy")]
    # One win each: the most games played first; Ann and ann are one player, shown as last written.
    assert names == ["ann", "Ben", "Cy"]
    assert texts.count("1 won of 3") == 1 and texts.count("1 won of 2") == 2
    assert any("Tally: 1 won of 3 · best 6, average 3.3" in t for t in texts), texts
    app.screenshot("stats")


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda d: d.__name__)
def test_the_stats_on_storage_damaged_while_the_table_runs_say_what_companion_stats_says(make_app, damage):
    """A card failing between two starts: the screen counts what can be read and says, in the
    words of `companion stats`, that the storage is damaged and which game is counted only in part."""
    games.register(Tally())
    app: AppDriver = make_app().start()
    for second in ("Ben", "Cy", "Cy"):
        app.app.start_game("tally", ["Ann", second], {"target": 12})
        while app.table.session.result() is None:
            app.table.session.dispatch({"type": "add", "points": 2})
        app.app.leave_game()
    damage(app.table.store)
    app.app.go("stats")
    app.frames(3)
    assert app.screen == "stats"
    texts = app.texts()
    assert any(t.startswith("The game database is damaged (") and t.endswith(UNTIL_START) for t in texts), texts
    assert not any(t.startswith("The stats cannot be read") for t in texts), texts
    if damage is a_move_unreadable:
        assert "Game 3 (Ann, Cy) is counted as far as it can be read: its last 7 moves cannot be read" in texts
        assert "3 won of 3" in texts, "every finished game counts, with its result"
        app.screenshot("stats-damaged-storage")
