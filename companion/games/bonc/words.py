"""BONC!'s words: card names, the chain's names, every event and refusal, in one wording for the
touchscreen, the phones and the story of a past game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.fields import said
from companion.games.bonc import cards as c

CARD_NAMES = {
    c.BONC: "BONC!",
    c.BLITZ: "BLITZ",
    c.SNEAK: "SNEAK",
    c.BORROWED_TIME: "BORROWED TIME",
    c.BAND_AID: "BAND-AID",
    c.BULLETPROOF: "BULLETPROOF",
    c.BLOCK: "BLOCK",
}

# What each wild card does, in a few words for a card button and the phone.
CARD_HINTS = {
    c.BONC: "hits the player before",
    c.BLITZ: "hits everyone else",
    c.SNEAK: "hits the player after",
    c.BORROWED_TIME: "steals a life",
    c.BAND_AID: "+1 life",
    c.BULLETPROOF: "shield",
    c.BLOCK: "plain card",
}

LABELS = {
    "play": "Play a card",
    "block": "BLOCK",
    "deal": "Deal again",
    "no_block": "No BLOCK",
}

CHAIN = {1: "BONC!", 2: "DOUBLE BONC!", 3: "TRIPLE BONC!", 4: "QUADRUPLE BONC!", 5: "QUINTUPLE BONC!",
         6: "SEXTUPLE BONC!", 7: "SEPTUPLE BONC!"}


def chain_name(level: int) -> str:
    """"When you get DOUBLE BONC!ed, you lose 2 lives" ... and so on."""
    return CHAIN.get(level, f"{level}-FOLD BONC!")


def card_name(card: Any) -> str:
    return str(card) if c.is_number(card) else CARD_NAMES.get(card, str(card))


def card_label(card: Any) -> str:
    """How a card is named on a button: its number, or the wild card's name."""
    return card_name(card)


def a_card(card: Any) -> str:
    """"a 7", "an 8", "BLITZ": a card as the news names it."""
    if c.is_number(card):
        return f"an {card}" if card == 8 else f"a {card}"
    return card_name(card)


def names(players: list[str], joiner: str = "and") -> str:
    if not players:
        return "nobody"
    return players[0] if len(players) == 1 else f"{', '.join(players[:-1])} {joiner} {players[-1]}"


def lives(n: int) -> str:
    return f"{n} {'life' if n == 1 else 'lives'}"


def shield_side(side: int) -> str:
    return {0: "", 1: "Bulletproof, side 1", 2: "Bulletproof, side 2"}[side]


def no_block_label(state: Mapping[str, Any]) -> str:
    winner = next(p for p in state["players"] if state["lives"][p] > 0)
    return f"No BLOCK: {winner} wins"


def cannot_steal(state: Mapping[str, Any], player: str, target: Any) -> str:
    if target == player:
        return f"{player} cannot take a life from themselves"
    if target not in state["players"]:
        shown = said(target)
        takers = [p for p in state["players"] if p != player and state["lives"][p] > 0 and not state["shields"][p]]
        head = f"{shown} is not playing in this game" if shown else "Choose a player"
        return f"{head}: BORROWED TIME may take a life from {names(takers, 'or')}"
    if state["lives"][target] <= 0:
        return f"{target} is out: BORROWED TIME takes a life only from a player still in"
    return f"{target} is Bulletproof: BORROWED TIME cannot take their life"


def no_gift(state: Mapping[str, Any], player: str, card: Any) -> str:
    if state["lives"][player] < state["max_lives"]:
        return f"{player} is below {lives(state['max_lives'])}: the {card_name(card)} heals {player}"
    return f"Nobody else is wounded: the {card_name(card)} heals nobody"


def no_gift_to(state: Mapping[str, Any], player: str, card: Any, gift: Any) -> str:
    """Why a BAND-AID's spare life cannot go to `gift`, and who it may go to."""
    wounded = [p for p in state["players"] if p != player and 0 < state["lives"][p] < state["max_lives"]]
    shown = said(gift)
    head = f"{shown} is not a wounded player still in" if shown else "Choose a wounded player still in"
    return f"{head}: the {card_name(card)}'s life may go to {names(wounded, 'or')}"


