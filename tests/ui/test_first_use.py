"""What a new player at the table met first: names that stay put, words that fit and are true."""

import pytest
from kivy.uix.behaviors import FocusBehavior

from tests.support.finger import tap as finger_tap
from tests.ui.driver import AppDriver


def touch_at(app: AppDriver, x: float, y: float) -> None:
    """A finger on one spot of the glass, whatever is shown there now."""
    app.frames(2)
    finger_tap(app, x, y)  # waits, as a player does, to see what is there
    app.frames(2)


def played_before(app: AppDriver, *names: str) -> None:
    """Names the table has seen in an earlier game, so the players screen offers them."""
    assert app.app.start_game("tally", list(names), {})
    app.app.leave_game()
    app.frames(2)


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_names_played_before_stay_where_they_are_while_players_sit_down(make_app, size):
    app = make_app(size=size).start()
    played_before(app, "Eve", "Fay")
    played_before(app, "Anna", "Ben", "Cris", "Dan")  # offered first: the most recent
    app.tap("[b]Bonbon[/b]\n[size=20]2–6 players[/size]")
    app.frames(3)
    # Where a person sees each name before touching any of them.
    spots = {name: app.find(name).to_window(*app.find(name).center) for name in ("Anna", "Ben", "Cris")}
    boxes = {name: tuple(app.find(name).size) for name in ("Anna", "Ben", "Cris")}
    touch_at(app, *spots["Anna"])
    touch_at(app, *spots["Ben"])
    assert app.app.screen("players").names == ["Anna", "Ben"]
    for name in ("Anna", "Ben", "Cris"):
        chip = app.find(name)
        assert chip.to_window(*chip.center) == spots[name] and tuple(chip.size) == boxes[name], name
    assert app.find("Anna").disabled and not app.find("Cris").disabled, "a chosen name shows as chosen"
    touch_at(app, *spots["Anna"])  # touching a chosen name again adds nobody
    assert app.app.screen("players").names == ["Anna", "Ben"]
    app.screenshot("players-played-before" if size == (800, 480) else "players-played-before-1024x600")


@pytest.fixture
def docked_keyboard(window):
    """Kivy's own keyboard, docked at the foot of the window, as on the Pi's touchscreen.

    The tests' window is made with keyboard_mode "system" (a desktop has a real keyboard); the Pi's
    is "systemanddock" (companion/ui/launch.py). These are the flags Window.configure_keyboards
    sets for that mode, set directly: calling it again would bind the real keyboard twice.
    """
    from kivy.config import Config

    flags = ("use_syskeyboard", "allow_vkeyboard", "single_vkeyboard", "docked_vkeyboard")
    saved = {flag: getattr(window, flag) for flag in flags}, Config.get("kivy", "keyboard_mode")
    for flag in flags:
        setattr(window, flag, True)
    Config.set("kivy", "keyboard_mode", "systemanddock")
    yield window
    window.release_all_keyboards()
    window._keyboards.pop("single", None)  # the docked keyboard made for this test, not reused by the next
    for flag, value in saved[0].items():
        setattr(window, flag, value)
    Config.set("kivy", "keyboard_mode", saved[1])


def on_screen_keyboard(app: AppDriver):
    from kivy.uix.vkeyboard import VKeyboard

    return next((w for w in app.window.children if isinstance(w, VKeyboard)), None)


def press_key(app: AppDriver, keyboard, label: str) -> None:
    """Touch the on-screen keyboard's key showing this label, where a finger would."""
    layout = keyboard.available_layouts[keyboard.layout]
    for line in range(1, layout["rows"] + 1):
        for index, key in enumerate(layout[f"{keyboard.layout_mode}_{line}"]):
            if key[0] == label:
                (x, y), (w, h) = keyboard.layout_geometry[f"LINE_{line}"][index]
                touch_at(app, *keyboard.to_parent(x + w / 2, y + h / 2))
                return
    raise AssertionError(f"no {label!r} key")


def window_rect(widget) -> tuple[float, float, float, float]:
    x, y = widget.to_window(widget.x, widget.y)
    return x, y, x + widget.width, y + widget.height


