"""Before the first round: the three bonus tiles laid out, and who starts."""

from __future__ import annotations

from typing import Any

from companion.ui import theme
from companion.ui.boards.bonbon.parts import Act
from companion.ui.boards.bonbon.tilechoice import PickTiles
from companion.ui.kit import fields as f
from companion.ui.kit.layout import button, caption, grid


class StartPanel(PickTiles):
    """Tap the three tiles on display, then who starts: that touch starts round 1.

    The starter is the last choice of the set-up, so it is also its go: a name chosen and then a
    Start button cost the table five touches where four say it all. The names stay greyed until
    the three tiles are chosen, so nothing starts before the tiles are in."""

    def __init__(self, spec: dict[str, Any], act: Act, **kwargs) -> None:
        fields = spec["fields"]
        self.act = act
        names = f.values(fields["first"])
        super().__init__(f"Lay out {f.count(fields['tiles'])} bonus tiles at random and tap them here",
                         fields["tiles"], None, lambda tiles: None, **kwargs)
        self.add_widget(caption("Then tap who starts round 1 (the last player to have eaten chocolate):",
                                bold=True))
        size = theme.FONT if len(names) <= 4 else theme.FONT_SMALL
        starters = [button(name, lambda n=name: self._start(n), font_size=size, shorten=True,
                           shorten_from="right") for name in names]
        self.add_widget(grid(starters, max(3, len(starters))))
        self.gos.extend(starters)
        self._update()

    def _start(self, first: str) -> None:
        self.act({"type": "start", "tiles": list(self.chosen), "first": first})
