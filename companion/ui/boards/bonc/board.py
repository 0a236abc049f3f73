"""The BONC! board: a tile per player on the left, the last card and the card pad on the right."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.ui import theme
from companion.ui.boards.base import Board
from companion.ui.boards.bonc.pad import CardPad
from companion.ui.boards.bonc.status import LastCard
from companion.ui.boards.bonc.tiles import PlayerTile


class BoncBoard(Board):
    """Reads only the session's public view; every touch goes through act()."""

    def __init__(self, act, say, **kwargs) -> None:
        super().__init__(act, say, spacing=theme.GAP, **kwargs)
        self.grid = GridLayout(cols=2, rows=2, spacing=theme.GAP, size_hint_x=0.45)
        self.add_widget(self.grid)
        self.tiles: list[PlayerTile] = []
        right = BoxLayout(orientation="vertical", spacing=theme.GAP, size_hint_x=0.55)
        self.side = right
        self.status = LastCard()
        self.pad = CardPad(act=self.act)
        right.add_widget(self.status)
        right.add_widget(self.pad)
        self.add_widget(right)

    def _tiles(self, count: int) -> None:
        """As many tiles as players, always in two rows: a tile keeps the height for its big number."""
        if len(self.tiles) == count:
            return
        self.grid.clear_widgets()
        self.grid.cols = (count + 1) // 2
        self.tiles = [PlayerTile(on_block=self.pad.block) for _ in range(count)]
        for tile in self.tiles:
            self.grid.add_widget(tile)

    def refresh(self, view: dict[str, Any]) -> None:
        game = view["view"]
        self._tiles(len(game["players"]))
        for tile, seat, player in zip(self.tiles, view["players"], game["players"]):
            tile.show(seat, player)
        self.status.show(game)
        self.pad.show(view)

    def cancel_entry(self) -> str | None:
        return self.pad.cancel()