def clear_of(rect, keyboard_top: float, size) -> bool:
    """On the screen and wholly above the keyboard."""
    x0, y0, x1, y1 = rect
    return x0 >= 0 and x1 <= size[0] and y0 >= keyboard_top and y1 <= size[1]


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_names_can_be_typed_on_the_docked_keyboard_with_the_seats_in_view(make_app, docked_keyboard, size):
    """The trial: the docked keyboard hid the seats from the third row down, and Next, while typing."""
    app = make_app(size=size).start()
    played_before(app, "Anna", "John", "Cris")
    app.tap("[b]Bonbon[/b]\n[size=20]2–6 players[/size]")
    players = app.app.screen("players")
    field = players.name_input
    touch_at(app, *field.to_window(*field.center))
    keyboard = on_screen_keyboard(app)
    assert keyboard is not None and keyboard.docked and field.focus
    (_x, _y), (_w, height) = keyboard.bbox
    top = _y + height
    assert top > size[1] / 3, "the keyboard takes a good part of the screen"

    typed = ["dana", "eve", "fay", "gus"]  # more than the strip above the keyboard holds at once
    for i, name in enumerate(typed):
        for letter in name:
            press_key(app, keyboard, letter)
        if i % 2:
            press_key(app, keyboard, "\u23ce")  # the keyboard's Enter
        else:
            app.tap("Add")
        app.frames(3)
        assert players.names == typed[: i + 1]
        assert field.focus and on_screen_keyboard(app) is keyboard, "the keyboard stays for the next name"
        newest = app.find(f"{i + 1}. {name}")
        for what, widget in (("name field", field), ("Add", app.find("Add")), ("Done", app.find("Done")),
                             ("newest seat", newest), ("seat count", players.seat_hint)):
            assert clear_of(window_rect(widget), top, size), f"{size} after {name!r}: {what} is under the keyboard"
        # Inside the list's scrolled view too: a row scrolled out of it is not drawn.
        sx0, sy0, sx1, sy1 = window_rect(players.seat_scroll)
        nx0, ny0, nx1, ny1 = window_rect(newest.parent)
        assert sy0 - 0.5 <= ny0 and ny1 <= sy1 + 0.5, f"{size} after {name!r}: the newest seat is scrolled out of view"
        assert players.seat_hint.text.startswith(f"{i + 1} seated")
        if i == 0:
            assert "add 1 more" in players.seat_hint.text  # Bonbon needs two
            app.screenshot("players-typing" if size == (800, 480) else "players-typing-1024x600")
    app.screenshot("players-typing-four" if size == (800, 480) else "players-typing-four-1024x600")

    # Seating a name played before, or taking a seat away, mid-entry leaves the keyboard up.
    touch_at(app, *app.find("Anna").to_window(*app.find("Anna").center))
    assert players.names == [*typed, "Anna"] and field.focus and on_screen_keyboard(app) is keyboard
    remove = app.find("5. Anna").parent.children[0]
    assert remove.text == "×"
    touch_at(app, *remove.to_window(*remove.center))
    assert players.names == typed and field.focus and on_screen_keyboard(app) is keyboard
    assert clear_of(window_rect(app.find("4. gus")), top, size), "the newest seat is in view again"
    assert FocusBehavior.ignored_touch == [], "every kept touch was let go"

    # A refused name is explained above the keyboard, not in the message line it covers.
    for letter in "eve":
        press_key(app, keyboard, letter)
    app.tap("Add")
    assert players.names == typed and "Two players are called 'eve'" in players.seat_hint.text
    assert clear_of(window_rect(players.seat_hint), top, size)
    if size == (800, 480):
        app.screenshot("players-typing-refused")
    field.text = ""

    app.tap("Done")
    app.frames(3)
    assert not field.focus and on_screen_keyboard(app) is None
    next_button = app.find("Next: options")
    assert clear_of(window_rect(next_button), 0, size) and not next_button.disabled
    assert "In seat order" in players.seat_hint.text
    if size == (800, 480):
        app.screenshot("players-after-done")
    app.tap("Next: options")
    assert app.screen == "options"


