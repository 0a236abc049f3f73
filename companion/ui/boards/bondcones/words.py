"""What the BondCones board says, as plain functions of the public view (no Kivy widgets)."""

from __future__ import annotations

from typing import Any


from companion.games.bondcones import words as rules_words
from companion.status import DeviceStatus
from companion.ui import theme
from companion.ui.styling import hex_of, readable, symbol  # noqa: F401 - the board's files use words.*

# BondOs are the game's red rings.
BONDO_RED = "#FF5A5A"

FORMS = {
    "none": "no BondO",
    "bondo_cone": "BondO Cone",
    "two_bondo_cones": "BondO Cones",
    "double_bondo": "Double BondO",
}

TRAY_NAME = "Dice tray"


def face(face_id: str | None) -> str:
    """A die face as the board prints it: 1-4, PEEK or BONDO; a question mark until rolled."""
    return rules_words.face(face_id)


def news(game: dict[str, Any]) -> list[str]:
    """What the last turn did that nothing else on the board shows, in the game's own words."""
    return [rules_words.describe(event) for event in game.get("recent", [])]


def ledger(side: dict[str, Any]) -> str:
    """One side's BondOs: a red ring per BondO and what they sit on (markup)."""
    count = side["bondos"]
    if not count:
        return "no BondO"
    rings = symbol("◎" if side["bondo_form"] == "double_bondo" else "◯" * count, BONDO_RED)
    return f"{rings} {FORMS[side['bondo_form']]}"


def window(win: dict[str, Any] | None) -> str:
    """An open battle window for this side, with its turns left (markup); empty when none."""
    if not win:
        return ""
    n = win["turns_left"]
    return f"{symbol('⚔')} battle: {n} turn{'s' if n != 1 else ''} left"


COUNT_WORDS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
NBSP = "\u00a0"  # inside a group, so "four 4s" never breaks into "four" and "4s"


def taken(side: dict[str, Any]) -> list[str]:
    """The values this side has captured, longest wording first, for the frame to pick what fits.

    Grouped by value, highest first ("took 8, four 4s, two 2s"): at most five groups however
    long the game, and the values gone are what the table wants to know. "4×4" read as sixteen
    and broke into "8 4" and "2"; a count in words cannot be taken for a value. The order they
    were taken in is in the history.
    """
    values = side["taken"]
    if not values:
        return ["took –"]
    groups = []
    for v in sorted(set(values), reverse=True):
        n = values.count(v)
        groups.append(str(v) if n == 1 else f"{COUNT_WORDS[n] if n < len(COUNT_WORDS) else n}{NBSP}{v}s")
    n = len(values)
    listed = ", ".join(groups)
    # Without "took" when the frame is short of lines (a battle window below): the values still
    # stand beside the number, in the same form as the other frame's.
    return [f"took {listed}", listed, f"took {n} cone{'s' if n != 1 else ''}"]


def demand_parts(demand: dict[str, Any] | None) -> tuple[str, str]:
    """A roll's demand as a short headline to print large, and the rulebook's words beneath it."""
    if not demand:
        return "", ""
    text = demand["text"]
    if demand["kind"] == "move":
        n = demand["steps"]
        rest = text.split(": ", 1)[-1]
        return f"Move a cone {n} step{'s' if n != 1 else ''}", rest[:1].upper() + rest[1:]
    return text, ""


# The line sits under the counting frames, a third of the board: about 186 px at 800x480 in
# 18 sp, so every state is kept to a few words (about 20 letters). The dot's colour carries
# the level and the status screen the details (unplugged, port in use, ...).
# Without the tray the face buttons only record what the physical Dice Cone showed ("tap
# rolls" read as "tap to roll"): the table enters its rolls.
TRAY_WORDS = {
    "ok": "Tray connected",
    "off": "Tray off: enter rolls",
    "waiting": "Tray lost: enter rolls",  # unplugged, not found yet or not answering: it is looked for again
    "error": "Tray error: enter rolls",
}


def tray(status: DeviceStatus | None) -> tuple[str, str]:
    """The dice tray's state as (level, words); without a tray the rolls are entered by touch."""
    if status is None:
        return "off", "No tray: enter rolls"
    return status.level, TRAY_WORDS[status.level]


def tray_markup(status: DeviceStatus | None) -> str:
    level, words = tray(status)
    return f"{symbol('●', hex_of(theme.LEVEL_COLOURS[level]))} {words}"


def find_tray(statuses: list[DeviceStatus]) -> DeviceStatus | None:
    """The status of the device named "Dice tray" among the app's device statuses, if any."""
    return next((s for s in statuses if s.name == TRAY_NAME), None)
