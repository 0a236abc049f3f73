"""A learning game of Bonbon: each rule told the first time it matters (the session tells a tip
once a game). Read from public things only: face-up cards, the collective total, passes, tokens."""

from __future__ import annotations

from typing import Any

from companion.core.learning import Tip
from companion.games.bonbon import cards as c
from companion.games.bonbon.limits import collective_limit, personal_limit

State = dict[str, Any]

# "Near" a limit: this many points or fewer still to go before it breaks (docs/rules/bonbon.md).
COLLECTIVE_NEAR = 4
PERSONAL_NEAR = 2


def _new_cards(before: State, after: State) -> list[dict[str, Any]]:
    return [card for p in after["players"] for card in after["rows"][p][len(before["rows"][p]):]]


def tips(before: State, after: State, action: dict[str, Any]) -> tuple[Tip, ...]:
    if after["mode"] == "board":
        return _board(before, after)
    if before["phase"] == "setup" or after["round"] != before["round"]:
        return ()  # a round starting: nothing played yet
    out: list[Tip] = []
    new = _new_cards(before, after)
    if any(card["face"] == c.DOWN for card in new):
        out.append(Tip("face-down", "Face-down cards never count towards the limits; side by side they score "
                                    "a point less than the cards in the group.", "the-limits"))
    if any(card["face"] == c.UP and card["kind"] == c.ZERO for card in new):
        out.append(Tip("zero", "A zero turns the face-down cards at the end of your row face up (now they count), "
                               "then you may take another turn.", "special-cards"))
    if any(card["face"] == c.UP and card["kind"] in c.EFFECTS for card in new):
        out.append(Tip("effects", "Effect cards work only when played face up, and never on a player who has "
                                  "passed.", "special-cards"))
    if len(after["passed"]) > len(before["passed"]):
        out.append(Tip("first-pass", "Passing ends your round. The first to pass in a round takes a bonus tile "
                                     "on display.", "passing-and-bonus-tiles"))
    if after["phase"] == "play":
        limit = collective_limit(len(after["players"]))
        if 0 <= limit - after["collective"] <= COLLECTIVE_NEAR < limit - before["collective"]:
            out.append(Tip("collective-near", f"The table's face-up cards are at {after['collective']} of "
                                              f"{limit}: whoever takes it over is out and the round stops.",
                           "the-limits"))
        for p in after["players"]:
            total, mine = c.face_up_total(after["rows"][p]), personal_limit(after["tokens"][p])
            if 0 <= mine - total <= PERSONAL_NEAR < mine - c.face_up_total(before["rows"][p]):
                out.append(Tip("personal-near", f"{p}'s face-up cards are worth {total} of a personal limit of "
                                                f"{mine}: going over puts a player out of the round.", "the-limits"))
                break
    if before["phase"] == "play" and after["phase"] == "reveal":
        out.append(Tip("reveal", "Turn over every face-down card and enter its number: every card in a row "
                                 "scores.", "end-of-a-round"))
    if before["scoring"] is None and after["scoring"] is not None and after["phase"] != "over":
        if any(after["tokens"][p] > before["tokens"][p] for p in after["players"]):
            out.append(Tip("token-limit", "Each bonbon token lowers its holder's personal limit by 1 from now on.",
                           "the-limits"))
    return tuple(out)


def _board(before: State, after: State) -> tuple[Tip, ...]:
    """The app as the collective limit board only: the limit near is the one rule it sees."""
    if 0 <= after["limit"] - after["total"] <= COLLECTIVE_NEAR < before["limit"] - before["total"]:
        return (Tip("collective-near", f"The table's face-up cards are at {after['total']} of {after['limit']}: "
                                       "whoever takes it over is out and the round stops.", "the-limits"),)
    return ()
