"""A finished game's BG Stats link as a QR code on the touchscreen: a phone with BG Stats scans
it and logs the play (the same link as the phone page's "Log in BG Stats")."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.modalview import ModalView

from companion.ui import theme
from companion.ui.phone_code import qr_texture
from companion.ui.widgets import BigButton, Panel, Text

SCAN = "Scan with a phone that has BG Stats to log this game"


class BgStatsCode(ModalView):
    """The code, as large as the screen allows (a long link makes a dense code), and a way out."""

    def __init__(self, url: str, summary: str) -> None:
        super().__init__(size_hint=(0.94, 0.94), auto_dismiss=True, background_color=(0, 0, 0, 0.8))
        self.url = url
        box = Panel(padding=theme.PAD, spacing=theme.PAD, background=theme.PANEL)
        # White around the code: scanners need its quiet zone, whatever the theme.
        code = Panel(padding=theme.GAP, background=(1, 1, 1, 1), size_hint_x=None)
        self.image = Image(texture=qr_texture(url), fit_mode="contain")
        code.add_widget(self.image)
        code.bind(height=lambda _c, h: setattr(code, "width", h))
        box.add_widget(code)
        side = BoxLayout(orientation="vertical", spacing=theme.PAD)
        side.add_widget(Text(text="Log in BG Stats", bold=True, font_size=theme.FONT_TITLE))
        side.add_widget(Text(text=summary, color=theme.ACCENT))
        side.add_widget(Text(text=SCAN, color=theme.MUTED, font_size=theme.FONT_SMALL))
        side.add_widget(BoxLayout())
        done = BigButton(text="Done", primary=True)
        done.bind(on_release=lambda *_: self.dismiss())
        side.add_widget(done)
        box.add_widget(side)
        self.add_widget(box)
