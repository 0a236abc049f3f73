"""Captures and removals: a revealed value goes to the counting frame, BondOs change hands, the
target ends the game. legal.require_legal has checked the value and the kinds beforehand."""

from __future__ import annotations

from typing import Any

from companion.games.bondcones import frames, ledger
from companion.games.bondcones.standing import current, end_turn, other, points

State = dict[str, Any]


def capture(state: State, action: dict[str, Any]) -> None:
    player = current(state)
    victim = other(state, player)
    value = action["value"]
    with_kind = action.get("with") or ledger.ORDINARY
    cone_kind = action.get("cone") or ledger.ORDINARY
    frames.take(state["cones"][victim], value)
    bondos = state["bondos"]
    moved = ledger.transfer_on_capture(bondos[player], bondos[victim], with_kind, cone_kind)
    state["captures"].append({"by": player, "from": victim, "value": value, "how": "capture", "cone": cone_kind,
                              "bondos": moved, "turn": state["turn_number"]})
    if moved:
        # "you can get it back by capturing it in the ordinary game": the capturer's own
        # window closes; the victim gets three turns to declare a BondO Battle.
        state["windows"].pop(player, None)
        state["windows"][victim] = ledger.WINDOW_TURNS
    if not _check_win(state, player):
        end_turn(state)


def remove(state: State, action: dict[str, Any]) -> None:
    """After a battle lost against a Double BondO the defender removes one of the loser's cones."""
    loser = current(state)
    remover = other(state, loser)
    value = action["value"]
    frames.take(state["cones"][loser], value)
    state["captures"].append({"by": remover, "from": loser, "value": value, "how": "removal",
                              "cone": ledger.ORDINARY, "bondos": 0, "turn": state["turn_number"]})
    if not _check_win(state, remover):
        end_turn(state)


def _check_win(state: State, player: str) -> bool:
    """'the player who steals 28 points from the opponent wins the game': play stops there."""
    if points(state, player) < state["target"]:
        return False
    state.update(phase="over", winner=player, step=None, battle=None)
    return True
