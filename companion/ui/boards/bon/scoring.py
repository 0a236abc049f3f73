"""The round's scoring, line by line, and the button that deals the next round."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.kit.layout import GAP, button, caption
from companion.ui.widgets import Text


class ScoringPanel(BoxLayout):
    def __init__(self, act: Callable[[dict[str, Any]], Any], **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=2, **kwargs)
        self.act = act

    def show(self, game: dict[str, Any], deal: dict[str, Any] | None, ask: Callable[[], Any]) -> None:
        """`deal`: the next_round action when it takes no choice; else `ask` opens the entry for it."""
        self.clear_widgets()
        scoring = game["scoring"]
        self.add_widget(caption(f"Round {scoring['round']} scored (goal {scoring['goal']} tricks: "
                                f"exactly +1, none +2)", colour=theme.MUTED))
        for line in scoring["lines"]:
            colour = theme.GOOD if line["points"] else theme.TEXT
            self.add_widget(Text(text=line["text"], wrap=False, shorten=True, font_size=theme.FONT_SMALL,
                                 color=colour, size_hint_y=None, height=theme.FONT_SMALL * 1.35))
        if scoring["winners"]:
            self.add_widget(caption(scoring["decided"], colour=theme.ACCENT))
        self.add_widget(BoxLayout())
        if game["phase"] == "scored":
            label = f"Deal round {game['round'] + 1}"
            self.add_widget(button(label, (lambda: self.act(deal)) if deal else ask, primary=True,
                                   size_hint_y=None, height=theme.TOUCH - GAP))
