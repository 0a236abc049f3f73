"""A panel made at a touch draws its words once, at the width they are shown at, in the frame
that shows it (companion/ui/kit/drawn_once.py)."""

from __future__ import annotations

import pytest
from kivy.base import EventLoop
from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.kit.layout import caption
from companion.ui.widgets import BigButton, Chip, Text

LONG = "Then tap who starts round 1 (the last player to have eaten chocolate) and play goes round"


def _counting(label, drawn: list) -> None:
    """Count the times Kivy draws this label's words (its texture rebuilt)."""
    label.bind(texture=lambda w, texture: texture is not None and drawn.append(w.width))


@pytest.fixture
def root(window):
    # Three boxes deep, as a board's panel sits in its column in the board in the screen.
    outer = BoxLayout(orientation="vertical", size=(800, 480), size_hint=(None, None))
    window.add_widget(outer)
    yield outer
    window.remove_widget(outer)


def _panel_of(widgets) -> BoxLayout:
    middle = BoxLayout(orientation="horizontal")
    middle.add_widget(BoxLayout(size_hint_x=0.56))
    inner = BoxLayout(orientation="vertical", size_hint_x=0.44)
    for widget in widgets:
        inner.add_widget(widget)
    middle.add_widget(inner)
    return middle


def test_a_new_panels_wrapped_words_are_drawn_once_at_their_shown_width(root):
    text, button, chip = Text(text=LONG), BigButton(text=LONG, font_size=theme.FONT_SMALL), Chip(text="+1 face-up")
    drawn = {name: [] for name in ("text", "button", "chip")}
    for name, widget in (("text", text), ("button", button), ("chip", chip)):
        _counting(widget, drawn[name])
    root.add_widget(_panel_of([text, button, chip]))
    EventLoop.idle()  # the frame after the touch that made the panel
    assert (drawn["text"], drawn["button"]) == ([text.width], [button.width]), (
        "each wrapped label's words drawn once, at the width the panel gives it")
    assert len(drawn["chip"]) == 1, "a one-line chip's words drawn once"
    # And they are the words the player sees: wrapped inside the column, the label as tall as them.
    assert 0 < text.texture_size[0] <= text.width and text.height == text.texture_size[1]
    assert text.texture_size[1] > theme.FONT * 1.5, "the long line wrapped at the column's width"


def test_words_wanted_at_once_are_drawn_at_once(root):
    """Code that needs a label's height now (a scoring table fitting its rows) still gets it,
    though a layout above the label is due."""
    label = caption(LONG)
    root.add_widget(_panel_of([label]))
    assert root._trigger_layout.is_triggered
    label.text_size = (200, None)
    label.texture_update()
    assert label.texture is not None and 0 < label.texture_size[0] <= 200


class Restless(BoxLayout):
    """A layout that asks to be laid out again at every pass of the frame (one that never settles)."""

    restless = True

    def do_layout(self, *args) -> None:
        super().do_layout(*args)
        if self.restless:
            self._trigger_layout()


def test_a_label_under_a_layout_that_never_settles_is_still_drawn_in_the_frame(root):
    """Its words are drawn before Kivy gives up on the frame's passes, not a frame late."""
    restless = Restless(orientation="vertical")
    text = Text(text=LONG)
    restless.add_widget(text)
    root.add_widget(restless)
    try:
        EventLoop.idle()  # Kivy logs that the frame's passes ran out: the layout's doing, here
        assert text.texture is not None and 0 < text.texture_size[0] <= text.width
    finally:
        restless.restless = False
        EventLoop.idle()


class Counted(Text):
    """A Text that counts the times Kivy's trigger asks for its words."""

    asked = 0

    def texture_update(self, *largs) -> None:
        self.asked += bool(largs)
        super().texture_update(*largs)


def test_a_label_outside_any_layout_is_drawn_at_the_first_ask(root):
    """On the window itself, with no layout above it, a label has nothing to wait for."""
    label = Counted(text="On its own")
    root.parent.add_widget(label)
    try:
        EventLoop.idle()
        assert label.texture is not None and label.texture_size[0] > 0
        assert label.asked == 1, f"asked {label.asked} times: it waited for a layout that is not there"
    finally:
        root.parent.remove_widget(label)
