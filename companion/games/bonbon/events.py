"""Happenings to announce (cards played, eliminations, tiles, round and game wins); never a hidden value."""

from __future__ import annotations

from typing import Any

from companion.games.bonbon import cards as c
from companion.games.bonbon.limits import collective_limit, personal_limit
from companion.games.bonbon.scoring import TOKENS_TO_WIN, places
from companion.games.bonbon.standing import COLLECTIVE, active, is_eliminated

State = dict[str, Any]

# The effects that may find nothing to act on (the pass card and the turn-down card always can: the
# player's own tile choice, the card itself).
MAY_FIND_NOTHING = (c.PEEK, c.SWAP)


def skipped_effect(before: State, after: State, action: dict[str, Any]) -> dict[str, Any] | None:
    """A reveal or swap card played face-up whose effect had nothing to act on, so the turn went on.

    The rules skip it without asking the table ("there is no choice to make"); the event says so, so
    that nobody wonders why the card did nothing. It depends only on what lies face-up or face-down
    and who is still in, never on a face-down card's value.
    """
    kind = action.get("kind")
    if action.get("type") != "draw" or action.get("face") != c.UP or kind not in MAY_FIND_NOTHING:
        return None
    if before["phase"] != "play":
        return None
    who = active(before)
    if is_eliminated(after, who):
        return None  # the card put its player out: no effect, and the elimination says why
    if after["step"] == "effect" and (after["pending"] or {}).get("effect") == kind:
        return None  # offered: the table chooses
    return {"type": "effect_skipped", "player": who, "effect": kind}


def drew(before: State, after: State) -> dict[str, Any] | None:
    """The card the player on turn just drew and played: face-up with its kind and value, or only
    "face-down" (a face-down card's value is not known, and its kind is as secret as its value)."""
    if before["phase"] != "play":
        return None
    who = active(before)
    row, was = after["rows"][who], before["rows"][who]
    if len(row) <= len(was):
        return None
    card = row[-1]
    if card["face"] != c.UP:
        return {"type": "drew", "player": who, "face": c.DOWN}
    return {"type": "drew", "player": who, "face": c.UP, "kind": card["kind"], "value": card["value"]}


def acted(before: State, after: State, action: dict[str, Any]) -> dict[str, Any] | None:
    """What a reveal, swap or turn-down card did, or the cards a player turned over at the round's
    end: each card named by its owner and place in the row, as the table points at it. A value
    only once the card lies face-up or is turned over for everyone, never a face-down one's."""
    kind = action.get("type")
    if kind in ("peek", "hide") and before["phase"] == "play":
        name, place = action["player"], action["card"]
        event = {"type": "revealed" if kind == "peek" else "turned_down", "by": active(before),
                 "player": name, "card": place}
        if kind == "peek":
            event["value"] = after["rows"][name][place - 1]["value"]
        return event
    if kind == "swap" and before["phase"] == "play":
        return {"type": "swapped", "by": active(before),
                "cards": [{"player": r["player"], "card": r["card"]} for r in action["cards"]]}
    if kind == "reveal" and action.get("player") in after["revealed"]:
        name = action["player"]
        shown = [card["value"] for card in after["rows"][name] if card["face"] != c.UP]
        return {"type": "turned_over", "player": name, "values": shown, "variety": after["variety"].get(name)}
    return None


def events(before: State, after: State, action: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """What changed between two states of the same game, in the order the table saw it happen."""
    if after["round"] != before["round"]:
        starter = after["players"][after["starter"]]
        return [{"type": "round_started", "round": after["round"], "starter": starter}]
    if after["phase"] == "setup":
        return []
    out: list[dict[str, Any]] = []
    card = drew(before, after)
    if card:
        out.append(card)
    effect = acted(before, after, action or {})
    if effect:
        out.append(effect)
    for name in after["passed"][len(before["passed"]) :]:
        out.append({"type": "passed", "player": name, "first": after["passed"][0] == name})
    for taken in after["tiles_taken"][len(before["tiles_taken"]) :]:
        out.append({"type": "tile_taken", "player": taken["player"], "tile": taken["tile"]})
    for gone in after["eliminated"][len(before["eliminated"]) :]:
        out.append(_out(after, gone))
    skipped = skipped_effect(before, after, action or {})
    if skipped:
        out.append(skipped)
    for name in after["players"]:
        lost = after["discarded"][name] - before["discarded"][name]
        if lost > 0:
            out.append({"type": "discarded", "player": name, "cards": lost})
    if before["phase"] == "play" and after["phase"] != "play":
        out.append({"type": "round_over", "round": after["round"], "reason": after["end_reason"],
                    **_limit(after), "passed": list(after["passed"]),
                    "out": [gone["player"] for gone in after["eliminated"]]})
    if before["scoring"] is None and after["scoring"] is not None:
        scoring = after["scoring"]
        # Every card is turned over by now: the lines are the scoring table the screen shows.
        out.append({"type": "round_won", "round": scoring["round"], "winners": list(scoring["winners"]),
                    "decided_by": scoring["decided_by"], "places": places(len(after["players"])),
                    "lines": [{k: line[k] for k in LINE_KEYS} for line in scoring["lines"]]})
    if before["phase"] != "over" and after["phase"] == "over":
        winners = [p for p in after["players"] if after["tokens"][p] >= TOKENS_TO_WIN]
        out.append({"type": "game_won", "winners": winners, "tokens": dict(after["tokens"]), "needed": TOKENS_TO_WIN})
    return out


# A round's scoring line as Why? reads it (companion/games/bonbon/why.py).
LINE_KEYS = ("player", "eliminated", "face_down_sets", "sets_points", "card_values", "tile", "tile_points", "total",
             "cards_played", "face_down_cards", "token")


def _limit(state: State) -> dict[str, Any]:
    """The collective total against its limit: face-up cards only, on the table for everyone."""
    return {"total": state["collective"], "limit": collective_limit(len(state["players"])),
            "players": len(state["players"])}


def _out(state: State, gone: dict[str, Any]) -> dict[str, Any]:
    """A player out of the round, with the limit they went past and the face-up total that did it."""
    name = gone["player"]
    if gone["reason"] == COLLECTIVE:
        return {"type": "eliminated", "player": name, "reason": gone["reason"], **_limit(state)}
    return {"type": "eliminated", "player": name, "reason": gone["reason"],
            "face_up": c.face_up_total(state["rows"][name]), "limit": personal_limit(state["tokens"][name]),
            "tokens": state["tokens"][name]}
