"""The two limits the app watches for every player: the collective one and each personal one."""

from __future__ import annotations

from typing import Any

from companion.games.bonbon.cards import UP, face_up_total

# "The value of the cards played face up by all players cannot exceed the limit
# established according to the number of players in the game."
COLLECTIVE_LIMITS = {2: 10, 3: 15, 4: 20, 5: 30, 6: 36}

# "The value of a player's face-up cards can never be greater than 10."
PERSONAL_LIMIT = 10


def collective_limit(players: int) -> int:
    """The collective limit board's last space for this many players."""
    return COLLECTIVE_LIMITS[players]


def personal_limit(tokens: int) -> int:
    """10, less one per bonbon token: "a players' personal limit is reduced by 1 for each bonbon token"."""
    return PERSONAL_LIMIT - tokens


def table_face_up_sum(state: dict[str, Any]) -> int:
    """The sum of all face-up values on the table, counted card by card (the board must agree)."""
    return sum(c["value"] for row in state["rows"].values() for c in row if c["face"] == UP)


def over_personal(state: dict[str, Any], name: str) -> bool:
    """True when this player's face-up cards are worth more than their personal limit."""
    return face_up_total(state["rows"][name]) > personal_limit(state["tokens"][name])


def collective_over(state: dict[str, Any]) -> bool:
    """True when the collective total has gone past the limit for this table."""
    return state["collective"] > collective_limit(len(state["players"]))
