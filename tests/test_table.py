"""The table opens, resumes and closes games; a screen that fails must never cost it a game."""

from __future__ import annotations

from companion.store import Store
from companion.table import Table


def test_a_listener_that_fails_on_resume_leaves_the_game_playing_and_the_others_told(tmp_path):
    """Found installing an update: a board that could not draw the resumed game made the resume
    raise, and the app then set the game aside as abandoned, though nothing was wrong with it."""
    first = Table(Store(tmp_path / "companion.db"))
    session = first.start("tally", ["Ann", "Ben"], {})
    session.dispatch({"type": "add", "points": 2})
    first.store.close()

    again = Table(Store(tmp_path / "companion.db"))
    told = []

    def broken_board(_session):
        raise ZeroDivisionError("a board laid out on a window of no size")

    again.on_session(broken_board)
    again.on_session(told.append)
    resumed = again.resume()
    assert resumed is not None and resumed.view()["moves"] == 1
    assert told == [resumed], "the listener after the broken one still hears of the game"
    assert again.store.unfinished() is not None, "still playing in the store, not set aside"
