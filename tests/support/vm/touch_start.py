"""Games started on the virtual table by taps on its panel, any game and its yes/no options.

The same way tests/support/vm/appliance.py's play_by_touch starts BondCones: every tap is made on
the guest's panel and on the mirror (this machine's offscreen copy of the app), and a tap that
changes the screen waits until the guest shows what the mirror shows.

    with TouchedTable(vt, folder) as table:
        table.start("Bonbon", ["ann", "bob"], toggles=["No"])   # "No": board_only turned on
        table.tap_button("Menu")                                # back to Home
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from tests.support.vm import appliance
from tests.support.vm.machine import VirtualTable


class TouchedTable:
    def __init__(self, vt: VirtualTable, folder: Path) -> None:
        from tests.support.vm.mirror import make_mirror

        self.vt, self.folder = vt, folder
        self.mirror = make_mirror(folder / "mirror")
        self.taps = 0

    def __enter__(self) -> TouchedTable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.mirror.close()

    def tap(self, where, new_screen: bool) -> None:
        """One tap on both; a tap that brings a new screen (or the keyboard) waits until the guest
        shows it too, or the next tap would land on what was there before."""
        from tests.support.vm.mirror import touch_mirror

        (px, py), (wx, wy) = where
        self.vt.tap(px, py)
        touch_mirror(self.mirror, wx, wy)
        self.taps += 1
        time.sleep(appliance.SCREEN_PAUSE if new_screen else appliance.TAP_PAUSE)
        self.mirror.settle(0.3)
        if new_screen:
            appliance.same_screen(self.vt, self.mirror, self.folder, f"touch-start-{self.taps}", timeout=60)

    def tap_button(self, wanted, new_screen: bool = True) -> None:
        """The button's centre, or, in a list that shows only part of it (an option below the fold),
        the centre of the part that shows: a tap on the hidden part reaches nothing on the guest."""
        from kivy.uix.scrollview import ScrollView

        from tests.support.touch_table import button_saying
        from tests.support.vm.mirror import panel_point

        self.mirror.frames(2)
        button = button_saying(self.mirror, self.mirror.app.root, wanted)
        (left, bottom), (right, top) = button.to_window(button.x, button.y), button.to_window(button.right, button.top)
        parent = button.parent
        while parent is not None and parent is not parent.parent:
            if isinstance(parent, ScrollView):
                (sl, sb), (sr, st) = parent.to_window(parent.x, parent.y), parent.to_window(parent.right, parent.top)
                left, bottom, right, top = max(left, sl), max(bottom, sb), min(right, sr), min(top, st)
            parent = parent.parent
        assert left < right and bottom < top, f"the button {wanted!r} is out of sight"
        x, y = (left + right) / 2, (bottom + top) / 2
        self.tap((panel_point(button, x, y), (x, y)), new_screen)

    def type_name(self, name: str, then: str) -> None:
        from tests.support.vm.mirror import key_point

        for letter in name:
            self.tap(key_point(self.mirror, letter), new_screen=False)
        self.tap_button(then)

    def start(self, title: str, names: Sequence[str], toggles: Sequence[str] = ()) -> None:
        """From Home: the game's button, the names typed on the docked keyboard, each yes/no option
        chip in `toggles` (by the word it shows) turned over, Start game (which says, under its
        words, when it leaves an unfinished game: no dialog asks)."""
        assert self.mirror.screen == "home", self.mirror.screen
        self.tap_button(lambda words: words.split("\n")[0] == title)
        assert self.mirror.screen == "players", self.mirror.screen
        field = self.mirror.app.screen("players").name_input
        x, y = field.to_window(*field.center)
        self.tap(((round(x), round(480 - y)), (x, y)), new_screen=True)  # the docked keyboard comes up
        for i, name in enumerate(names):
            self.type_name(name, "Done" if i == len(names) - 1 else "Add")
        self.tap_button(lambda words: words.startswith("Next"))
        assert self.mirror.screen == "options", self.mirror.screen
        for word in toggles:
            self.tap_button(word)
        self.tap_button(lambda words: words.split("\n")[0] == "Start game")
        assert self.mirror.screen == "play", self.mirror.screen
