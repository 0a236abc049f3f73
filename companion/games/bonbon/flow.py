"""A turn in Bonbon: draw or pass, the limit checks after every change, and the end of a round."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.bonbon import cards as c
from companion.games.bonbon.limits import collective_over, over_personal
from companion.games.bonbon.reveal import finish_if_revealed
from companion.games.bonbon.standing import (
    COLLECTIVE,
    PERSONAL,
    active,
    available_tiles,
    eliminate,
    is_eliminated,
    is_in,
)
from companion.games.bonbon.targets import usable
from companion.games.bonbon.tiles import check_tile
from companion.games.bonbon.words import zero_turns_over

State = dict[str, Any]

EVERYONE_DONE = "everyone_done"
COLLECTIVE_LIMIT = "collective_limit"


# -- the limits ----------------------------------------------------------------


def settle(state: State, culprit: str) -> bool:
    """Check both limits after any change; True when the collective overflow ended the round."""
    # RULINGS: limits are checked after every change, whatever caused it.
    for name in state["players"]:
        if not is_eliminated(state, name) and over_personal(state, name):
            # "If the sum of a player's face-up cards exceeds this limit, they are eliminated from the round."
            eliminate(state, name, PERSONAL)
    if not collective_over(state):
        return False
    # "Whenever the collective limit is exceeded, the round ends immediately and the active
    # player is eliminated from the round." (For the reveal effect the culprit is the revealer.)
    eliminate(state, culprit, COLLECTIVE)
    discard_trailing(state)
    end_round(state, COLLECTIVE_LIMIT)
    return True


def discard_trailing(state: State) -> None:
    """After a collective overflow, players still in lose their face-down cards back to their last face-up one."""
    # "Other players who haven't passed yet, if they played their last card face down, must
    # discard it. They must repeat this until they reach the last face-up card they played."
    for name in state["players"]:
        if not is_in(state, name):
            continue
        row = state["rows"][name]
        keep = c.last_face_up_index(row) + 1
        if keep < len(row):
            state["discarded"][name] += len(row) - keep
            del row[keep:]


# -- moving on -----------------------------------------------------------------


def advance(state: State) -> None:
    """The turn passes to the next player on the right who is still in; the round ends when nobody is."""
    state["step"] = "turn"
    state["pending"] = None
    n = len(state["players"])
    for step in range(1, n + 1):
        i = (state["active"] + step) % n
        if is_in(state, state["players"][i]):
            state["active"] = i
            return
    # "Each player has passed or has been eliminated."
    end_round(state, EVERYONE_DONE)


def end_round(state: State, reason: str) -> None:
    """Stop play; the table then reveals face-down cards for scoring (or it is scored at once)."""
    state["phase"] = "reveal"
    state["step"] = None
    state["pending"] = None
    state["end_reason"] = reason
    finish_if_revealed(state)


def after_turn_card(state: State, who: str, kind: str) -> None:
    """What the card just played face-up allows: an extra turn, one more card, an effect, or nothing."""
    if is_eliminated(state, who):
        advance(state)
        return
    if kind == c.ZERO:
        # "After playing a zero, you may play another turn."
        state["step"] = "extra_turn"
        return
    if kind == c.DRAW_AGAIN:
        # "If you play this card face-up, you may draw one more card after playing it."
        state["step"] = "draw_again"
        return
    if kind in c.EFFECTS and usable(state, kind, who):
        state["step"] = "effect"
        state["pending"] = {"effect": kind}
        return
    advance(state)


# -- the actions ---------------------------------------------------------------


def kinds_said() -> str:
    """Every kind of card, as a player names them."""
    labels = [c.KIND_LABELS[k].removesuffix(" card") for k in c.KINDS]
    return ", ".join(labels[:-1]) + " or " + labels[-1]


def draw(state: State, action: dict[str, Any]) -> None:
    """A card drawn and played to the right of the last one, face-up with its value or face-down without."""
    who = active(state)
    face = action.get("face")
    kind = action.get("kind")
    if face not in (c.UP, c.DOWN):
        raise RuleError(f"{who}: say whether the card is played face-up or face-down")
    if kind is not None and kind not in c.KINDS:
        raise RuleError(f"There is no such kind of card: {kinds_said()}")
    if face == c.DOWN:
        if kind == c.ZERO:
            raise RuleError("A zero must be played face-up")
        if kind == c.MUST_UP:
            raise RuleError("This card must be played face-up")
        if action.get("value") is not None or action.get("revealed"):
            raise RuleError("A face-down card is entered without its value: enter it when the card is revealed")
        # The kind of a face-down card is not kept: it is as secret as its value.
        state["rows"][who].append(c.played_face_down())
        _drew(state, who)
        advance(state)
        return

    if kind is None:
        raise RuleError(f"Which card did {who} play? Choose its kind: {kinds_said()}")
    value = action.get("value")
    if kind == c.ZERO:
        if value not in (None, 0) or isinstance(value, bool):
            raise RuleError("A zero is worth 0: enter no other value for it")
        value = 0
    else:
        value = c.check_value(value, state["max_value"], f"A {c.KIND_LABELS[kind]}")
    row = state["rows"][who]
    to_turn = c.trailing_face_down(row) if kind == c.ZERO else []
    need = c.unknown(row, to_turn)
    revealed = action.get("revealed", [])
    if kind != c.ZERO and revealed:
        raise RuleError("Only a zero turns face-down cards over")
    if not isinstance(revealed, list) or len(revealed) != len(need):
        raise RuleError(zero_turns_over(who, len(to_turn), len(need), isinstance(revealed, list)))
    revealed = [c.check_value(v, state["max_value"], f"{who}'s face-down card") for v in revealed]

    row.append(c.played_face_up(kind, value))
    state["collective"] += value
    # "If you play them next to one or more face-down cards, you are forced to turn those cards
    # over until you reach the last face up card you have played."
    values = iter(revealed)
    for index in to_turn:
        card = row[index]
        if card["value"] is None:
            card["value"] = next(values)
        card["face"] = c.UP
        state["collective"] += card["value"]
    _drew(state, who)
    if settle(state, who):
        return
    after_turn_card(state, who, kind)


def _drew(state: State, who: str) -> None:
    # "The last player to have drawn a card in the previous round will be the new starting player."
    state["last_drawer"] = who
    state["drawn"] += 1


def pass_turn(state: State, action: dict[str, Any]) -> None:
    """Stop drawing for the round; the first passer (or a pass card's player) takes a bonus tile."""
    who = active(state)
    # "The first player to pass in each round can choose one of the three available bonus tiles";
    # the pass card: "you may pass immediately and draw a bonus tile of your choice, even if you
    # are not the first player to pass".
    by_card = state["step"] == "effect" and state["pending"]["effect"] == c.PASS_TILE
    entitled = (by_card or not state["passed"]) and bool(available_tiles(state))
    tile = action.get("tile")
    if tile is not None:
        if not entitled:
            first = state["passed"][0] if state["passed"] else None
            if first is not None and not by_card:
                raise RuleError(f"{first} passed first this round: only the first player to pass takes a bonus tile")
            raise RuleError("No bonus tile is left on display")
        check_tile(tile, available_tiles(state), who)
    state["passed"].append(who)
    if not entitled:
        advance(state)
    elif tile is not None:
        state["tiles_taken"].append({"player": who, "tile": tile})
        advance(state)
    else:
        state["step"] = "tile"
        state["pending"] = {"player": who}


def take_tile(state: State, action: dict[str, Any]) -> None:
    """The passer chooses one of the tiles on display."""
    who = state["pending"]["player"]
    tile = check_tile(action.get("tile"), available_tiles(state), who)
    state["tiles_taken"].append({"player": who, "tile": tile})
    advance(state)


def end_turn(state: State, action: dict[str, Any]) -> None:
    """Decline the zero's extra turn, the extra card, or the effect: the turn passes on."""
    advance(state)
