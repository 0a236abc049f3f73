"""A question that needs a deliberate answer before something cannot be taken back."""

from __future__ import annotations

from collections.abc import Callable

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.ui import theme
from companion.ui.widgets import BigButton, Panel, Text


class Confirm(ModalView):
    """Two big answers; the safe one is on the left and is what a stray tap outside means."""

    def __init__(self, question: str, keep: str, go_on: str, on_go_on: Callable[[], None]) -> None:
        super().__init__(size_hint=(0.8, None), height=250, auto_dismiss=True, background_color=(0, 0, 0, 0.7))
        box = Panel(orientation="vertical", padding=theme.PAD * 1.5, spacing=theme.PAD, background=theme.PANEL)
        words = Text(text=question, font_size=theme.FONT)
        box.add_widget(words)
        answers = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.PAD)
        keep_button = BigButton(text=keep, primary=True)
        keep_button.bind(on_release=lambda *_: self.dismiss())
        go_button = BigButton(text=go_on)
        go_button.bind(on_release=lambda *_: (self.dismiss(), on_go_on()))
        answers.add_widget(keep_button)
        answers.add_widget(go_button)
        box.add_widget(answers)
        self.add_widget(box)
        # As tall as the question and the answers: no empty band above the words.
        fit = lambda *_: setattr(self, "height", words.height + theme.TOUCH + theme.PAD * 4)  # noqa: E731
        words.bind(height=fit)
        fit()
