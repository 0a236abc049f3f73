"""The end-of-round step: the table turns over the face-down cards and enters their values."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.games.bonbon.words import not_a_player, plural, values_to_enter
from companion.games.bonbon.cards import UP, Row, cards_not_zero, check_value, is_whole, unknown
from companion.games.bonbon.scoring import score_round
from companion.games.bonbon.standing import is_eliminated, tile_of
from companion.games.bonbon.tiles import VARIETY

State = dict[str, Any]


def variety_max(row: Row) -> int:
    """The most different illustrations a row may show as the table sees it before the reveal.

    Every card but a face-up zero counts. A face-down card counts even when the app knows it
    is a zero (turned face-down by the turn-face-down card): leaving it out would show which
    face-down card is a zero before it is revealed.
    """
    return sum(1 for c in row if not (c["face"] == UP and c["value"] == 0))


def turned_over(state: State, name: str) -> bool:
    """Whether this player's face-down cards are turned over for everyone: only then may anything
    public (the cards' values, a warning, a count) depend on what they are."""
    # Play is over, the player scores ("each player who has not been eliminated"), and has
    # entered their reveal or has nothing to enter.
    if state["phase"] in ("setup", "play") or is_eliminated(state, name):
        return False
    return name in state["revealed"] or _needs(state, name) is None


def _needs(state: State, name: str) -> dict[str, Any] | None:
    """What this player still has to enter at the reveal (None: nothing), before it is entered."""
    row = state["rows"][name]
    count = len(unknown(row))
    needs_variety = tile_of(state, name) == VARIETY
    if not count and not needs_variety:
        return None
    return {
        "player": name,
        "values": count,
        # Where those cards lie, from 1 on the left, so that a screen names each card as the table sees it
        # (a card turned face-down by an effect lies among them and is not asked for).
        "cards": [i + 1 for i in unknown(row)],
        "variety": needs_variety,
        "variety_max": variety_max(row) if needs_variety else None,
    }


def waiting(state: State) -> list[dict[str, Any]]:
    """Players who still have something to reveal: face-down values, or the variety tile's count."""
    out = []
    for name in state["players"]:
        if is_eliminated(state, name) or name in state["revealed"]:
            continue
        need = _needs(state, name)
        if need is not None:
            out.append(need)
    return out


def variety_warnings(state: State) -> list[str]:
    """A variety count above the player's non-zero cards, once those cards are turned over.

    The count may go up to variety_max, which cannot leave out a zero that is still face-down;
    once the cards are turned over, the table is told to check a count no row allows (a warning,
    as for the deck: it never blocks, and undo puts it right).
    """
    out = []
    for name, count in state.get("variety", {}).items():
        most = cards_not_zero(state["rows"][name])
        if turned_over(state, name) and count > most:
            out.append(f"{name} counted {count} different illustrations, but only {most} of {name}'s cards are not zeros")
    return out


def finish_if_revealed(state: State) -> None:
    """Score the round as soon as nothing is left to reveal."""
    if not waiting(state):
        score_round(state)


def reveal(state: State, action: dict[str, Any]) -> None:
    """Enter one player's face-down values (left to right) and, with the variety tile, its count."""
    name = action.get("player")
    pending = {w["player"]: w for w in waiting(state)}
    if name not in state["players"]:
        raise RuleError("Whose cards are revealed? " + not_a_player(state, name))
    if is_eliminated(state, name):
        raise RuleError(f"{name} was eliminated this round and does not score")
    if name not in pending:
        raise RuleError(f"{name} has nothing left to reveal")
    need = pending[name]
    values = action.get("values", [])
    if not isinstance(values, list) or len(values) != need["values"]:
        n, listed = need["values"], isinstance(values, list)
        raise RuleError(f"{name} has {plural(n, 'face-down card')} to reveal: {values_to_enter(n, listed)}")
    values = [check_value(v, state["max_value"], f"{name}'s face-down card") for v in values]
    count = action.get("variety")
    if need["variety"]:
        if not is_whole(count) or not 0 <= count <= need["variety_max"]:
            most = need["variety_max"]
            raise RuleError(f"{name} holds the variety tile: enter how many different illustrations "
                            f"({'0 here' if most == 0 else f'0 to {most}'})")
    elif count is not None:
        raise RuleError(f"{name} does not hold the variety tile")
    row = state["rows"][name]
    for index, value in zip(unknown(row), values):
        # The card stays face-down on the board: the value is for scoring only and never
        # joins the collective total.
        row[index]["value"] = value
    if need["variety"]:
        state["variety"][name] = count
    state["revealed"].append(name)
    finish_if_revealed(state)
