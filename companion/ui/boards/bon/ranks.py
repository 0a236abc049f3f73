"""The colour rank stack, top to bottom, as large as the column allows: the one thing players most
often get wrong, so it is the biggest thing on the board."""

from __future__ import annotations

from kivy.graphics import Color, RoundedRectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.boards.bon.colours import FILL, INK, NAME
from companion.ui.boards.bon.text import caption


class Token(Label):
    """One colour token: its place and its name on the colour itself."""

    def __init__(self, **kwargs) -> None:
        super().__init__(bold=True, font_size=theme.FONT_TITLE, halign="left", valign="middle", **kwargs)
        with self.canvas.before:
            self._fill = Color(rgba=theme.PANEL)
            self._rect = RoundedRectangle(radius=[8])
        self.bind(pos=self._redraw, size=self._redraw)

    def show(self, place: int, colour: str | None) -> None:
        self.text = f"  {place}  {NAME[colour]}" if colour else f"  {place}  ?"
        self._fill.rgba = FILL[colour] if colour else theme.PANEL
        self.color = INK[colour] if colour else theme.MUTED

    def _redraw(self, *_) -> None:
        self._rect.pos, self._rect.size = self.pos, self.size
        self.text_size = self.size


class RankStack(BoxLayout):
    def __init__(self, **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        self.title = caption("Ranks, strongest on top", colour=theme.MUTED)
        self.add_widget(self.title)
        self.tokens = [Token() for _ in range(3)]
        for token in self.tokens:
            self.add_widget(token)

    def show(self, ranks: list[str], moved: str | None = None) -> None:
        """`moved`: the colour that has just gone to the bottom, said under the title."""
        for i, token in enumerate(self.tokens):
            token.show(i + 1, ranks[i] if i < len(ranks) else None)
        self.title.text = "Ranks, strongest on top" if not moved else f"Ranks: {NAME[moved]} went to the bottom"
