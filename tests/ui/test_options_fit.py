"""Every game's options at 800x480: each option shows whole, without scrolling.

The trial: BONC!'s fourth option was cut off at the bottom of its scrolling list, and nothing
said there was more below it."""

import pytest

from companion import games
from tests.support.readable import plain_words
from tests.ui.driver import AppDriver

GAMES = ["bonbon", "bon", "baon", "bondcones", "bonc"]
PLAYERS = {"bonbon": 3, "bon": 3, "baon": 3, "bondcones": 2, "bonc": 4}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_shows_whole_or_the_list_says_how_many_more(make_app, game_id):
    app: AppDriver = make_app(size=(800, 480)).start()
    options = app.app.screen("options")
    options.prepare(game_id, [f"Player {i + 1}" for i in range(PLAYERS[game_id])])
    app.app.go("options")
    app.frames(3)
    count = len(games.get(game_id).options)
    assert len(options.rows.children) == count
    above, below = options.more.hidden()
    assert above == 0
    said = plain_words(options.more.text) if options.more.opacity > 0 else ""
    if below:
        assert said == f"▼ {below} more option{'s' if below > 1 else ''} below: slide the list up", said
        assert options.scroll.bar_inactive_color == options.scroll.bar_color, "the bar stays to be seen"
    else:
        assert said == "" and options.more.height == 0, "a list that fits gives the line no room"
    app.screenshot(f"options-{game_id}")
    if below:
        room = (options.scroll.height, options.more.height)
        options.scroll.scroll_y = 0  # slid to the end: the last options whole, the first ones above
        app.frames(3)
        assert (options.scroll.height, options.more.height) == room, "the line keeps its room: nothing moves"
        above, below = options.more.hidden()
        assert below == 0 and above > 0
        said = plain_words(options.more.text)
        assert said == f"▲ {above} option{'s' if above > 1 else ''} above: slide the list down", said
        app.screenshot(f"options-{game_id}-slid")
