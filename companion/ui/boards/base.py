"""The contract between the play screen and a game's board.

A board is told everything it shows (the session's view, with the legal actions under
"expected", and the table's devices) and hands every touch back as an action; it never
holds the app or the session, so a board is as easy to drive in a test as a function.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.core.session import Change
from companion.status import DeviceStatus

# Dispatch an action as a touch; the accepted Change, or None when refused (the refusal is shown).
Act = Callable[[dict[str, Any]], Change | None]
# Put a line of information on the screen (not a refusal).
Say = Callable[[str], None]


class Board(BoxLayout):
    """Shows one game's public view and offers its legal actions."""

    def __init__(self, act: Act, say: Say, **kwargs) -> None:
        super().__init__(**kwargs)
        self.act = act
        self.say = say

    def refresh(self, view: dict[str, Any]) -> None:
        """Redraw from the session's view (the same JSON the phones get)."""
        raise NotImplementedError

    def show_devices(self, statuses: Sequence[DeviceStatus]) -> None:
        """The table's devices changed or were looked at again (a board may show the dice tray)."""

    def control(self, control: str) -> dict[str, Any] | str | None:
        """A physical control the board answers itself, before the game's bindings: a dial moving
        a highlight on the board's pad (companion/ui/kit/dial.py) is the board's, not a move.
        An action to dispatch (Confirm on the highlighted card), words when the board handled it
        alone ("" when there is nothing to say), or None to leave it to the game's bindings."""
        return None

    def cancel_entry(self) -> str | None:
        """Let go of a move entered halfway (a zero's values, a swap's first card), as Undo does
        while one is on screen; what was let go, as "Cleared ...", or None when nothing was."""
        return None
