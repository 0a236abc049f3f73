"""One-off happenings to announce (eliminations, tiles, round and game wins); never a hidden value."""

from __future__ import annotations

from typing import Any

from companion.games.bonbon.scoring import TOKENS_TO_WIN

State = dict[str, Any]


def events(before: State, after: State) -> list[dict[str, Any]]:
    """What changed between two states of the same game, in the order the table saw it happen."""
    if after["round"] != before["round"]:
        starter = after["players"][after["starter"]]
        return [{"type": "round_started", "round": after["round"], "starter": starter}]
    if after["phase"] == "setup":
        return []
    out: list[dict[str, Any]] = []
    for name in after["passed"][len(before["passed"]) :]:
        out.append({"type": "passed", "player": name, "first": after["passed"][0] == name})
    for taken in after["tiles_taken"][len(before["tiles_taken"]) :]:
        out.append({"type": "tile_taken", "player": taken["player"], "tile": taken["tile"]})
    for gone in after["eliminated"][len(before["eliminated"]) :]:
        out.append({"type": "eliminated", "player": gone["player"], "reason": gone["reason"]})
    for name in after["players"]:
        lost = after["discarded"][name] - before["discarded"][name]
        if lost > 0:
            out.append({"type": "discarded", "player": name, "cards": lost})
    if before["phase"] == "play" and after["phase"] != "play":
        out.append({"type": "round_over", "round": after["round"], "reason": after["end_reason"]})
    if before["scoring"] is None and after["scoring"] is not None:
        scoring = after["scoring"]
        out.append({"type": "round_won", "round": scoring["round"], "winners": list(scoring["winners"])})
    if before["phase"] != "over" and after["phase"] == "over":
        winners = [p for p in after["players"] if after["tokens"][p] >= TOKENS_TO_WIN]
        out.append({"type": "game_won", "winners": winners})
    return out
