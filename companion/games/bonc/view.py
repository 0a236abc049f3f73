"""The public view: lives, shields, cards in hand, the last card, what it hit and what the next
card may do. Hands are never entered, so nothing hidden is known to the app."""

from __future__ import annotations

from typing import Any

from companion.games.bonc import cards as c
from companion.games.bonc import words
from companion.games.bonc.deals import blockers, draw_pile
from companion.games.bonc.seats import turn

State = dict[str, Any]


def _chain(state: State) -> dict[str, Any] | None:
    """The BONC! chain on the pile: its level now, and what one more matching number would do."""
    last = state["last"]
    if not last or not c.is_number(last["card"]):
        return None
    level = state["run"] - 1  # 0: a lone number, no BONC! yet
    nxt = state["run"]
    victim = last["by"]
    return {
        "card": last["card"],
        "level": level,
        "name": words.chain_name(level) if level else "",
        "next": {"victim": victim, "level": nxt, "name": words.chain_name(nxt),
                 "lives": min(nxt, state["lives"][victim]), "bulletproof": state["shields"][victim] > 0},
    }


def _attack(state: State) -> dict[str, Any] | None:
    attack = state["attack"]
    if not attack:
        return None
    return {
        "by": attack["by"],
        "card": attack["card"],
        "label": words.card_label(attack["card"]),
        "level": attack["level"],
        "name": words.chain_name(attack["level"]) if c.is_number(attack["card"]) else words.card_name(attack["card"]),
        "hits": [{"player": h["player"], "lost": h["lost"], "blocked": h["blocked"]} for h in attack["hits"]],
        "missed": list(attack["missed"]),
        "gained": attack["gained"],
    }


def _player(state: State, name: str, now: str | None, may_block: list[str]) -> dict[str, Any]:
    attack = state["attack"] or {}
    hit = next((h for h in attack.get("hits", []) if h["player"] == name), None)
    seat = {
        "name": name,
        "lives": state["lives"][name],
        "max_lives": state["max_lives"],
        "out": state["lives"][name] <= 0,
        "cards": state["hands"][name],
        "shield": state["shields"][name],
        "turn": name == now,
        # What the last card took from this player (and whether a BLOCK gave it back).
        "hit": hit["lost"] if hit and not hit["blocked"] else 0,
        "blocked": bool(hit and hit["blocked"]),
        "missed": name in attack.get("missed", []),
        "can_block": name in may_block,
    }
    seat["said"] = words.badges(seat)  # the same tags on the touchscreen and the phones
    return seat


def public_view(state: State) -> dict[str, Any]:
    """Everything the table sees, for the touchscreen and the phones alike."""
    now = turn(state)
    may_block = blockers(state)
    last = state["last"]
    attack, chain = _attack(state), _chain(state)
    return {
        "phase": state["phase"],
        "deal": state["deal"],
        "deal_size": state["deal_size"],
        "draw_pile": draw_pile(state),
        "max_lives": state["max_lives"],
        "turn": now,
        "winner": state["winner"],
        "players": [_player(state, p, now, may_block) for p in state["players"]],
        "last": {"by": last["by"], "card": last["card"], "label": words.card_label(last["card"])} if last else None,
        "attack": attack,
        "chain": chain,
        # The same two lines on the touchscreen and the phones (words.py).
        "said": {"last": words.last_line(state["last"], attack), "threat": words.threat_line(chain, now) if state["phase"] == "play" else ""},
        "blockers": may_block,
        "left": {c.key(card): state["deck"][c.key(card)] - state["played"][c.key(card)] for card in c.ALL},
    }
