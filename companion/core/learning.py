"""A learning game: each rule told once, in a line or two, the first time it matters in this game
(the first discard, the first time a limit is near, the first BLOCK), on the touchscreen and the
phones alike.

Every game on the menu takes the option (Game adds it to its options, off by default): a table
of new players switches it on on the options screen. A game says what matters at each move with
Game.tips(before, after, action); the session tells each tip once a game, as an event of type
"tip" beside the move's own news, so every screen and phone hears it with the move.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.options import Option

LEARNING = Option(
    "learning", False,
    "Each rule is told once, in a line or two, the first time it matters in this game.",
    label="Learning game",
)
TIP = "tip"  # the event type a tip is told as


@dataclass(frozen=True)
class Tip:
    """A rule worth telling now: `id` names it (told once a game), `text` says it in one or two
    lines, `rule` is the section of the game's rules page it comes from."""

    id: str
    text: str
    rule: str

    def event(self) -> dict[str, str]:
        return {"type": TIP, "tip": self.id, "text": self.text, "rule": self.rule}
