"""A message that stands in place of the top bar hides its buttons and keeps them out of reach:
a touch meant for the message never lands on an Undo nobody can see."""

from __future__ import annotations

from tests.support.finger import tap
from tests.ui.conftest import make_app, window  # noqa: F401 (fixtures: the one headless window)

LONG = ("The last game could not be resumed because its rules changed in an update; it is kept in "
        "the history with every move, and a new game can start at once. Nothing was lost.")


def test_a_long_notice_over_the_top_bar_keeps_its_undo_out_of_reach(make_app):
    app = make_app().start()
    app.app.start_game("tally", ["Ann", "Ben"], {})
    app.frames(3)
    app.app.act({"type": "add", "points": 2})
    revision = app.table.session.revision
    undo = app.app.screen("play").undo_button
    at = undo.to_window(*undo.center)
    app.app.notify(LONG, "error", seconds=15)  # long enough to take the whole top bar, and to stay
    app.frames(3)
    covered = app.app.toast._covered
    assert covered is not None and covered.opacity == 0 and undo in list(covered.walk()), \
        "the message stands in place of the top bar, Undo with it"
    tap(app, *at)
    app.frames(2)
    assert app.table.session.revision == revision, "a touch on the hidden Undo took a move back"
    app.app.toast.hide()
    app.frames(2)
    assert not undo.disabled, "the bar's buttons come back as they were"
    tap(app, *at)
    app.frames(2)
    assert app.table.session.revision == revision + 1 and app.table.session.timeline.cursor == 0
