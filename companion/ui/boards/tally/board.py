"""Tally's board: a score frame per player, and a pad of the points a turn may add.

Everything it shows comes from the view; every touch goes out through act(). It knows the
game only through its view and its typed fields: the pad offers what the `add` action's
`points` field offers, and Pass is drawn as the weighty touch it is.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.ui import theme
from companion.ui.boards.base import Board
from companion.ui.kit import layout
from companion.ui.kit.pad import ValuePad
from companion.ui.kit.score_frame import ScoreFrame
from companion.ui.kit.weighty import action_button
from companion.ui.styling import readable


class TallyBoard(Board):
    def __init__(self, act, say, **kwargs) -> None:
        super().__init__(act, say, spacing=theme.GAP, **kwargs)
        self.frames = GridLayout(cols=2, spacing=theme.GAP)
        self.add_widget(self.frames)
        self.side = BoxLayout(orientation="vertical", size_hint_x=0.4, spacing=theme.GAP)
        self.add_widget(self.side)
        self._pad: ValuePad | None = None

    def refresh(self, view: dict[str, Any]) -> None:
        game, scores = view["view"], view["scores"]
        turn = view["expected"]["turn"]
        self.frames.clear_widgets()
        for player in view["players"]:
            name = player["name"]
            frame = ScoreFrame()
            score = scores.get(name, 0)
            left = max(0, game["target"] - score)
            out = " (passed)" if name in game["passed"] else ""
            frame.show(name + out, readable(player["colour"]), score, game["target"], name == turn,
                       to_go=f"{left} to go" if left else "reached")
            self.frames.add_widget(frame)
        self._offer(view["expected"]["legal"])

    def _offer(self, legal: list[dict[str, Any]]) -> None:
        """The points pad and Pass, as the legal actions offer them now (nothing once it is over)."""
        self.side.clear_widgets()
        by_type = {spec["type"]: spec for spec in legal}
        add = by_type.get("add")
        if add is not None:
            field = add["fields"]["points"]
            self.side.add_widget(layout.caption(add["label"]))
            self._pad = ValuePad([field], lambda points: self.act({"type": "add", "points": points}),
                                 cols=3, rows=1)
            self._pad.offer(field, back=False)
            self.side.add_widget(self._pad)
        self.side.add_widget(layout.spacer())
        passing = by_type.get("pass")
        if passing is not None:
            # A weighty touch (it ends the player's game): apart at the foot, and armed by a first touch.
            self.side.add_widget(action_button(passing, lambda: self.act({"type": "pass"}),
                                               size_hint_y=None, height=theme.TOUCH))
