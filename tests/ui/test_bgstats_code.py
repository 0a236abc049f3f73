"""The game-over screen offers the finished game's BG Stats link as a QR code a phone can scan."""

import json
from urllib.parse import parse_qs, urlsplit

from companion import games
from tests.support.tally import Tally
from tests.ui.driver import AppDriver
from tests.ui.test_shell import scanned_code


def test_game_over_shows_the_bg_stats_link_as_a_code_that_scans(make_app):
    games.register(Tally())
    app: AppDriver = make_app().start()
    app.app.start_game("tally", ["Ann", "Ben"], {"target": 5})
    for n in (3, 1, 2):
        app.app.act({"type": "add", "points": n})
    app.screenshot("play-game-over-bgstats")
    app.tap("Log in BG Stats")
    app.settle(0.5)
    png = app.screenshot("bgstats-code")
    url = scanned_code(png)
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html", url
    data = json.loads(parse_qs(parts.query)["data"][0])
    assert data["game"]["name"] == "Tally" and data["location"] == app.config["table"]["name"]
    assert [(p["name"], p["score"], p["winner"]) for p in data["players"]] == [("Ann", 5, True), ("Ben", 1, False)]
    app.tap("Done")
    app.settle(0.5)
    assert scanned_code(app.screenshot("play-game-over-after-code")) == ""
