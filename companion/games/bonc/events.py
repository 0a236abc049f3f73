"""What happened, from comparing the state before and after an action: nothing about news is
kept in the state. Events are plain data; words.py says them."""

from __future__ import annotations

from typing import Any

from companion.games.bonc import cards as c
from companion.games.bonc.seats import alive

State = dict[str, Any]


def _turn_card(before: State, after: State) -> list[dict[str, Any]]:
    """A card played on a turn: the card, its player's shield, then what it did to each player."""
    last = after["last"]
    by, card = last["by"], last["card"]
    out: list[dict[str, Any]] = [{"type": "played", "player": by, "card": card}]
    if after["shields"][by] != before["shields"][by]:
        out.append({"type": "shield", "player": by, "side": after["shields"][by]})
    attack = after["attack"]
    if attack:
        for hit in attack["hits"]:
            out.append({"type": "bonc", "by": by, "player": hit["player"], "card": card, "level": attack["level"],
                        "lost": hit["lost"], "out": after["lives"][hit["player"]] == 0,
                        "lives": after["lives"][hit["player"]], "max_lives": after["max_lives"],
                        **({"gained": attack["gained"]} if card == c.BORROWED_TIME else {})})
        out.extend({"type": "shielded", "by": by, "player": p, "card": card} for p in attack["missed"])
        if not attack["hits"] and not attack["missed"]:
            out.append({"type": "missed", "by": by, "card": card})
    elif card in (c.BAND_AID, c.BORROWED_TIME):
        healed = [p for p in after["players"] if after["lives"][p] > before["lives"][p]]
        out.extend({"type": "healed", "player": p, "by": by, "card": card} for p in healed)
        if not healed:
            out.append({"type": "no_heal", "player": by, "card": card})
    return out


def _blocks(before: State, after: State) -> list[dict[str, Any]]:
    """Hits of the open attack that a BLOCK cancelled with this action."""
    was = {h["player"]: h for h in (before["attack"] or {}).get("hits", [])}
    attack = after["attack"] or {}
    out: list[dict[str, Any]] = []
    for hit in attack.get("hits", []):
        if hit["blocked"] and not was.get(hit["player"], {}).get("blocked"):
            out.append({"type": "blocked", "player": hit["player"], "by": attack["by"], "card": attack["card"],
                        "kept": hit["lost"], "drew": hit.get("drew", False), "lives": after["lives"][hit["player"]],
                        "gave_back": attack["card"] == c.BORROWED_TIME and before["lives"][attack["by"]]
                        > after["lives"][attack["by"]]})
            if before["lives"][hit["player"]] == 0:
                out.append({"type": "back", "player": hit["player"]})
    return out


def events(before: State, after: State, action: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """What changed between two states of the same game, in the order the table saw it happen."""
    out: list[dict[str, Any]] = []
    if after["deal"] != before["deal"]:
        out.append({"type": "dealt", "deal": after["deal"], "cards": after["deal_size"], "players": alive(after)})
        return out
    if after["turns"] != before["turns"]:
        out.extend(_turn_card(before, after))
    else:
        out.extend(_blocks(before, after))
    if after["phase"] == "deal" and before["phase"] != "deal":
        out.append({"type": "out_of_cards", "deal": after["deal"]})
    if after["phase"] == "over" and before["phase"] != "over":
        winner = after["winner"]
        out.append({"type": "won", "player": winner, "lives": after["lives"][winner] if winner else 0,
                    "out": [p for p in after["players"] if p != winner]})
    return out