def test_done_seats_a_name_left_in_the_field(make_app, docked_keyboard):
    app = make_app().start()
    app.tap("[b]Bonbon[/b]\n[size=20]2–6 players[/size]")
    players = app.app.screen("players")
    touch_at(app, *players.name_input.to_window(*players.name_input.center))
    players.name_input.text = "Anna"
    app.tap("Add")
    players.name_input.text = "Ben"
    app.tap("Done")
    app.frames(3)
    assert players.names == ["Anna", "Ben"] and on_screen_keyboard(app) is None
    assert app.find("Next: options")


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_the_deck_can_be_typed_on_the_docked_keyboard_with_the_field_in_view(make_app, docked_keyboard, size):
    app = make_app(size=size).start()
    app.app.screen("options").prepare("bonbon", ["Anna", "John", "Cris"])
    app.app.go("options")
    app.settle(0.6)
    options = app.app.screen("options")
    field = options.fields[0]
    touch_at(app, *field.to_window(*field.center))
    keyboard = on_screen_keyboard(app)
    assert keyboard is not None and field.focus
    for letter in "1:8 2:8":
        press_key(app, keyboard, " " if letter == " " else letter)
    app.frames(3)
    assert field.text == "1:8 2:8"
    (_x, y), (_w, h) = keyboard.bbox
    for what, widget in (("deck field", field), ("its label", app.find("Deck values"))):
        assert clear_of(window_rect(widget), y + h, size), f"{size}: {what} is under the keyboard"
        sx0, sy0, sx1, sy1 = window_rect(options.scroll)
        wx0, wy0, wx1, wy1 = window_rect(widget)
        assert sy0 - 0.5 <= wy0 and wy1 <= sy1 + 0.5, f"{size}: {what} is scrolled out of view"
    if size == (800, 480):
        app.screenshot("options-typing")
    press_key(app, keyboard, "\u23ce")  # the keyboard's Enter: done with the field
    app.frames(3)
    assert not field.focus and on_screen_keyboard(app) is None
    start = app.find("Start game")
    assert clear_of(window_rect(start), 0, size)
    app.tap("Start game")
    assert app.screen == "play" and app.table.session.options["deck_values"] == "1:8 2:8"


def test_the_players_screen_says_how_each_game_decides_who_starts(make_app):
    """Bonbon asks on its board who starts, BondCones rolls for it: neither is "the first name"."""
    app = make_app().start()
    hints = {}
    for game_id, title in (("bonbon", "[b]Bonbon[/b]\n[size=20]2–6 players[/size]"),
                           ("bondcones", "[b]BondCones[/b]\n[size=20]2 players[/size]")):
        app.app.go("home")
        app.tap(title)
        hints[game_id] = app.app.screen("players").seat_hint.text
        assert "first name starts" not in hints[game_id]
        assert app.find(hints[game_id]), "the line is on screen"
        app.screenshot(f"players-{game_id}")

    # What the games then do, checked against what the line said.
    assert "asks who starts" in hints["bonbon"]
    app.app.start_game("bonbon", ["Anna", "Ben", "Cris"], {})
    start = next(s for s in app.table.session.expected().legal if s.type == "start")
    assert set(start.fields["first"].values) == {"Anna", "Ben", "Cris"}, "any player may start"
    app.app.leave_game()

    assert "opening roll decides who starts" in hints["bondcones"] and "first name rolls first" in hints["bondcones"]
    app.app.start_game("bondcones", ["Mia", "Leo"], {})
    game = app.table.session.view()["view"]
    assert game["phase"] == "opening" and game["starter"] is None
    assert app.table.session.expected().turn == "Mia"


def natural_width(label) -> float:
    """How wide a label's text is in full: the tray line shortens itself with "…" when too wide."""
    from kivy.uix.label import Label

    probe = Label(text=label.text, markup=label.markup, font_size=label.font_size, font_name=label.font_name,
                  bold=label.bold)
    probe.texture_update()
    return probe.texture_size[0]


def test_every_dice_tray_state_fits_under_the_bondcones_frames(make_app):
    from companion.status import DeviceStatus
    from companion.ui.boards.bondcones import words

    states = [None] + [DeviceStatus("Dice tray", level, "details on the status screen")
                       for level in ("ok", "off", "waiting", "error")]
    for size in ((800, 480), (1024, 600)):
        tray = {"status": None}  # a source may give a list of statuses: none is no tray at all
        app = make_app(size=size, devices=[lambda: [tray["status"]] if tray["status"] else []]).start()
        assert app.app.start_game("bondcones", ["Mia", "Leo"], {})
        app.frames(3)
        line = app.app.screen("play").board.tray
        for status in states:
            tray["status"] = status
            app.app.screen("play").show_devices()  # what the play screen does every few seconds
            app.frames(2)
            level, said = words.tray(status)
            assert line.text.endswith(said)
            assert natural_width(line) <= line.width, f"{size}: {said!r} is cut off"
            assert line.texture_size[1] <= line.height and line.x >= 0 and line.y >= 0
        if size == (800, 480):
            tray["status"] = states[3]  # the longest words on the smallest screen
            app.app.screen("play").show_devices()
            app.screenshot("bondcones-tray-waiting")
        app.close()


