"""Round scoring: the line-by-line table the screen shows for checking, and who takes a token."""

from __future__ import annotations

from typing import Any

from companion.games.bonbon.cards import Row, cards_not_zero, face_down_runs
from companion.games.bonbon.standing import is_eliminated, tile_of
from companion.games.bonbon.tiles import face_down_count, tile_points

State = dict[str, Any]

# "The first player to get 3 bonbon tokens wins the game."
TOKENS_TO_WIN = 3


def score_line(name: str, row: Row, tile: str | None, variety: int | None) -> dict[str, Any]:
    """One player's score, each part on its own line so the table can check it against the cards."""
    runs = face_down_runs(row)
    # "For each set of face-down cards you have played, add up as many points as the number of cards minus 1."
    sets_points = sum(run - 1 for run in runs)
    # "Reveal your face-down cards and add up the value of all the cards you have played."
    values = sum(c["value"] for c in row)
    bonus = tile_points(tile, row, variety)
    return {
        "player": name,
        "eliminated": False,
        "face_down_sets": runs,
        "sets_points": sets_points,
        "card_values": values,
        "tile": tile,
        "tile_points": bonus,
        "total": sets_points + values + bonus,
        "cards_played": cards_not_zero(row),
        "face_down_cards": face_down_count(row),
        "token": False,
    }


def out_line(name: str) -> dict[str, Any]:
    """An eliminated player's line: "each player who has not been eliminated will score"."""
    return {
        "player": name,
        "eliminated": True,
        "face_down_sets": None,
        "sets_points": None,
        "card_values": None,
        "tile": None,
        "tile_points": None,
        "total": None,
        "cards_played": None,
        "face_down_cards": None,
        "token": False,
    }


def _key(line: dict[str, Any]) -> tuple[int, int, int]:
    # "In case of tie, the winner is the player who played the most cards (not counting
    # zeros), [then who] played the most face-down cards."
    return (line["total"], line["cards_played"], line["face_down_cards"])


def places(players: int) -> int:
    """Tokens a round gives: "In games with 5 or 6 players, the two players with the most points"."""
    return 2 if players >= 5 else 1


def round_winners(lines: list[dict[str, Any]], players: int) -> tuple[list[str], str]:
    """Who takes a token (in seat order) and what decided it: points, a tie-break, or a tie."""
    scored = [line for line in lines if not line["eliminated"]]
    if not scored:
        return [], "nobody scored"
    ordered = sorted(scored, key=_key, reverse=True)
    wanted = min(places(players), len(ordered))
    cut = _key(ordered[wanted - 1])
    # "If the tie persists, all tied players win the round."
    winners = [line["player"] for line in scored if _key(line) >= cut]
    if len(winners) > wanted:
        return winners, "tie"
    for depth, reason in ((1, "points"), (2, "cards played"), (3, "face-down cards")):
        if sum(1 for line in scored if _key(line)[:depth] >= cut[:depth]) == len(winners):
            return winners, reason
    return winners, "face-down cards"  # pragma: no cover - depth 3 always matches


def score_round(state: State) -> None:
    """Score every player still in, give the tokens, and end the game at three tokens."""
    lines = []
    for name in state["players"]:
        if is_eliminated(state, name):
            lines.append(out_line(name))
        else:
            variety = state["variety"].get(name)
            lines.append(score_line(name, state["rows"][name], tile_of(state, name), variety))
    winners, decided_by = round_winners(lines, len(state["players"]))
    for line in lines:
        line["token"] = line["player"] in winners
    for name in winners:
        state["tokens"][name] += 1
    state["scoring"] = {
        "round": state["round"],
        "end_reason": state["end_reason"],
        "lines": lines,
        "winners": winners,
        "decided_by": decided_by,
    }
    state["history"].append({"round": state["round"], "winners": winners})
    champions = [p for p in state["players"] if state["tokens"][p] >= TOKENS_TO_WIN]
    state["phase"] = "over" if champions else "scored"
    state["step"] = None
    state["pending"] = None
