"""A table played by touch with a phone watching: the app and its broadcaster as the Pi runs them
(restartable on the same database), buttons found by their words whatever their markup or size,
and the phone's news of moves taken back and put back.

Shared by the whole-game tests of the games that had none (Bonbon, BondCones)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.support.finger import tap
from kivy.uix.button import Button
from kivy.uix.widget import Widget

from companion.broadcast.mqtt import Broadcaster
from tests.support.browser import wait_for
from tests.ui.driver import AppDriver

MARKUP = re.compile(r"\[/?[^\]]*\]")


def plain(text: str) -> str:
    """The words a player reads on a widget: markup (sizes, colours, bold) taken out."""
    return MARKUP.sub("", text).strip()


class Table:
    """The app with its broadcaster; `restart()` is the plug pulled and put back on the same database."""

    def __init__(self, make_app, broker) -> None:
        self.make_app, self.broker = make_app, broker
        self.app: AppDriver | None = None
        self.broadcaster: Broadcaster | None = None
        self.changes: list = []  # every change the table made, its news with it, across restarts

    def up(self) -> AppDriver:
        self.app = self.make_app(size=(800, 480))
        self.app.table.on_session(lambda session: session and session.subscribe(self.changes.append))
        # As the Pi starts: the broadcaster follows the table before the app reopens its game.
        self.broadcaster = Broadcaster(self.broker.companion_config(), self.app.table)
        self.broadcaster.start()
        self.app.start()
        return self.app

    def down(self) -> None:
        assert self.app is not None and self.broadcaster is not None
        self.broadcaster.close()
        self.app.close()
        self.app.started = False  # closed here, not again when the test ends
        self.app.store.close = lambda: None
        self.broadcaster = None

    def restart(self) -> AppDriver:
        session = self.app.table.session
        revision, view = session.revision, session.view()
        self.down()
        app = self.up()
        assert app.screen == "play", "the table reopens the game it was playing"
        assert app.table.session.revision == revision and app.table.session.view() == view, "exactly where it was"
        return app

    def close(self) -> None:
        if self.broadcaster is not None:
            self.broadcaster.close()


def touch(app: AppDriver, widget: Widget) -> None:
    """A finger on the widget's centre; then frames for the change to show."""
    tap(app, *widget.to_window(*widget.center))
    app.frames(2)


def live_buttons(app: AppDriver, root: Widget) -> list[Button]:
    """The buttons under `root` (and only there) a finger can use now: on screen, shown, not greyed."""
    return [w for w in root.walk(restrict=True) if isinstance(w, Button) and not w.disabled
            and w.opacity > 0 and w.get_root_window() is not None]


def button_saying(app: AppDriver, root: Widget, wanted: Callable[[str], bool] | str) -> Button:
    """The live button whose words (markup aside) are `wanted`, or pass the test `wanted`."""
    check = wanted if callable(wanted) else (lambda words: words == wanted)
    found = [b for b in live_buttons(app, root) if check(plain(b.text))]
    assert found, f"no live button says {wanted!r}: {[plain(b.text) for b in live_buttons(app, root)]}"
    return found[0]


def tap_words(app: AppDriver, wanted: Callable[[str], bool] | str, root: Widget | None = None) -> None:
    app.frames(1)
    touch(app, button_saying(app, root if root is not None else app.app.root, wanted))


def start_by_touch(app: AppDriver, title: str, players: list[str]) -> None:
    """From Home: the game's button, the players seated one by one, the options as they are, Start."""
    assert app.screen == "home"
    tap_words(app, lambda words: words.split("\n")[0] == title)
    assert app.screen == "players"
    for name in players:
        app.app.screen("players").name_input.text = name  # typed on the on-screen keyboard
        tap_words(app, "Add")
    # Add keeps the field focused, and on a loaded machine the docked keyboard may come up (a
    # frame or more later) over Next: as a player does, Done closes it, and Next shows again.
    def shown() -> list[str]:
        return [plain(b.text) for b in live_buttons(app, app.app.root)]

    assert app.settle_until(lambda: "Done" in shown() or any(w.startswith("Next") for w in shown())), shown()
    if "Done" in shown():
        tap_words(app, "Done")
    tap_words(app, lambda words: words.startswith("Next"))
    assert app.screen == "options"
    tap_words(app, "Start game")
    assert app.screen == "play"


# -- the phone's news ------------------------------------------------------------------------------

def news_lines(driver) -> list[tuple[str, bool]]:
    """The phone's news, newest first: (words, struck out as taken back)."""
    return [tuple(x) for x in driver.execute_script(
        "return Array.from(document.querySelectorAll('#event-list li')).map(function (li) {"
        "  return [li.querySelector('span').textContent, li.classList.contains('undone')]; });")]


def news_says_taken_back(driver, before: list[tuple[str, bool]], had_news: bool) -> None:
    """After an undo: a new line on top says so, and the move's news, if it had any, is struck out.
    `before` is the news as it was just before the undo."""
    struck_before = sum(s for _, s in before)

    # The page keeps the last 8 lines: once they are all undo lines and news struck out, the news
    # of a move taken back further still is below them.
    def check(lines):
        full = len(lines) == 8 and all(s or w.startswith("Took back: ") for w, s in lines)
        told = bool(lines) and lines[0][0].startswith("Took back: ") and lines != before
        return told and (not had_news or sum(s for _, s in lines) > struck_before or full)

    _news_until(driver, check, "the move taken back")


def news_says_put_back(driver) -> None:
    """After redoing every move taken back: the newest line says so and nothing is struck out."""
    _news_until(driver, lambda lines: lines and lines[0][0].startswith("Put back: ")
                and not any(s for _, s in lines), "every move put back")


def _news_until(driver, check: Callable[[list[tuple[str, bool]]], bool], what: str) -> None:
    try:
        wait_for(lambda: check(news_lines(driver)), timeout=5)
    except AssertionError:
        raise AssertionError(f"the phone's news never showed {what}: {news_lines(driver)}") from None


def undo_redo(app: AppDriver, driver, players, agree: Callable[[AppDriver, Any], Any], back: int) -> None:
    """Undo `back` moves and redo them all by touch; after each, `agree` checks the phone against
    the touchscreen, and the phone's news strikes each move out and puts it back. `players` keeps
    what the table holds: took_back() (whether the move was news) and put_back()."""
    screen = app.app.screen("play")
    before = app.table.session.view()
    for _ in range(back):
        news_before = news_lines(driver)
        touch(app, screen.undo_button)
        had_news = players.took_back()
        agree(app, driver)
        news_says_taken_back(driver, news_before, had_news)
    for _ in range(back):
        touch(app, screen.redo_button)
        players.put_back()
        agree(app, driver)
    news_says_put_back(driver)
    after = app.table.session.view()
    assert after["view"] == before["view"] and after["expected"] == before["expected"]
