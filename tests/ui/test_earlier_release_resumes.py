"""A table updated from an earlier release starts on the game it was playing, on the touchscreen.

tests/store/test_fixtures.py proves each earlier release's database opens with every game, its
story and its result; this plays the part a player sees: the app itself starts on that database
and shows the unfinished game exactly where it was, with every board of this release.
"""

import json
import shutil
from pathlib import Path

import pytest

FIXTURES = sorted((Path(__file__).parent.parent / "store" / "fixtures").glob("*.db"))


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_the_app_starts_on_the_game_an_earlier_release_was_playing(make_app, tmp_path, fixture):
    (tmp_path / "data").mkdir()
    shutil.copyfile(fixture, tmp_path / "data" / "companion.db")
    manifest = json.loads(fixture.with_suffix(".json").read_text())
    (playing,) = [g for g in manifest["games"] if g["status"] == "playing"]
    app = make_app().start()
    assert app.screen == "play", app.app.toast.text if app.app.toast else "no message"
    view = app.table.session.view()
    assert (view["game"], [p["name"] for p in view["players"]]) == (playing["game"], playing["players"])
    assert view["moves"] == playing["moves"] and view["can_redo"], "where it was, its redo kept"
