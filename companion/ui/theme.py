"""Colours and sizes for an 800x480 touchscreen read at arm's length in a dim room."""

from kivy.metrics import dp, sp
from kivy.utils import get_color_from_hex as hex_colour

BACKGROUND = hex_colour("#0E1116")
PANEL = hex_colour("#1B222C")
PANEL_LIGHT = hex_colour("#2A3442")
TEXT = hex_colour("#FFFFFF")
MUTED = hex_colour("#C5CED8")  # still 10:1 against the background
ACCENT = hex_colour("#FFB000")  # amber: the one thing to look at
ACCENT_TEXT = hex_colour("#111111")
DANGER = hex_colour("#FF6B6B")
GOOD = hex_colour("#3DDC84")
WARNING = hex_colour("#FFD34D")

LEVEL_COLOURS = {"ok": GOOD, "off": MUTED, "waiting": WARNING, "error": DANGER}

FONT_SMALL = sp(20)  # the smallest words a player must read from their seat (kit: layout.READABLE)
FONT = sp(22)
FONT_TITLE = sp(28)
FONT_BIG = sp(44)
FONT_HUGE = sp(72)

TOUCH = dp(56)  # every touch target is at least this tall (guideline: 48 px)
GAP = dp(8)
PAD = dp(12)

# Roboto lacks arrows and dice pips: Kivy's bundled DejaVuSans has them (use in [font=] markup).
SYMBOLS = "DejaVuSans"
