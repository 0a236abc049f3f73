"""The check every screenshot passes besides readable words (tests/support/placement.py): it fails
on a label or button drawn over another one, or partly off the screen, and lets stand a screen
whose parts stand clear, a button's own label, and a list scrolled past its end."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label

from companion.ui.kit.layout import button
from companion.ui.widgets import BigButton, Text, scrolling_grid
from tests.support.placement import misplaced
from tests.ui.conftest import window  # noqa: F401 (fixture: the one headless window)

SCREEN = (800, 480)


def shown(window, root):  # noqa: F811
    """Put `root` on an 800x480 window as the app's only layer; the layers as the driver gives them."""
    window.size = SCREEN
    window.add_widget(root)
    for _ in range(3):
        EventLoop.idle()
    return [[w for w in root.walk(restrict=True)]]


def test_a_screen_whose_parts_stand_clear_passes(window):  # noqa: F811
    root = BoxLayout(orientation="vertical", padding=8, spacing=6)
    bar = BoxLayout(size_hint_y=None, height=64, spacing=6)
    bar.add_widget(BigButton(text="Undo"))
    bar.add_widget(Label(text="Ann: play a card"))
    bar.add_widget(BigButton(text="Redo"))
    root.add_widget(bar)
    root.add_widget(Text(text="Which card?"))
    root.add_widget(button("Pass", lambda: None))
    try:
        assert misplaced(shown(window, root), window.size) == []
    finally:
        window.remove_widget(root)


def test_a_heading_drawn_over_a_button_fails(window):  # noqa: F811
    root = FloatLayout()
    root.add_widget(BigButton(text="Undo", size_hint=(None, None), size=(110, 64), pos=(200, 400)))
    # A heading planted across the button, as Baon's "Play a baon" heading was across the top bar.
    root.add_widget(Label(text="Play a baon: which empty container?", size_hint=(None, None), size=(700, 30),
                          text_size=(700, None), pos=(20, 410)))
    try:
        problems = misplaced(shown(window, root), window.size)
    finally:
        window.remove_widget(root)
    assert len(problems) == 1 and "'Undo'" in problems[0] and "drawn over each other" in problems[0], problems


def test_a_button_partly_below_the_screen_fails(window):  # noqa: F811
    root = FloatLayout()
    root.add_widget(BigButton(text="Pass", size_hint=(None, None), size=(200, 64), pos=(20, -30)))
    try:
        problems = misplaced(shown(window, root), window.size)
    finally:
        window.remove_widget(root)
    assert len(problems) == 1 and "'Pass' lies partly outside the 800x480 screen" in problems[0], problems


def test_a_label_wider_than_its_words_takes_only_their_room(window):  # noqa: F811
    """Kivy draws a label's words centred in its box: a wide box beside a button is not over it."""
    root = FloatLayout()
    root.add_widget(Label(text="Ann", size_hint=(None, None), size=(400, 64), pos=(0, 100)))
    root.add_widget(BigButton(text="Take", size_hint=(None, None), size=(100, 64), pos=(300, 100)))
    try:
        assert misplaced(shown(window, root), window.size) == []
    finally:
        window.remove_widget(root)


def test_a_list_scrolled_past_its_end_shows_only_what_its_window_shows(window):  # noqa: F811
    root = BoxLayout(orientation="vertical")
    scroll, rows = scrolling_grid()
    for n in range(30):  # far taller than the screen: the rows below are scrolled away, not off-screen
        rows.add_widget(BigButton(text=f"Move {n}"))
    root.add_widget(scroll)
    root.add_widget(BigButton(text="Back", size_hint_y=None, height=64))
    try:
        assert misplaced(shown(window, root), window.size) == []
    finally:
        window.remove_widget(root)


def _list_with_a_bar(kept_clear: bool):
    """A scrolling list longer than its room, its bar drawn at rest; its rows kept clear of the
    bar (companion/ui/widgets.py, beside_the_bar) or not."""
    from kivy.uix.gridlayout import GridLayout
    from kivy.uix.scrollview import ScrollView

    from companion.ui.widgets import beside_the_bar

    root = BoxLayout(orientation="vertical", padding=8)
    grid = GridLayout(cols=1, spacing=8, size_hint_y=None)
    grid.bind(minimum_height=grid.setter("height"))
    scroll = ScrollView(do_scroll_x=False)
    scroll.add_widget(grid)
    scroll.bar_width = 8
    scroll.bar_inactive_color = scroll.bar_color
    if kept_clear:
        beside_the_bar(scroll, grid)
    for n in range(12):
        grid.add_widget(BigButton(text=f"Pass + tile {n}", size_hint_y=None, height=64))
    root.add_widget(scroll)
    return root


def test_a_scroll_bar_drawn_over_a_lists_buttons_fails_and_one_beside_them_passes(window):  # noqa: F811
    from tests.support.placement import under_scroll_bars

    over = _list_with_a_bar(False)
    try:
        problems = under_scroll_bars(shown(window, over))
    finally:
        window.remove_widget(over)
    assert problems and all("scroll bar is drawn over" in p for p in problems), problems
    assert "'Pass + tile 0'" in problems[0]
    beside = _list_with_a_bar(True)
    try:
        assert under_scroll_bars(shown(window, beside)) == []
    finally:
        window.remove_widget(beside)


def test_a_raw_identifier_among_the_words_fails(window):  # noqa: F811
    from tests.support.readable import unreadable

    raw = Text(text="Next round's leader: last_trick", font_size=20)
    fine = Text(text="Next round's leader: Last trick", font_size=20)
    root = BoxLayout(orientation="vertical")
    root.add_widget(raw)
    root.add_widget(fine)
    try:
        problems = unreadable(w for layer in shown(window, root) for w in layer)
    finally:
        window.remove_widget(root)
    assert problems == ["\"Next round's leader: last_trick\" shows the program's name 'last_trick', not a player's words"]
