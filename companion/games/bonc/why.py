"""Why? for BONC!: a life lost (and a player out), a BLOCK and the last player standing, each
from the event alone (companion/core/guide.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.guide import Why
from companion.games.bonc import cards as c
from companion.games.bonc.words import card_name, chain_name, lives, names

ORDINAL = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth"}


def why(event: Mapping[str, Any]) -> Why | None:
    kind = event.get("type")
    if kind == "bonc":
        return _bonc(event)
    if kind == "blocked":
        return _blocked(event)
    if kind == "won":
        winner = event["player"]
        if not winner:
            return Why(("Nobody is left standing: the last attack took every remaining life",), "end-of-the-game")
        return Why((f"{winner} is the last player standing, with {lives(event['lives'])}: "
                    f"{names(list(event['out']))} lost every life",), "end-of-the-game")
    return None


def _bonc(e: Mapping[str, Any]) -> Why:
    card, by, victim, lost, level = e["card"], e["by"], e["player"], e["lost"], e.get("level", 1)
    if c.is_number(card):
        nth = ORDINAL.get(level + 1, f"{level + 1}th")
        cause = (f"{by}'s {card} matched {victim}'s {card}, the {nth} {card} in a row: "
                 f"{chain_name(level)} costs {lives(level)}")
        rule = "matching-numbers"
    else:
        rule = "wild-cards"
        cause = {
            c.BONC: f"{by}'s BONC! card hits the player who played the card before it",
            c.BLITZ: f"{by}'s BLITZ takes a life from every other player",
            c.SNEAK: f"{by}'s SNEAK hits the next player, {victim}",
            c.BORROWED_TIME: f"{by}'s BORROWED TIME takes a life from {victim}"
            + (f" and adds it to {by}'s" if e.get("gained") else f" ({by} is at full lives and gains none)"),
        }.get(card, f"{by}'s {card_name(card)} takes {lives(lost)}")
    lines = [f"{victim} loses {lives(lost)}: {cause}"]
    if c.is_number(card) and lost < level:
        lines.append(f"Only {lives(lost)} left to lose: nobody goes below 0")
    if e.get("out"):
        lines.append(f"{victim} is out: 0 lives left after {by}'s {card_name(card)}")
        rule = "end-of-the-game"
    elif "lives" in e:
        lines.append(f"{victim} has {e['lives']} of {lives(e['max_lives'])} left")
    return Why(tuple(lines), rule)


def _blocked(e: Mapping[str, Any]) -> Why:
    who, by = e["player"], e["by"]
    lines = [f"{who} keeps {lives(e['kept'])}: a BLOCK cancels what {by}'s {card_name(e['card'])} took"]
    if e.get("gave_back"):
        lines.append(f"{by} gives back the life BORROWED TIME stole")
    lines.append(f"{who} now has {lives(e['lives'])}; "
                 + ("a card is drawn to replace the BLOCK" if e.get("drew") else "no card is left to draw"))
    return Why(tuple(lines), "block")
