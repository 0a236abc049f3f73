"""The shell on the 800x480 touchscreen: choose a game, seat players, set options, play, undo."""

import time

from companion.ui import theme
from tests.ui.driver import AppDriver


def test_home_offers_the_games_history_and_status(make_app):
    app: AppDriver = make_app().start()
    assert app.screen == "home"
    texts = " ".join(app.texts())
    for shown in ("Bonbon", "BondCones", "History", "Status"):
        assert shown in texts


def seat(app: AppDriver, *names: str) -> None:
    for name in names:
        app.app.screen("players").name_input.text = name
        app.tap("Add")


def test_choosing_seating_and_starting_a_game_by_touch(make_app):
    app = make_app().start()
    app.tap("[b]Bonbon[/b]\n[size=20]2–6 players[/size]")
    assert app.screen == "players"
    assert app.find("Add 2 more").disabled
    seat(app, "Anna", "John", "Cris")
    seat(app, "anna")  # the same person twice is refused with a reason
    assert app.app.screen("players").names == ["Anna", "John", "Cris"]
    assert "Two players are called 'anna'" in app.app.toast.text
    app.screenshot("players")
    app.tap("Next: options")
    assert app.screen == "options"
    app.tap("−")  # a deck whose highest card is an 8
    app.screenshot("options")
    app.tap("Start game")
    assert app.screen == "play"
    assert app.table.session.game.id == "bonbon"
    assert app.table.session.names == ("Anna", "John", "Cris")
    assert app.table.session.options == {"max_value": 8, "deck_values": "", "board_only": False, "learning": False}


def test_a_refused_option_is_named_by_its_label_above_the_buttons(make_app):
    """The trial typed "1:8 2:x" as the deck: the screen said 'deck_values', over both buttons."""
    app = make_app().start()
    app.app.screen("options").prepare("bonbon", ["Anna", "John", "Cris"])
    app.app.go("options")
    app.frames(3)
    options = app.app.screen("options")
    field = next(w for w in options.rows.walk() if w.__class__.__name__ == "TextInput")
    field.text = "1:8 2:x"
    app.tap("Start game")
    assert app.screen == "options" and app.table.session is None
    said = options.problem.text
    assert said.startswith("Deck values ") and "deck_values" not in said, said
    assert app.find("Deck values"), "the label the message uses is the one on the screen"
    assert app.find(said) is options.problem
    for button in ("Rulebook defaults", "Start game"):
        assert options.problem.y >= app.find(button).top, f"the message covers {button}"
    assert app.app.toast.opacity == 0 or not app.app.toast.text, "and the message line stays clear of them"
    app.screenshot("options-refused")
    field.text = "1:8 2:8"
    assert options.problem.parent is None, "a new value clears the old refusal"
    app.tap("Start game")
    assert app.screen == "play" and app.table.session.options["deck_values"] == "1:8 2:8"


def test_play_undo_redo_and_a_refusal_by_touch(make_app):
    app = make_app().start()
    app.app.start_game("tally", ["Anna", "Ben", "Cris"], {"target": 6})
    app.frames()
    app.tap("[b]+3[/b]")
    app.tap("[b]+2[/b]")
    assert app.table.session.view()["view"]["scores"] == {"Anna": 3, "Ben": 2, "Cris": 0}
    app.tap("Undo")
    assert app.table.session.view()["view"]["scores"]["Ben"] == 0
    assert app.find("Ben: add points or pass")
    assert app.app.toast.text == "Took back: Ben added 2"  # which move it was, not just that one went
    app.tap("Redo")
    app.tap("Pass")
    assert app.find("Cris: add points or pass"), "a pass ends Cris's round: the first touch only arms it"
    app.tap("[b]Tap again to confirm[/b]")
    app.screenshot("play-generic")
    assert app.find("Anna: add points or pass")
    # A touch the rules refuse is explained, and nothing changes.
    before = app.table.session.revision
    app.app.act({"type": "add", "points": 1, "by": "Cris"})
    app.frames()
    assert "Cris has already passed this round" in app.app.toast.text
    assert app.table.session.revision == before
    # The message covers the bottom row; the next touch clears it and still works.
    assert app.app.toast.opacity == 1
    app.tap("[b]+1[/b]")
    app.settle(0.3)
    assert app.app.toast.opacity == 0 and app.table.session.revision == before + 1
    assert app.table.session.revision == before + 1


