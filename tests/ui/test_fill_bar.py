"""A bar shows its value: the fill drawn on screen is as wide as the value says, zero included.

Kivy's RoundedRectangle keeps drawing its previous shape when given a zero size or corners
wider than itself, so a bar that went from 85% to 0 went on showing 85%. These tests read the
pixels the bar draws, not only the sizes the code asked for.
"""

from __future__ import annotations

import pytest

from companion.ui import theme
from companion.ui.widgets import FillBar

WIDTH, HEIGHT = 200, 16
RED = [1.0, 0.0, 0.0, 1.0]


def filled_columns(bar: FillBar) -> int:
    """How many pixel columns of the bar's middle row show the fill's colour."""
    image = bar.export_as_image()
    texture = image.texture
    pixels = texture.pixels
    w, h = texture.size
    row = h // 2
    return sum(1 for x in range(w) if pixels[(row * w + x) * 4] > 200 and pixels[(row * w + x) * 4 + 1] < 80)


def bar_at(fraction: float, radius: float = 5) -> FillBar:
    bar = FillBar(radius=radius, size_hint=(None, None), size=(WIDTH, HEIGHT))
    bar.show(fraction, RED)
    return bar


@pytest.mark.parametrize(
    "before, after",
    [
        (0.85, 0.0),  # Bonbon's collective bar at the start of round 2: "0 / 15"
        (1.0, 0.0),  # board mode after Next round: a full bar back to 0
        (10 / 28, 2 / 28),  # BondCones after an undo: 2 points of 28, narrower than the corners
        (0.5, 1 / 200),  # one pixel
        (0.0, 0.3),
        (0.3, 0.6),
    ],
)
def test_the_drawn_fill_follows_the_value_down_to_zero(window, before, after):
    bar = bar_at(before)
    assert filled_columns(bar) == pytest.approx(before * WIDTH, abs=1)
    bar.show(after, RED)
    drawn = filled_columns(bar)
    assert drawn == pytest.approx(after * WIDTH, abs=1), f"{after:.0%} is drawn {drawn} px wide of {WIDTH}"
    assert bar.drawn_width == pytest.approx(after * WIDTH, abs=1)


def test_a_bar_narrower_than_its_corners_draws_just_its_value(window):
    bar = bar_at(0.9, radius=8)
    for value in range(16, -1, -1):  # down through the corners' width one pixel at a time
        bar.show(value / WIDTH, RED)
        assert filled_columns(bar) == pytest.approx(value, abs=1), f"{value} px"
        assert bar.drawn_width == pytest.approx(value, abs=0.5)


def test_an_empty_bar_takes_its_colour_again_when_it_fills(window):
    bar = bar_at(0.5)
    bar.show(0.0, theme.GOOD)
    assert filled_columns(bar) == 0 and bar.drawn_width == 0
    bar.show(0.25, RED)
    assert filled_columns(bar) == pytest.approx(50, abs=1)
