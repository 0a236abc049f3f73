"""Starting the game and each following round: the bonus tiles on display and who starts."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import count_refusal
from companion.games.bonbon.words import TILE_SHORT, not_a_player, tiles_said
from companion.games.bonbon.tiles import DISPLAYED, TILES

State = dict[str, Any]


def new_round(state: State, starter: int, tiles: list[str]) -> None:
    """A fresh round: every card back in the deck, nobody passed, the board at 0."""
    players = state["players"]
    state.update(
        {
            "round": state["round"] + 1,
            "phase": "play",
            "step": "turn",
            "pending": None,
            "starter": starter,
            "active": starter,
            "tiles_shown": list(tiles),
            "tiles_taken": [],  # {"player", "tile"} in the order taken
            "rows": {p: [] for p in players},
            "collective": 0,  # the collective limit board's token
            "passed": [],  # in the order they passed: the first one is the first passer
            "eliminated": [],  # {"player", "reason"} in the order they went out
            "discarded": {p: 0 for p in players},
            "last_drawer": None,
            "drawn": 0,
            "end_reason": None,
            "revealed": [],
            "variety": {},
            "scoring": None,
        }
    )


def _distinct_tiles(tiles: Any, count: int, allowed: list[str], what: str) -> list[str]:
    if not isinstance(tiles, list) or len(tiles) != count:
        raise RuleError(count_refusal(what, tiles, count, count, "tile", detail=f" of {tiles_said(allowed)}"))
    for tile in tiles:
        if tile not in TILES:
            raise RuleError(f"There is no such bonus tile: {what.lower()} from {tiles_said(allowed)}")
        if tile not in allowed:
            raise RuleError(f"{what}: the {TILE_SHORT[tile]} tile is not one of {tiles_said(allowed)}")
    if len(set(tiles)) != len(tiles):
        raise RuleError(f"{what}: each tile can be laid out only once")
    return list(tiles)


def start(state: State, action: dict[str, Any]) -> None:
    """The game begins once the table says which three tiles lie on display (and who starts)."""
    # "Shuffle the bonus tiles and place three at random near the collective limit board."
    tiles = _distinct_tiles(action.get("tiles"), DISPLAYED, list(TILES), "Lay out the bonus tiles")
    first = action.get("first", state["players"][0])
    # "The last player to have eaten chocolate will be the starting player."
    if first not in state["players"]:
        raise RuleError(not_a_player(state, first, "to start"))
    new_round(state, state["players"].index(first), tiles)


def pile(state: State) -> list[str]:
    """Tiles that were not on display this round: where a replacement tile comes from."""
    return [t for t in TILES if t not in state["tiles_shown"]]


def replacements_needed(state: State) -> int:
    """One new tile per tile taken this round."""
    return len(state["tiles_taken"])


def next_round(state: State, action: dict[str, Any]) -> None:
    """Replace the taken tiles and start again with the last player who drew a card."""
    # "Replace the bonus tile chosen by the first player to pass with a new tile."
    need = replacements_needed(state)
    given = action.get("new_tiles", [])
    new = _distinct_tiles(given, need, pile(state), "Replace the taken bonus tiles") if need else []
    if not need and given:
        raise RuleError("No bonus tile was taken this round: nothing to replace")
    taken = {t["tile"] for t in state["tiles_taken"]}
    tiles = [t for t in state["tiles_shown"] if t not in taken] + new
    # "The last player to have drawn a card in the previous round will be the new starting player."
    last = state["last_drawer"]
    starter = state["players"].index(last) if last is not None else state["starter"]
    new_round(state, starter, tiles)
