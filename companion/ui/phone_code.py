"""The phone page's address as a QR code on the touchscreen, so phones at the table can follow."""

from __future__ import annotations

from collections.abc import Callable

from kivy.clock import Clock
from kivy.graphics.texture import Texture
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image

from companion.broadcast.phone_url import qr_matrix, reachable_page_url
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


SCAN = "Scan to follow the game on your phone"
NO_NETWORK = "No network yet: phones can follow once the table is on Wi-Fi or Ethernet"


class PhoneCode(BoxLayout):
    """QR code plus a line of text, or only a line while the Pi has no address phones could use.

    Refreshed again and again while shown (see the home screen), since the Pi may join
    the network after the app starts, and its LAN address can change.
    """

    def __init__(self, config, later: Callable[[Callable[[], None]], None] | None = None, **kwargs) -> None:
        """`later`: runs the first code's drawing once the table's first frames are shown (the
        app's FirstFrames), else it comes with the next frame."""
        super().__init__(orientation="vertical", spacing=theme.GAP / 2, **kwargs)
        self.config = config
        self._later = later or (lambda task: Clock.schedule_once(lambda _dt: task(), 0))
        self.image = Image(fit_mode="contain")
        self.caption = Text(text="", font_size=theme.FONT_SMALL, color=theme.MUTED, halign="center")
        self.add_widget(self.image)
        self.add_widget(self.caption)
        self.url: str | None = ""  # "" until the first refresh, None while there is no usable address

    def refresh(self) -> None:
        url = reachable_page_url(self.config)
        if url == self.url:
            return  # runs every few seconds: building a texture each time would be waste
        first = self.url == ""
        self.url = url
        if url is None:
            self.image.texture = None
            self._show_code(False)
            self.caption.text = NO_NETWORK
        elif first:
            # The table's first frames do not wait for the code (making one is slow on a Pi):
            # the column stays empty for them, and the code comes before anything else that waited.
            self._show_code(False)
            self._later(lambda: self._draw_code(url))
        else:
            self._draw_code(url)

    def _draw_code(self, url: str) -> None:
        if url != self.url:
            return  # the address changed meanwhile, and its own refresh said so
        self.image.texture = qr_texture(url)
        self.caption.text = SCAN
        self._show_code(True)

    def _show_code(self, shown: bool) -> None:
        if shown and self.image.parent is None:
            self.add_widget(self.image, index=1)
            self.caption.size_hint_y = None
            # Its height only follows a change of texture size, which may not come.
            self.caption.texture_update()
            self.caption.height = self.caption.texture_size[1]
        elif not shown and self.image.parent is not None:
            # Taken out rather than emptied (an Image without a texture draws a white box), and
            # the line takes its place, centred, so it reads as the code's stand-in.
            self.remove_widget(self.image)
            self.caption.size_hint_y = 1