def the_pi_on_the_network(monkeypatch, address):
    from companion.broadcast import phone_url

    monkeypatch.setattr(phone_url, "lan_address", lambda: address)


def phone_page_row(app: AppDriver):
    """The status screen's detail label for the phone page."""
    from companion.ui.widgets import Text

    app.app.go("status")
    app.frames(4)
    name = app.find("Phone page")
    return next(w for w in name.parent.walk() if isinstance(w, Text) and w not in (name,) and w.font_size < name.font_size)


def test_the_status_screen_breaks_the_phone_address_only_where_it_reads_well(make_app, monkeypatch):
    from companion.broadcast.phone_url import reachable_page_url
    from kivy.core.text import Label as CoreLabel

    the_pi_on_the_network(monkeypatch, "192.168.1.20")
    for size in ((800, 480), (1024, 600)):
        app = make_app(size=size).start()
        url = reachable_page_url(app.app.settings)
        detail = phone_page_row(app)
        measure = CoreLabel(font_size=detail.font_size, font_name=detail.font_name)
        lines = detail.text.split("\n")
        address = [line for line in lines if not line.startswith("(")]  # the broker's note goes beneath
        assert "".join(address) == url, "the whole address, in order"
        assert all(line[0] in "#&" for line in address[1:]), f"broken only before # or &: {address}"
        for line in lines[: len(address)]:
            assert measure.get_extents(line)[0] <= detail.width, f"{line!r} would be cut again mid-word"
        if size == (800, 480):
            assert len(address) > 1, "too long for one line of the 800 px screen"
            app.screenshot("status-phone-address")
        else:
            assert len(address) == 1, "on one line where it fits"
        app.close()


def test_without_a_network_the_status_screen_says_so_instead_of_a_localhost_address(make_app, monkeypatch):
    from companion.ui.phone_code import NO_NETWORK

    the_pi_on_the_network(monkeypatch, None)
    app = make_app().start()
    detail = phone_page_row(app)
    assert detail.text == NO_NETWORK
    assert not any("localhost" in text for text in app.texts())
    app.screenshot("status-no-network")


def test_the_phone_code_stays_large_enough_to_scan_while_a_game_is_in_progress(make_app, monkeypatch):
    from tests.ui.test_shell import scanned_code, shipped_games_only

    the_pi_on_the_network(monkeypatch, "192.168.1.20")
    url = "http://192.168.1.20:9001/#table=table1&prefix=companion"
    for size in ((800, 480), (1024, 600)):
        with shipped_games_only():
            app = make_app(size=size).start()
            assert app.screen == "home"
            home = app.app.screen("home")
            sides = {}
            for state in ("idle", "playing"):
                if state == "playing":
                    app.app.start_game("bonbon", ["Anna", "Ben"], {})
                    app.tap("Menu")
                    assert app.screen == "home"
                app.frames(3)
                image = home.phone_code.image
                # What is drawn: the texture's square fitted into the widget ("contain").
                side = min(image.norm_image_size)
                x, y = image.to_window(*image.center)
                assert side >= 150, f"{size} {state}: the code is {side:.0f} px across"
                assert x + side / 2 <= size[0] and y - side / 2 >= 0, "all of it on the screen"
                sides[state] = side
                name = {"idle": "home", "playing": "home-game-in-progress"}[state]
                png = app.screenshot(name if size == (800, 480) else f"{name}-{size[0]}x{size[1]}")
                assert scanned_code(png) == url, f"{size} {state}"
            assert sides["playing"] >= sides["idle"], "no smaller while a game is in progress"
            resume = app.find("Back to Bonbon")
            assert resume.top <= app.app.screen("home").game_grid.y, "the way back under the games, which stay put"
            app.tap("Back to Bonbon")
            assert app.screen == "play"
            app.app.leave_game()  # else the next table would reopen it
            app.close()
