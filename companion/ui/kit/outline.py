"""A frame around a widget (the acting player, a marked card, a chosen key) that is drawn only while seen.

Boards keep a frame ready on every row, card and key and colour it in when it applies: usually
transparent. A transparent Kivy Line thicker than one pixel is not free, though: it builds its
triangles and, being see-through, is drawn through the stencil buffer every frame, points or
none. Under a software renderer (Mesa's llvmpipe, as on a machine with no GPU) those lines held
about 12 MB of a rich board's memory before its first frame. Here a frame that cannot be seen is a
one-pixel line with no points: nothing to build, and drawn without the stencil.

Create it inside a `with widget.canvas...:` block, like the Color and Line it draws with.
"""

from __future__ import annotations

from collections.abc import Sequence

from kivy.graphics import Color, Line

SHAPES = ("rectangle", "rounded_rectangle")


class Outline:
    def __init__(self, width: float, rgba: Sequence[float] = (0, 0, 0, 0)) -> None:
        self.width = width
        self.colour = Color(rgba=rgba)
        self.line = Line(width=1)
        self._shape: tuple[str, tuple[float, ...]] | None = None

    @property
    def seen(self) -> bool:
        return self._shape is not None and self.colour.a > 0

    def place(self, shape: str, *geometry: float) -> None:
        """Where it goes: Kivy Line's `rectangle` (x, y, w, h) or `rounded_rectangle` (x, y, w, h, r)."""
        if shape not in SHAPES:
            raise ValueError(f"an outline is a rectangle or a rounded_rectangle, not {shape!r}")
        self._shape = (shape, geometry)
        self._draw()

    def paint(self, rgba: Sequence[float]) -> None:
        """Its colour; a fully transparent one hides it."""
        self.colour.rgba = rgba
        self._draw()

    def fade(self, alpha: float) -> None:
        """Only its opacity (1 shown, 0 hidden), keeping its colour."""
        self.colour.a = alpha
        self._draw()

    def _draw(self) -> None:
        if self.seen:
            shape, geometry = self._shape
            self.line.width = self.width
            setattr(self.line, shape, geometry)
        else:
            self.line.points = []
            self.line.width = 1