def test_the_game_over_banner_offers_a_new_game_and_undo_still_works(make_app):
    app = make_app().start()
    app.app.start_game("tally", ["Anna", "Ben"], {"target": 3})
    app.frames()
    app.tap("[b]+3[/b]")
    assert app.find("Anna reached 3")
    app.screenshot("play-game-over")
    app.tap("Undo")
    assert app.table.session.result() is None
    app.tap("[b]+3[/b]")
    app.tap("New game")
    assert app.screen == "home"
    assert app.store.history()[0].result["winners"] == ["Anna"]


def test_an_unfinished_game_reopens_on_start(make_app, tmp_path):
    first = make_app().start()
    first.app.start_game("tally", ["Anna", "Ben"], {"target": 9})
    first.frames()
    first.tap("[b]+2[/b]")
    first.close()
    again = make_app().start()
    assert again.screen == "play"
    assert again.table.session.view()["view"]["scores"]["Anna"] == 2
    assert again.find("Ben: add points or pass")


def test_history_lists_finished_games(make_app):
    app = make_app().start()
    for winner in ("Anna", "Ben"):
        app.app.start_game("tally", ["Anna", "Ben"], {"target": 3})
        if winner == "Ben":
            app.app.act({"type": "add", "points": 1})
        app.app.act({"type": "add", "points": 3})
    app.app.leave_game()
    app.tap("History")
    texts = app.texts()
    assert "Ben reached 3" in texts and "Anna reached 3" in texts
    assert texts.index("Ben reached 3") < texts.index("Anna reached 3")  # newest first
    assert "Anna 1, Ben 3" in texts and "Anna 3, Ben 0" in texts  # each player's final score


def test_history_shows_real_games_with_their_scores(make_app):
    import json
    from pathlib import Path

    script = Path(__file__).parent.parent / "games" / "bondcones" / "scripts" / "game_summary_28_points_win.jsonl"
    header, *actions = [json.loads(line) for line in script.read_text().splitlines() if line.strip()]
    app = make_app().start()
    app.app.start_game("bonbon", ["Anna", "John", "Cris"], {})
    app.app.act({"type": "start", "tiles": ["three", "zeros", "ones"]})
    app.app.leave_game()  # left unfinished
    app.app.start_game(header["game"], header["players"], {})
    for action in actions:
        assert app.app.act(action) is not None, action
    app.app.leave_game()
    app.tap("History")
    texts = app.texts()
    winner = app.store.history()[0].result
    assert winner["summary"] in texts and "Not finished" in texts
    scores = ", ".join(f"{name} {winner['scores'][name]}" for name in header["players"])
    assert scores in texts
    app.screenshot("history")


def shown_lines(label) -> list[str]:
    """The lines a label draws, as laid out (a shortened line ends in "…")."""
    label.texture_update()
    return ["".join(word.text for word in line.words) for line in label._label._cached_lines]


def test_a_long_outcome_in_the_history_wraps_instead_of_being_cut(make_app):
    """The trial saw "Cris won with 3 bonbon tokens after…" cut to "Cris won with 3 bonbon toke…"."""
    from companion import games
    from companion.core.seats import make_seats

    players = ["Anna", "John", "Cris", "Maximiliane", "Bartholomew", "Jo"]
    over = {"mode": "normal", "phase": "over", "players": players, "history": [{}] * 11,
            "tokens": {name: 3 if name == "Cris" else 1 for name in players}}
    result = games.get("bonbon").result(over)
    for size in ((800, 480), (1024, 600)):
        app = make_app(size=size)
        app.store.new_game("bonbon", make_seats(players), {}).finish(result.to_json())
        app.start()
        app.tap("History")
        app.frames(3)
        for text in (result.summary, "Anna 1, John 1, Cris 3, Maximiliane 1, Bartholomew 1, Jo 1"):
            label = app.find(text)
            lines = shown_lines(label)
            assert " ".join(line.strip() for line in lines) == text, f"{size}: {lines}"
            assert not any("…" in line for line in lines)
            assert label.texture_size[0] <= label.width + 1 and label.texture_size[1] <= label.height + 1, size
            row = label.parent if label.text == result.summary else label.parent.parent
            assert row.y <= label.y and label.top <= row.top, f"{size}: {text!r} spills out of its row"
        assert len(shown_lines(app.find(result.summary))) == 2, "two lines on a row, not one cut short"
        if size == (800, 480):
            app.screenshot("history-long-outcome")
        app.close()


