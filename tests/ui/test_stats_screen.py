"""Players' stats on the touchscreen, from History."""

from companion import games
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
