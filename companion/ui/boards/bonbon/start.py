"""Before the first round: the three bonus tiles laid out, and who starts."""

from __future__ import annotations

from typing import Any

from companion.ui import theme
from companion.ui.boards.bonbon.parts import Act
from companion.ui.boards.bonbon.tilechoice import PickTiles
from companion.ui.kit import fields as f
from companion.ui.kit.layout import caption, grid
from companion.ui.kit.toggle import name_chip


class StartPanel(PickTiles):
    """Tap the three tiles on display and the starting player, then Start."""

    def __init__(self, spec: dict[str, Any], act: Act, **kwargs) -> None:
        fields = spec["fields"]
        self.act = act
        names = f.values(fields["first"])
        self.first = names[0]
        super().__init__(f"Lay out {f.count(fields['tiles'])} bonus tiles at random and tap them here",
                         fields["tiles"], "Start round 1", self._start, **kwargs)
        self.add_before_go(caption("Who starts? The last player to have eaten chocolate:", bold=True))
        size = theme.FONT if len(names) <= 4 else theme.FONT_SMALL
        chips = [name_chip(name, name == self.first, self._first, f"bonbon-first-{id(self)}", font_size=size)
                 for name in names]
        self.add_before_go(grid(chips, max(3, len(chips))))

    def _first(self, name: str) -> None:
        self.first = name

    def _start(self, tiles: list[str]) -> None:
        self.act({"type": "start", "tiles": tiles, "first": self.first})
