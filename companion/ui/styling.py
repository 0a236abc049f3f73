"""Colour and glyph helpers every board uses: player colours that stay readable, symbol glyphs."""

from __future__ import annotations

from kivy.utils import get_color_from_hex, get_hex_from_color

from companion.ui import theme


def symbol(glyph: str, colour: str | None = None) -> str:
    """Markup for a glyph Roboto lacks (rings, arrows, swords, dots): drawn with DejaVuSans."""
    text = f"[font={theme.SYMBOLS}]{glyph}[/font]"
    return f"[color={colour}]{text}[/color]" if colour else text


def readable(colour: str) -> list[float]:
    """A player's colour, lightened until text in it reads on the dark panels (contrast about 4.5:1)."""
    rgba = list(get_color_from_hex(colour))
    for step in range(11):
        mix = step / 10
        rgb = [c + (1 - c) * mix for c in rgba[:3]]
        if _luminance(rgb) >= 0.24:
            break
    return rgb + [rgba[3]]


def _luminance(rgb: list[float]) -> float:
    """WCAG relative luminance."""
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def hex_of(rgba: list[float]) -> str:
    return get_hex_from_color(rgba)[:7]
