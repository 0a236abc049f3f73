"""Leaving a screen that explains the board (What now?, Why?) through the rules page and back."""

from __future__ import annotations

from tests.ui.driver import AppDriver


def back_from_the_rules_to_the_board(app: AppDriver, screen: str, board_before: list[str], revision: int) -> None:
    """Back on the rules page returns to `screen`; Back there is one touch to the board, which is
    as it was (its words, and no move made)."""
    app.tap("Back")
    assert app.screen == screen
    touches = app.app.touches.downs
    app.tap("Back")
    assert app.screen == "play" and app.app.touches.downs == touches + 1, "back to the board is one touch"
    assert app.texts() == board_before, f"the board changed while {screen} was read"
    assert app.table.session.revision == revision