def test_status_shows_devices_version_and_where_games_are_kept(make_app, tmp_path, monkeypatch):
    from companion.status import DeviceStatus

    monkeypatch.setenv("HOME", str(tmp_path))  # paths under the home folder are shown with ~
    the_pi_on_the_network(monkeypatch, "192.168.1.20")  # the same picture on every machine

    devices = [
        lambda: DeviceStatus("Broker", "waiting", "no broker at localhost:1883 yet; retrying every 8 s"),
        lambda: DeviceStatus("GPIO", "off", "no GPIO on this machine: buttons disabled, touch works"),
        lambda: DeviceStatus("Dice tray", "ok", "connected to /dev/dicetray (firmware 1.0)"),
    ]
    app = make_app(devices=devices).start()
    app.tap("Status")
    texts = app.texts()
    assert "WAITING" in texts and "OFF" in texts and "OK" in texts
    assert "~/data/companion.db" in texts
    assert any(t.startswith("version ") for t in texts)
    app.screenshot("status")


def test_every_touch_target_is_at_least_48_px(make_app):
    from kivy.uix.button import Button

    app = make_app().start()
    app.app.start_game("tally", ["Anna", "Ben"], {})
    for screen in ("home", "play", "history", "status"):
        app.app.go(screen)
        app.frames(3)
        small = [(b.text, b.size) for b in app.app.root.walk() if isinstance(b, Button)
                 and b.get_root_window() and b.opacity > 0 and min(b.size) < 48]
        assert small == [], screen


def test_the_shell_fits_1024x600(make_app):
    app = make_app(size=(1024, 600)).start()
    app.app.start_game("tally", ["Anna", "Ben", "Cris"], {})
    app.frames(3)
    assert app.find("Undo").top <= 600 and app.find("[b]+3[/b]").right <= 1024
    app.screenshot("play-1024x600")


def scanned_code(png) -> str:
    """What a phone's camera reads off the screenshot: "" when there is no code on it."""
    import shutil
    import subprocess

    assert shutil.which("zbarimg"), "zbar-tools is installed by the test setup"
    return subprocess.run(["zbarimg", "--quiet", "--raw", str(png)], capture_output=True, text=True).stdout.strip()


def shipped_games_only():
    """The pictures in the README show the games that ship, not the test game."""
    import contextlib

    from companion import games
    from tests.support.tally import Tally

    @contextlib.contextmanager
    def without_tally():
        games.unregister("tally")
        try:
            yield
        finally:
            games.register(Tally())

    return without_tally()


def the_pi_on_the_network(monkeypatch, address: str | None) -> list[str | None]:
    """The Pi's LAN address as the app sees it; change [0] to move the Pi on or off the network."""
    from companion.broadcast import phone_url

    current = [address]
    monkeypatch.setattr(phone_url, "lan_address", lambda: current[0])
    return current


def quick_rechecks(monkeypatch, seconds: float) -> float:
    """The home screen's address re-check every `seconds` instead of every 3 s, so that waiting
    for it costs the suite little; set before home is first shown, which starts the interval."""
    from companion.ui.screens import home

    monkeypatch.setattr(home, "PHONE_RECHECK_SECONDS", seconds)
    return seconds


def test_home_shows_a_qr_code_that_scans_to_the_phone_page(make_app, monkeypatch):
    the_pi_on_the_network(monkeypatch, "192.168.1.20")  # the same picture on every machine
    with shipped_games_only():
        app = make_app().start()
        app.frames(3)
        png = app.screenshot("home")
        from companion import games

        shipped = [g.title for g in games.all_games(listed_only=True)]
        # Every package under companion/games/ whose game is not kept off the menu (found on disk,
        # not counted by hand: adding a game adds its folders and nothing here).
        packages = [games.get(g).title for g in games.packaged() if games.get(g).listed]
    assert scanned_code(png) == "http://192.168.1.20:9001/#table=table1&prefix=companion"
    assert "Scan to follow the game on your phone" in app.texts()
    # Every game that ships, and not the example game the table's own tests play.
    menu = " ".join(app.texts())
    assert shipped and shipped == packages, (shipped, packages)
    assert all(title in menu for title in shipped), (shipped, menu)
    assert "Tally" not in menu


