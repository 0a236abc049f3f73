"""The BondO ledger: who holds how many BondOs, on which kind of cone, and the battle windows.

A side's BondOs are a list of carriers: one entry per cone that carries BondOs, holding
1 (a BondO Cone) or 2 (a Double BondO). The app never knows where these cones stand.
There are two BondOs in the game; one may be set aside after a battle won against a
Double BondO.
"""

from __future__ import annotations

from companion.core.errors import RuleError

ORDINARY = "ordinary"
BONDO = "bondo"
DOUBLE = "double"
KINDS: tuple[str, ...] = (ORDINARY, BONDO, DOUBLE)

# "within three turns from when you have lost it" / "three new rounds".
WINDOW_TURNS = 3


def count(carriers: list[int]) -> int:
    """How many BondOs a side holds on its cones."""
    return sum(carriers)


def form(carriers: list[int]) -> str:
    """The name a screen shows for what a side holds."""
    if not carriers:
        return "none"
    if 2 in carriers:
        return "double_bondo"
    return "two_bondo_cones" if len(carriers) == 2 else "bondo_cone"


def kinds_available(carriers: list[int], cones_on_board: int) -> list[str]:
    """Kinds of cone a side still has on the board: what may capture or be captured."""
    kinds = []
    if cones_on_board > len(carriers):
        kinds.append(ORDINARY)
    if 1 in carriers:
        kinds.append(BONDO)
    if 2 in carriers:
        kinds.append(DOUBLE)
    return kinds


def transfer_on_capture(capturer: list[int], victim: list[int], with_kind: str, cone_kind: str) -> int:
    """Move the captured cone's BondOs to the capturing cone; returns how many moved.

    Both lists are checked beforehand (kinds_available) and changed in place.
    """
    if cone_kind == ORDINARY:
        return 0
    moved = 1 if cone_kind == BONDO else 2
    victim.remove(moved)
    if with_kind == ORDINARY:
        # "an ordinary cone takes over the BondO of a captured BondO Cone" and "capture your
        # opponent's Double BondO with one of your ordinary cones" (it becomes the Double BondO).
        capturer.append(moved)
    else:
        # "capture your opponent's BondO Cone with your own BondO Cone": a Double BondO.
        # (A BondO Cone capturing a Double BondO would make three BondOs: the kinds check
        # never allows it, as there are only two.)
        capturer.remove(1)
        capturer.append(1 + moved)
    return moved


def take_in_battle(defender: list[int]) -> bool:
    """Take one BondO from the defender after a won battle; True when a Double BondO split."""
    if 2 in defender:
        # "you get one BondO back and the other is put aside"
        defender.remove(2)
        return True
    # "you can choose freely which BondO you want back, among the two BondO Cones": all
    # BondOs are alike and the app does not track positions, so the choice is not recorded.
    defender.remove(1)
    return False


def place_new(carriers: list[int]) -> None:
    """A BondO won back or taken from aside goes on an ordinary cone, making a BondO Cone."""
    # "There are only two ways to get a Double BondO" (both captures), so never onto a BondO Cone.
    if count(carriers) >= 2:
        raise RuleError("A side cannot hold more than the two BondOs in the game")
    carriers.append(1)
