"""The contract between the play screen and a game's board."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout


class Board(BoxLayout):
    """Shows one game's public view and offers its legal actions; touches go through app.act()."""

    def __init__(self, app, session, **kwargs) -> None:
        super().__init__(**kwargs)
        self.app = app
        self.session = session

    def refresh(self, view: dict[str, Any]) -> None:
        """Redraw from the session's public view (the same JSON the phones get)."""
        raise NotImplementedError

    def cancel_entry(self) -> str | None:
        """Let go of a move entered halfway (a zero's values, a swap's first card), as Undo does
        while one is on screen; what was let go, as "Cleared ...", or None when nothing was."""
        return None