def _bonc(e: Mapping[str, Any]) -> str:
    """A life lost to a card: "DOUBLE BONC! Cara matches Ben's 7: Ben loses 2 lives"."""
    card, by, victim = e["card"], e["by"], e["player"]
    out = " and is out" if e.get("out") else ""
    if card == c.BORROWED_TIME:
        kept = "" if e.get("gained") else f" ({by} is at full lives and gains none)"
        return f"{by}'s BORROWED TIME takes a life from {victim}{kept}" + (f": {victim} is out" if out else "")
    if c.is_number(card):
        return f"{chain_name(e.get('level', 1))} {by} matches {victim}'s {card}: {victim} loses {lives(e['lost'])}{out}"
    return f"{by}'s {card_name(card)} hits {victim}: {victim} loses {lives(e['lost'])}{out}"


def badges(player: Mapping[str, Any]) -> list[str]:
    """Short tags beside a player's lives: out, the shield's side, what the last card took, BLOCK."""
    out = ["out"] if player["out"] else []
    if player["shield"]:
        out.append(shield_side(player["shield"]))
    if player["hit"]:
        out.append(f"hit −{player['hit']}")
    if player["blocked"]:
        out.append("blocked")
    if player["missed"]:
        out.append("shield held")
    if player["can_block"]:
        out.append("may BLOCK")
    return out


def last_line(last: Mapping[str, Any] | None, attack: Mapping[str, Any] | None) -> str:
    """The last card and what it did, one line for the touchscreen and the phone alike."""
    if not last:
        return "No card played yet this deal"
    said = f"{last['by']} played {a_card(last['card'])}"
    if not attack:
        return said
    parts = []
    for hit in attack["hits"]:
        parts.append(f"{hit['player']} blocked" if hit["blocked"] else f"{hit['player']} −{hit['lost']}")
    parts += [f"{p} Bulletproof" for p in attack["missed"]]
    name = attack["name"] if c.is_number(attack["card"]) else ""
    return f"{said}: " + (f"{name}, " if name else "") + (", ".join(parts) if parts else "hits nobody")


def threat_line(chain: Mapping[str, Any] | None, turn: str | None) -> str:
    """What one more matching number would do: the chain's threat, in the same words everywhere."""
    if not chain:
        return ""
    nxt = chain["next"]
    who = f"from {turn}" if turn else "next"
    if nxt["bulletproof"]:
        return f"{nxt['victim']} is Bulletproof: another {chain['card']} takes nothing"
    return f"Another {chain['card']} {who}: {nxt['name']} on {nxt['victim']} (−{nxt['lives']})"


NEWS = {
    "played": lambda e: f"{e['player']} played {a_card(e['card'])}",
    "bonc": _bonc,
    "shielded": lambda e: f"{e['player']} is Bulletproof: {e['by']}'s {card_name(e['card'])} takes nothing",
    "missed": lambda e: f"{e['by']}'s {card_name(e['card'])} hits nobody: "
    + ("no card before it this deal" if e["card"] == c.BONC else "nobody to hit"),
    "healed": lambda e: f"{e['player']} gains a life from {e['by']}'s {card_name(e['card'])}"
    if e["player"] != e["by"] else f"{e['player']} gains a life ({card_name(e['card'])})",
    "no_heal": lambda e: f"{e['player']}'s {card_name(e['card'])} heals nobody",
    "shield": lambda e: f"{e['player']} is Bulletproof: shield on side {e['side']}"
    if e["side"] else f"{e['player']}'s shield is gone",
    "blocked": lambda e: f"{e['player']} BLOCKS {e['by']}'s {card_name(e['card'])} and keeps {lives(e['kept'])}"
    + ("" if e.get("drew") else " (no card left to draw)"),
    "out": lambda e: f"{e['player']} is out",
    "back": lambda e: f"{e['player']} is back in",
    "out_of_cards": lambda e: f"Everyone is out of cards after deal {e['deal']}: deal again",
    "dealt": lambda e: f"Deal {e['deal']}: {e['cards']} cards each to {names(e['players'])}",
    "won": lambda e: f"{e['player']} wins BONC!: the last player standing",
}


def event_text(event: Mapping[str, Any]) -> str:
    """One event in words."""
    make = NEWS.get(event.get("type", ""))
    return make(event) if make else str(event.get("type", "")).replace("_", " ")