def test_without_a_network_home_says_so_and_the_code_follows_when_the_pi_joins(make_app, monkeypatch):
    from companion.ui.phone_code import NO_NETWORK, SCAN

    interval = quick_rechecks(monkeypatch, 0.25)
    network = the_pi_on_the_network(monkeypatch, None)  # booted before Wi-Fi joined
    with shipped_games_only():
        app = make_app().start()
        app.frames(3)
        png = app.screenshot("home-no-network")
    assert scanned_code(png) == ""  # no code pointing phones at localhost
    assert NO_NETWORK in app.texts() and SCAN not in app.texts()
    caption = app.find(NO_NETWORK)
    side = app.app.screen("home").side
    assert caption.x >= side.x and caption.right <= side.right and caption.y >= 0, "the line fits the column"
    assert caption.texture_size[0] <= caption.width and caption.texture_size[1] <= caption.height
    assert caption.top <= app.find("Status").y, "below the buttons, not over them"

    code = app.app.screen("home").phone_code
    network[0] = "192.168.1.57"  # DHCP answered; nobody touches the screen
    assert app.settle_until(lambda: code.url is not None), "the code follows the network"
    app.frames(2)
    joined = app.screenshot("home-network-joined")
    assert scanned_code(joined) == "http://192.168.1.57:9001/#table=table1&prefix=companion"
    assert SCAN in app.texts() and NO_NETWORK not in app.texts()

    texture = code.image.texture
    app.settle(interval * 2.5)
    assert code.image.texture is texture, "an unchanged address keeps its code, not a new one every check"

    network[0] = "10.0.0.8"  # the table moved to another network while home stayed up
    assert app.settle_until(lambda: code.url and "10.0.0.8" in code.url), "the code follows the move"
    app.frames(2)
    assert scanned_code(app.screenshot("home-network-changed")) == "http://10.0.0.8:9001/#table=table1&prefix=companion"

    network[0] = None  # the Wi-Fi dropped
    assert app.settle_until(lambda: code.url is None), "the code goes with the network"
    app.frames(2)
    assert scanned_code(app.screenshot("home-network-lost")) == ""
    assert NO_NETWORK in app.texts()


def test_a_configured_phone_address_is_shown_even_without_a_network(make_app, monkeypatch):
    the_pi_on_the_network(monkeypatch, None)
    app = make_app(config_text='[phone]\naddress = "table.local"\n').start()
    png = app.screenshot("home-configured-address")
    assert scanned_code(png) == "http://table.local:9001/#table=table1&prefix=companion"


def test_the_code_is_only_rechecked_while_home_is_shown(make_app, monkeypatch):
    interval = quick_rechecks(monkeypatch, 0.25)
    the_pi_on_the_network(monkeypatch, "192.168.1.20")
    app = make_app().start()
    code = app.app.screen("home").phone_code
    checks = []  # the screen shown at each check
    original = code.refresh
    code.refresh = lambda: (checks.append(app.screen), original())
    assert app.settle_until(lambda: checks), "rechecked while shown"
    assert set(checks) == {"home"}
    app.tap("History")
    app.settle(interval * 3)
    assert set(checks) == {"home"}, "no checks while another screen is shown"
    left = len(checks)
    app.tap("Back")
    assert len(checks) >= left + 1, "one check on entering"
    before = len(checks)
    started = time.monotonic()
    assert app.settle_until(lambda: len(checks) - before >= 3), "rechecked again after coming back"
    app.settle(interval * 6)
    elapsed = time.monotonic() - started
    # A second interval left running from the first visit would check about twice per interval.
    # Bounded by the time that really passed, so that slow frames on a busy machine cannot fail it.
    assert set(checks) == {"home"} and len(checks) - before <= elapsed / interval + 1, "the interval again, once, not twice"


def test_a_damaged_database_is_announced_on_the_touchscreen_and_kept(make_app, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "companion.db").write_bytes(b"SQLite format 3\x00" + b"\x13" * 300)
    app = make_app().start()
    app.frames(2)
    assert app.app.toast.opacity > 0
    assert "was damaged" in app.app.toast.text and "is kept as companion.db.damaged-" in app.app.toast.text
    assert any(".damaged-" in p.name for p in data.iterdir())
    app.screenshot("damaged-database-notice")
    # A first touch (here on an empty part of the screen) does not sweep it away unread.
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(300, 100)
    touch.touch_down()
    touch.touch_up()
    app.settle(0.3)
    assert app.app.toast.opacity == 1 and "was damaged" in app.app.toast.text
    # Its own room: the top bar made as tall as the notice, everything under it moved down
    # (screenshot above: nothing under the notice); its time over, the bar as it was.
    home = app.app.screen("home")
    assert home.bar.height > theme.TOUCH and home.bar.height >= app.app.toast.height - 0.5
    app.app.toast.hide()
    app.frames(3)
    assert home.bar.height == theme.TOUCH


