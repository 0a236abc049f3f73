"""After the last round: who won each round (the scoring table beside it shows every player's tokens)."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.kit.layout import GAP, caption, spacer


class GameOver(BoxLayout):
    """Nothing left to enter: the rounds, and how to take the last move back."""

    def __init__(self, game: dict[str, Any], **kwargs) -> None:
        super().__init__(orientation="vertical", spacing=GAP, **kwargs)
        self.add_widget(caption("The game is over. Undo takes back the last move.", bold=True))
        self.add_widget(caption("Rounds won (the tokens are in the table)", theme.MUTED))
        for past in game["history"]:
            self.add_widget(caption(f"{past['round']}: {', '.join(past['winners']) or 'nobody'}"))
        self.add_widget(spacer())
