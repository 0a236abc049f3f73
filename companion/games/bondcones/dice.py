"""The Dice Cone: its six faces, their ranking, and what each face demands of the roller."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import said
from companion.games.bondcones import ledger

# RULINGS: faces 1-4, "peek" (the O that lets you look) and "bondo" (the O that moves a BondO).
FACES: tuple[str, ...] = ("1", "2", "3", "4", "peek", "bondo")
# As the Dice Cone shows them (the data keeps the ids above).
FACE_LABELS: dict[str, str] = {"1": "1", "2": "2", "3": "3", "4": "4", "peek": "PEEK", "bondo": "BONDO"}

# RULINGS: "O is highest": bondo, then peek, then 4, 3, 2, 1. Used for the opening and battles.
RANK: dict[str, int] = {"1": 1, "2": 2, "3": 3, "4": 4, "peek": 5, "bondo": 6}


def parse_face(raw: Any) -> str:
    """Accept the documented face names (and 1-4 as numbers) so every input adapter agrees."""
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= 4:
        return str(raw)
    if isinstance(raw, str) and raw.strip().lower() in RANK:
        return raw.strip().lower()
    shown = said(raw)
    raise RuleError("A Dice Cone shows 1, 2, 3, 4, peek or bondo" + (f", not {shown}" if shown else ""))


def compare(first: str, second: str) -> int:
    """Positive when the first face ranks higher, 0 on equal faces (which roll again)."""
    return RANK[first] - RANK[second]


def steps(face: str) -> int | None:
    """How many steps a face moves a cone; None for the two O faces."""
    return int(face) if face in ("1", "2", "3", "4") else None


def demand(face: str, carriers: list[int], aside: int) -> dict[str, Any]:
    """What a turn roll asks of the roller, as data (words.demand_text says it in words)."""
    n = steps(face)
    if n is not None:
        info: dict[str, Any] = {"face": face, "kind": "move", "steps": n}
        if 2 in carriers:
            # "The Double BondO is able to move double the amount shown on the dice."
            info["double_steps"] = 2 * n
        return info
    if face == "peek":
        # "you must lift one of your own cones, look at its value and put it back"
        return {"face": face, "kind": "peek"}
    if aside:
        # "...put aside until one player rolls a [bondo] ... The BondO may then be placed on
        # any ordinary cone in that player's position."
        return {"face": face, "kind": "bondo_aside"}
    if not carriers:
        # "If you do not have a BondO and roll a [bondo] you loose your turn."
        return {"face": face, "kind": "lost"}
    # What the roller holds decides which BondO moves: a Double BondO moves as one.
    return {"face": face, "kind": "bondo", "holds": ledger.form(carriers)}


def settle(first: str, second: str) -> int | None:
    """Which of two rolls wins a roll-off (0 or 1); None on equal faces, which roll again."""
    order = compare(first, second)
    if order == 0:
        return None
    return 0 if order > 0 else 1