def test_a_damaged_database_gives_up_its_readable_games_to_the_history(make_app, tmp_path):
    """Garbage over a page in the middle of the file: the games still readable are in the new
    database, the touchscreen says how many, and the history screen lists them; a game that lost
    moves says so at the end of its story."""
    from tests.test_store_recovery import GAMES, pages_of, play_evening, readable_games, scribble

    path = play_evening(tmp_path / "data")
    actions = pages_of(path, "actions")
    scribble(path, actions[len(actions) // 2])
    _good, bad = readable_games(path)
    app = make_app().start()
    app.frames(2)
    assert f"{GAMES} games saved, {len(bad)} of them without their whole story" in app.app.toast.text
    app.screenshot("damaged-database-games-saved")
    app.app.go("history")
    app.frames(3)
    app.screenshot("history-after-a-damaged-database")
    assert len(app.app.screen("history").rows.children) == GAMES, "one row a saved game"
    app.app.open_past_game(min(bad))
    screen = app.app.screen("past_game")
    assert app.screen == "past_game" and app.settle_until(lambda: screen.story_complete, timeout=5)
    screen.story_scroll.scroll_y = 0  # the story's end
    app.frames(3)
    assert any("was lost when the game database was damaged" in t for t in app.texts()), app.texts()
    app.screenshot("past-game-with-moves-lost")


def test_a_damaged_log_is_announced_game_by_game_and_the_history_says_what_each_lost(make_app, tmp_path):
    """A pulled plug left a log with a spoilt stretch: the touchscreen names each game that lost
    moves and where it is kept up to; the history's row says how many were lost."""
    import shutil

    from tests.test_wal_salvage import damage_pages, evening_copy

    evening = evening_copy(tmp_path / "crash", seed=4)  # one game kept up to a move, one lost whole
    damage_pages(evening, range(evening.pass_frames // 2, evening.pass_frames - 4))
    data = tmp_path / "data"
    data.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{evening.path}{suffix}", f"{data / 'companion.db'}{suffix}")
    app = make_app().start()
    app.frames(2)
    text = app.app.toast.text
    assert text.startswith("The table's storage was damaged: ") and "the game is kept up to move" in text, text
    assert "The damaged files are kept as companion.db.damaged-" in text
    assert any(p.name.endswith("-wal") and ".damaged-" in p.name for p in data.iterdir())
    app.screenshot("damaged-log-notice")
    app.app.toast.hide()
    app.app.go("history")
    app.frames(3)
    assert any("lost to damaged storage" in t for t in app.texts()), app.texts()
    app.screenshot("history-after-a-damaged-log")


def test_a_game_that_cannot_be_resumed_is_set_aside_and_the_table_starts(make_app, monkeypatch):
    from companion import games
    from tests.support.tally import Tally

    first = make_app().start()
    first.app.start_game("tally", ["Anna", "Ben"], {})
    first.close()
    # As if this version of the app no longer had the game: not registered, not packaged.
    games.unregister("tally")
    shipped = games.packaged()
    monkeypatch.setattr(games, "packaged", lambda: [g for g in shipped if g != "tally"])
    try:
        again = make_app().start()
        assert again.screen == "home"
        assert "could not be resumed" in again.app.toast.text
        assert again.store.unfinished() is None
        assert again.store.history()[0].status == "abandoned"
    finally:
        games.register(Tally())


def test_with_a_keyboard_names_can_be_typed_at_once_but_the_touchscreen_waits_for_a_touch(make_app):
    desktop = make_app(config_text='[display]\ntouch = "mouse"\n').start()
    desktop.tap("[b]Bonbon[/b]\n[size=20]2–6 players[/size]")
    desktop.settle(0.3)
    assert desktop.app.screen("players").name_input.focus
    desktop.close()
    table = make_app().start()  # touch = "auto": the Pi's touchscreen
    table.tap("[b]Bonbon[/b]\n[size=20]2–6 players[/size]")
    table.settle(0.3)
    assert not table.app.screen("players").name_input.focus


def test_a_new_game_over_an_unfinished_one_leaves_it_only_at_a_start_that_says_so(make_app):
    app = make_app().start()
    app.app.start_game("tally", ["Anna", "Ben"], {})
    app.app.act({"type": "add", "points": 2})
    old = app.table.record.id
    app.tap("Menu")
    app.tap("[b]Tally[/b]\n[size=20]2–4 players[/size]")
    app.settle()
    assert app.screen == "players", "no question: the players screen at once"
    app.tap("Back")  # a stray touch on a game's button: Back, and the game is as it was
    app.settle()
    assert app.table.record.id == old and app.table.session.revision == 1
    assert app.store.history() == []
    app.tap("[b]Tally[/b]\n[size=20]2–4 players[/size]")
    app.settle()
    for name in ("Cy", "Dee"):
        app.app.screen("players").add(name)
    app.frames(2)
    start = "[b]Start game[/b]\n[size=20]leaves Tally unfinished[/size]"
    assert start in app.texts(), app.texts()
    app.screenshot("players-start-leaves-the-unfinished-game")
    app.tap(start)
    app.settle()
    assert app.screen == "play" and app.table.record.id != old
    assert [r.id for r in app.store.history()] == [old], "the unfinished game kept in the history"


def play_a_whole_bondcones_game(app: AppDriver) -> None:
    """Mia captures 28 points: the rulebook's worked game, touch by touch through the app."""
    import json
    from pathlib import Path

    script = Path(__file__).parent.parent / "games" / "bondcones" / "scripts" / "game_summary_28_points_win.jsonl"
    setup, *actions = [json.loads(line) for line in script.read_text().splitlines() if line.strip()]
    assert app.app.start_game(setup["game"], setup["players"], setup.get("options", {}))
    for action in actions:
        assert app.app.act(action) is not None, action
    assert app.table.session.result() is not None
    app.frames(3)


def test_after_a_finished_game_home_offers_it_again_not_back_to_it(make_app, monkeypatch):
    """A finished game is not one to go back to: Home says how it ended, offers the same game
    again first, and its final board second (where a wrong last move can still be undone)."""
    from companion.ui import theme
    from tests.ui.test_first_use import the_pi_on_the_network

    the_pi_on_the_network(monkeypatch, "192.168.1.20")
    for size in ((800, 480), (1024, 600)):
        with shipped_games_only():
            app = make_app(size=size).start()
            play_a_whole_bondcones_game(app)
            app.tap("Menu")
            assert app.screen == "home"
            texts = app.texts()
            assert not any(t.startswith("Back to") for t in texts), texts
            over = app.find("BondCones is over: Mia captured 28 points")
            again = app.find("Play BondCones again")
            assert list(again.background_color) == list(theme.ACCENT), "the big, bright button"
            assert over.y >= again.top, "how it ended, above what comes next"
            assert again.top <= app.app.screen("home").game_grid.y, "under the games, which stay put"
            assert app.find("Choose another game")
            assert again.x + again.width <= app.find("See the result").x, "side by side"
            png = app.screenshot("home-game-over" if size == (800, 480) else f"home-game-over-{size[0]}x{size[1]}")
            assert scanned_code(png) == "http://192.168.1.20:9001/#table=table1&prefix=companion"
            app.tap("See the result")
            assert app.screen == "play" and app.find("Mia captured 28 points")
            app.tap("Menu")
            app.tap("Play BondCones again")
            assert app.screen == "players" and app.app.screen("players").game_id == "bondcones"
            assert app.find("Mia") and app.find("Leo"), "the same players are offered first"
            app.app.go("home")
            app.frames(3)
            assert app.find("Play BondCones again"), "nothing was started or closed by looking"
            app.close()


def test_after_the_result_is_left_home_offers_only_a_choice_of_game(make_app):
    app = make_app().start()
    app.app.start_game("tally", ["Anna", "Ben"], {"target": 3})
    app.frames()
    app.tap("[b]+3[/b]")
    app.tap("New game")  # the result bar's: leaves the finished game
    assert app.screen == "home"
    texts = app.texts()
    assert "Choose a game" in texts
    assert not any(t.startswith(("Back to", "Play Tally again")) or "is over" in t for t in texts), texts


def test_the_options_start_says_too_that_it_leaves_the_unfinished_game(make_app):
    app = make_app().start()
    app.app.start_game("bonbon", ["Anna", "Ben"], {})
    app.tap("Menu")
    app.tap("[b]Bonbon[/b]\n[size=20]2–6 players[/size]")
    for name in ("Cy", "Dee"):
        app.app.screen("players").add(name)
    app.frames(2)
    app.tap("Next: options")
    app.settle()
    assert app.screen == "options"
    start = "[b]Start game[/b]\n[size=20]leaves Bonbon unfinished[/size]"
    assert start in app.texts()
    app.screenshot("options-start-leaves-the-unfinished-game")
