"""The phone page's address as a QR code on the touchscreen, so phones at the table can follow."""

from __future__ import annotations

from kivy.graphics.texture import Texture
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image

from companion.broadcast.phone_url import page_url, qr_matrix
from companion.ui import theme
from companion.ui.widgets import Text


def qr_texture(text: str) -> Texture:
    """One texel a module, drawn with sharp edges however large it is shown."""
    matrix = qr_matrix(text, border=2)
    size = len(matrix)
    # RGBA keeps every row 4-byte aligned for GL; rows go bottom-up in GL's coordinates.
    pixels = bytes(
        channel for row in reversed(matrix) for dark in row for channel in ((0, 0, 0, 255) if dark else (255,) * 4)
    )
    texture = Texture.create(size=(size, size), colorfmt="rgba")
    texture.blit_buffer(pixels, colorfmt="rgba", bufferfmt="ubyte")
    texture.mag_filter = texture.min_filter = "nearest"
    return texture


class PhoneCode(BoxLayout):
    """QR code plus a line of text; refreshed when shown, since the Pi's LAN address can change."""

    def __init__(self, config, **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=theme.GAP / 2, **kwargs)
        self.config = config
        self.image = Image(fit_mode="contain")
        self.caption = Text(text="", font_size=theme.FONT_SMALL, color=theme.MUTED, halign="center")
        self.add_widget(self.image)
        self.add_widget(self.caption)
        self.url = ""

    def refresh(self) -> None:
        url = page_url(self.config)
        if url != self.url:
            self.url = url
            self.image.texture = qr_texture(url)
        self.caption.text = "Scan to follow the game on your phone"
