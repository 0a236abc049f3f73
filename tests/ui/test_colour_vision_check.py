"""The check every screenshot passes for colour-blind players (tests/support/colour_vision.py): two
suits or players a viewer with protanopia, deuteranopia or tritanopia sees in near colours fail when
nothing but their colour tells them apart, and pass once a letter or name does."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.baon.cards import COLOURS
from companion.ui.boards.bon.colours import FILL
from companion.ui.widgets import BigButton, Text
from kivy.utils import get_color_from_hex
from tests.support.colour_vision import THRESHOLD, colour_only, difference
from tests.ui.conftest import window  # noqa: F401 (fixture: the one headless window)

RED, BROWN = COLOURS["red"], COLOURS["brown"]  # Baon's suit colours: alike to a deuteranope
GREEN, BLUE = "#009E73", "#0072B2"  # two seat colours: alike only with tritanopia


def problems(window, root):  # noqa: F811
    """What the check says of `root` drawn alone on an 800x480 window."""
    window.size = (800, 480)
    window.add_widget(root)
    try:
        for _ in range(3):
            EventLoop.idle()
        return colour_only(root.walk(restrict=True))
    finally:
        window.remove_widget(root)


def chip(text: str, hex_colour: str) -> BigButton:
    return BigButton(text=text, background_color=get_color_from_hex(hex_colour), color=(1, 1, 1, 1))


class Stripe(Widget):
    """A bar filled in a player's colour, with no words of its own (as a score bar)."""

    def __init__(self, hex_colour: str, **kwargs) -> None:
        super().__init__(size_hint_y=None, height=14, **kwargs)
        with self.canvas:
            Color(rgba=get_color_from_hex(hex_colour))
            self._rect = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=self._redraw, size=self._redraw)

    def _redraw(self, *_) -> None:
        self._rect.pos, self._rect.size = self.pos, self.size


def test_the_simulation_puts_red_and_brown_together_for_a_deuteranope_only():
    red, brown = tuple(int(c * 255 + 0.5) for c in get_color_from_hex(RED)[:3]), \
        tuple(int(c * 255 + 0.5) for c in get_color_from_hex(BROWN)[:3])
    assert difference(red, brown, "deuteranopia") < THRESHOLD <= difference(red, brown, "normal vision")


def test_two_suit_chips_told_apart_by_colour_alone_fail_for_a_deuteranope(window):  # noqa: F811
    root = BoxLayout(spacing=8)
    root.add_widget(chip("5", RED))
    root.add_widget(chip("5", BROWN))
    found = problems(window, root)
    assert len(found) == 1, found
    assert "Baon's brown suit" in found[0] and "Baon's red suit" in found[0] and "deuteranopia" in found[0], found


def test_the_same_chips_with_their_suits_letters_pass(window):  # noqa: F811
    root = BoxLayout(spacing=8)
    root.add_widget(chip("Lec 5", RED))
    root.add_widget(chip("Ado 5", BROWN))
    assert problems(window, root) == []


def test_b_o_n_suits_marked_only_by_their_numbers_stay_apart_for_every_viewer(window):  # noqa: F811
    root = BoxLayout(spacing=8)
    for key in ("red", "yellow", "blue"):
        root.add_widget(BigButton(text="8", background_color=FILL[key]))
    assert problems(window, root) == []


def test_a_row_name_beside_letterless_keys_names_them(window):  # noqa: F811
    def pad(named: bool) -> GridLayout:
        grid = GridLayout(cols=3 if named else 2, spacing=8)
        for name, colour in (("Lechon", RED), ("Adobo", BROWN)):
            if named:
                grid.add_widget(Label(text=name, color=(0.77, 0.81, 0.85, 1), font_size=20))
            grid.add_widget(chip("3", colour))
            grid.add_widget(chip("4", colour))
        return grid

    assert problems(window, pad(named=True)) == []
    found = problems(window, pad(named=False))
    assert len(found) == 1 and "deuteranopia" in found[0], found


def test_player_bars_without_names_fail_with_tritanopia_and_pass_under_their_names(window):  # noqa: F811
    def tiles(named: bool) -> BoxLayout:
        root = BoxLayout(spacing=8)
        for name, colour in (("Cy", GREEN), ("Dee", BLUE)):
            tile = BoxLayout(orientation="vertical")
            if named:
                tile.add_widget(Text(text=name, color=get_color_from_hex(colour)))
            tile.add_widget(Stripe(colour))
            root.add_widget(tile)
        return root

    found = problems(window, tiles(named=False))
    assert len(found) == 1 and "tritanopia" in found[0] and "neither named" in found[0], found
    assert problems(window, tiles(named=True)) == []


def test_coloured_words_in_one_line_are_named_by_the_suit_written_before_them(window):  # noqa: F811
    def line(text: str) -> BoxLayout:
        root = BoxLayout()
        root.add_widget(Text(text=text, markup=True))
        return root

    # The suit's letters only where it changes, as Baon writes cards being entered.
    assert problems(window, line(f"[color={RED}]Lec 3[/color] [color={RED}]4[/color] "
                                 f"[color={BROWN}]Ado 4[/color] [color={BROWN}]5[/color]")) == []
    found = problems(window, line(f"[color={RED}]4[/color] [color={BROWN}]4[/color]"))
    assert len(found) == 1 and "'4'" in found[0], found
