"""The round's scoring, a short line per player under the rule that scored it, and the button that
deals the next round."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.games.bon.words import tricks
from companion.ui import theme
from companion.ui.boards.bon.text import SMALL, caption, line_height
from companion.ui.kit.layout import GAP, button
from companion.ui.widgets import Text


def columns(players: int) -> int:
    """Lines side by side, so five players' scoring, the tie-break and the button fit under the
    trick at 800x480: three players on one row, four on two rows of two, five on two rows of three."""
    return 2 if players == 4 else 3


class ScoringPanel(BoxLayout):
    def __init__(self, act: Callable[[dict[str, Any]], Any], **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=2, **kwargs)
        self.act = act

    def show(self, game: dict[str, Any], deal: dict[str, Any] | None, entry: Any = None) -> None:
        """`deal`: the next_round action when it takes no choice; else `entry`, the next round's
        stack or leader entered right here, its last touch dealing the round (no touch to open it)."""
        self.clear_widgets()
        scoring = game["scoring"]
        self.add_widget(caption(f"Round {scoring['round']} scored (goal {tricks(scoring['goal'])}: "
                                f"exactly +1, none +2)", colour=theme.MUTED))
        lines = scoring["lines"]
        cols = columns(len(lines))
        rows = -(-len(lines) // cols)
        grid = GridLayout(cols=cols, spacing=(theme.GAP, 2), size_hint_y=None,
                          height=rows * line_height() + (rows - 1) * 2)
        for line in lines:
            colour = theme.GOOD if line["points"] else theme.TEXT
            grid.add_widget(Text(text=line["short"], wrap=False, shorten=True, font_size=SMALL, bold=True,
                                 color=colour, size_hint_y=None, height=line_height()))
        self.add_widget(grid)
        if scoring["winners"]:
            self.add_widget(caption(scoring["decided"], colour=theme.ACCENT))
        self.add_widget(BoxLayout())
        if game["phase"] == "scored" and deal is None and entry is not None:
            if entry.parent is not None:
                entry.parent.remove_widget(entry)
            self.add_widget(entry)
        elif game["phase"] == "scored" and deal is not None:
            label = f"Deal round {game['round'] + 1}"
            self.add_widget(button(label, lambda: self.act(deal), primary=True,
                                   size_hint_y=None, height=theme.TOUCH - GAP))
