"""What every screen shares: the dark background, a title bar with a way back, a body."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui import theme
from companion.ui.widgets import BigButton, Text, fill


class BaseScreen(Screen):
    title_text = ""
    back_to: str | None = "home"
    back_label = "Back"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(**kwargs)
        self.app = app
        fill(self, theme.BACKGROUND)
        outer = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        self.bar = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        if self.back_to:
            back = BigButton(text=self.back_label, size_hint_x=None, width=120)
            back.bind(on_release=lambda *_: self.app.go(self.back_to))
            self.bar.add_widget(back)
        self.heading = Text(text=self.title_text, font_size=theme.FONT_TITLE, bold=True, wrap=False)
        self.bar.add_widget(self.heading)
        outer.add_widget(self.bar)
        self.body = BoxLayout(orientation="vertical", spacing=theme.GAP)
        outer.add_widget(self.body)
        self.add_widget(outer)

    def message_places(self) -> list:
        """Where a message stands in for the screen's words (companion/ui/widgets.py, Toast):
        the heading, then the whole top bar, so it never covers a button below."""
        return [self.heading, self.bar]
