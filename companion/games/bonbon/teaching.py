"""Bonbon's words for "What now?" (companion/core/guide.py): each move as players say it now, with
the limits that matter; the board's one greyed button (the collective limit board's "Next round"
at 0); and the section of rules.md behind the step. Face-down values never shape the words."""

from __future__ import annotations

from typing import Any

from companion.core.game import Expected
from companion.core.guide import Greyed, Teaching
from companion.games.bonbon import cards as c
from companion.games.bonbon.limits import collective_limit, personal_limit
from companion.games.bonbon.reveal import waiting
from companion.games.bonbon.rounds import replacements_needed
from companion.games.bonbon.standing import actor, available_tiles, first_passer
from companion.games.bonbon.words import TILE_SHORT

State = dict[str, Any]

EFFECT_WORDS = {
    c.PASS_TILE: "pass now and take any bonus tile still on display, even if someone passed first",
    c.PEEK: ("turn one of another player's face-down cards face up: it counts for the limits, and if the "
             "table goes over, {who} is out"),
    c.SWAP: "swap any two cards between two players, {who}'s own and this card included",
    c.HIDE: "turn any face-up card face down, {who}'s own included: it stops counting for the limits",
}


def teach(state: State, expected: Expected) -> Teaching:
    if state["mode"] == "board":
        return _board(state, expected)
    phase = state["phase"]
    if phase == "setup":
        return Teaching({"start": "lay out 3 of the 6 bonus tiles at random and enter them; say who starts "
                                  "(whoever last ate chocolate)"}, rule="setting-up")
    if phase == "play":
        return _play(state, expected)
    if phase == "reveal":
        left = waiting(state)
        turning = [w["player"] for w in left if w["values"]]
        counting = [w["player"] for w in left if w["variety"]]
        parts = [f"turn over the face-down cards of {_and(turning)} and enter their numbers"] if turning else []
        if counting:
            parts.append(f"{_and(counting)} {'counts' if len(counting) == 1 else 'count'} the different pictures "
                         "for the variety tile")
        words = "; ".join(parts) or "turn over the face-down cards"
        return Teaching({"reveal": words}, rule="end-of-a-round")
    if phase == "scored":
        need = replacements_needed(state)
        words = f"shuffle all the cards back for round {state['round'] + 1}; the last player to draw starts"
        if need:
            words += f"; first replace the taken tile{'s' if need > 1 else ''} on display"
        return Teaching({"next_round": words}, rule="scoring")
    return Teaching(rule="winning-the-game")


def _limits(state: State, who: str) -> str:
    mine = sum(card["value"] for card in state["rows"][who] if card["face"] == c.UP)
    table = state["collective"]
    return (f"limits: {who} {mine} of {personal_limit(state['tokens'][who])} face up, "
            f"table {table} of {collective_limit(len(state['players']))}")


def _pass_words(state: State, who: str) -> str:
    if not state["passed"] and available_tiles(state):
        return f"pass: {who} draws no more this round and, passing first, takes a bonus tile"
    first = first_passer(state)
    took = f" (the first to pass, {first}, had the tile)" if first else ""
    return f"pass: {who} draws no more this round{took}"


def _play(state: State, expected: Expected) -> Teaching:
    step, who = state["step"], actor(state) or ""
    draw = f"draw a card; lay it face down, or face up and enter its kind and number ({_limits(state, who)})"
    if step == "turn":
        return Teaching({"draw": draw, "pass": _pass_words(state, who)}, rule="your-turn")
    if step == "extra_turn":
        return Teaching({"draw": f"take the zero's extra turn: {draw}", "pass": _pass_words(state, who),
                         "end_turn": "skip the zero's extra turn: play moves on"}, rule="special-cards")
    if step == "draw_again":
        return Teaching({"draw": f"draw one more card, as the draw-again card allows ({_limits(state, who)})",
                         "end_turn": "don't draw another card: play moves on"}, rule="special-cards")
    if step == "effect":
        effect = state["pending"]["effect"]
        words = EFFECT_WORDS[effect].format(who=who)
        moves = {spec.type: words for spec in expected.legal if spec.type != "end_turn"}
        moves["end_turn"] = "don't use the card's effect: play moves on"
        return Teaching(moves, rule="special-cards")
    if step == "tile":
        tiles = [TILE_SHORT[t] for t in available_tiles(state)]
        return Teaching({"take_tile": f"{who} passed and takes a bonus tile: choose one ({', '.join(tiles)})"},
                        rule="passing-and-bonus-tiles")
    return Teaching(rule="your-turn")


def _board(state: State, expected: Expected) -> Teaching:
    total, limit = state["total"], state["limit"]
    moves = {"board": f"move the total by a card's number whenever one is played face up, back when one is "
                      f"turned face down (now {total} of {limit})",
             "board_reset": "start the next round: the total goes back to 0"}
    greyed = () if expected.allows("board_reset") else (
        Greyed("Next round: back to 0", "the total is already 0"),)
    return Teaching(moves, greyed, rule="the-limits")


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
