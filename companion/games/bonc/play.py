"""A card played on a turn: what it does to lives and shields, and the BONC! chain it makes or breaks.

Every attack is applied at once and stays open to a BLOCK by each player it hit until the next
card is played on a turn (block.py); docs/rules/bonc.md says why.
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import said
from companion.games.bonc import cards as c
from companion.games.bonc import words
from companion.games.bonc.block import block_by
from companion.games.bonc.deals import blockers, left_of, settle
from companion.games.bonc.seats import after, alive, turn

State = dict[str, Any]


def check_card(state: State, card: Any) -> None:
    """Refuse a card that does not exist, or one whose every copy is already on this deal's pile."""
    if card is None:
        raise RuleError("Say which card was played")
    if isinstance(card, list):
        raise RuleError("One card is played at a time: say which card")
    if not (c.is_number(card) or card in c.WILDS):
        shown = said(card)
        head = f"BONC! has no card {shown}" if shown else "BONC! has no such card"
        raise RuleError(f"{head}: the cards are 0 to 8, {words.names([words.card_name(w) for w in c.WILDS])}")
    if left_of(state, card) <= 0:
        total = state["deck"][c.key(card)]
        name = words.card_name(card)
        if total == 0:
            raise RuleError(f"This game plays with no {name} card")
        one, many = (name, f"{name}s") if c.is_number(card) else (f"{name} card", f"{name} cards")
        raise RuleError(f"The only {one} of this deal is already on the discard pile" if total == 1 else
                        f"All {total} {many} of this deal are already on the discard pile")


def shielded(state: State, player: str) -> bool:
    return state["shields"][player] > 0


def previous(state: State, player: str) -> str | None:
    """The player whose card is on top of the pile, if it is not `player`'s own (a card never hits its player)."""
    last = state["last"]
    return last["by"] if last and last["by"] != player else None


def steal_targets(state: State, player: str) -> list[str]:
    """Who BORROWED TIME may take a life from: the other players still in who are not Bulletproof."""
    return [p for p in alive(state) if p != player and not shielded(state, p)]


def wounded_others(state: State, player: str) -> list[str]:
    """Who a BAND-AID may go to from a player at full lives: the others still in below the maximum."""
    return [p for p in alive(state) if p != player and state["lives"][p] < state["max_lives"]]


def heals_like_band_aid(state: State, player: str, card: Any) -> bool:
    """A BAND-AID, or BORROWED TIME with every other player Bulletproof ("acts like a BANDage Card")."""
    return card == c.BAND_AID or (card == c.BORROWED_TIME and not steal_targets(state, player))


def gift_needed(state: State, player: str, card: Any) -> bool:
    """True when the card may heal another player: its player is at full lives and someone is wounded."""
    return (heals_like_band_aid(state, player, card) and state["lives"][player] >= state["max_lives"]
            and bool(wounded_others(state, player)))


def _strike(state: State, by: str, card: Any, victims: list[str], amount: int, level: int = 1) -> dict[str, Any]:
    """Take `amount` lives from each victim not Bulletproof: the open attack a BLOCK may cancel."""
    hits, missed = [], []
    for victim in victims:
        if shielded(state, victim):
            missed.append(victim)
            continue
        lost = min(amount, state["lives"][victim])  # lives never go below 0
        state["lives"][victim] -= lost
        hits.append({"player": victim, "lost": lost, "blocked": False})
    return {"by": by, "card": card, "level": level, "hits": hits, "missed": missed, "gained": 0}


def _number(state: State, player: str, card: int) -> dict[str, Any] | None:
    """A number matching the previous player's number BONC!s them; each further match in a row costs one more."""
    victim = previous(state, player)
    last = state["last"]
    if victim is None or not c.is_number(last["card"]) or last["card"] != card:
        state["run"] = 1
        return None
    # 7, 7, 7: the second 7 costs its victim 1 life, the third 2 (a DOUBLE BONC!), and so on.
    # A BLOCK or a Bulletproof victim saves that victim only: the cards still make the chain.
    state["run"] += 1
    level = state["run"] - 1
    return _strike(state, player, card, [victim], level, level)


def _heal(state: State, player: str, card: Any, action: dict[str, Any]) -> None:
    """+1 life up to the maximum; at the maximum, +1 to the wounded player chosen (or nobody)."""
    if state["lives"][player] < state["max_lives"]:
        state["lives"][player] += 1
        return
    gift = action.get("gift")
    if gift is not None:
        state["lives"][gift] += 1


def _wild(state: State, player: str, card: Any, action: dict[str, Any]) -> dict[str, Any] | None:
    if card == c.BONC:
        # "This card can BONC! any card the player before you plays (except for the BULLETPROOF
        # card)": a Bulletproof card leaves its player on side 1 of the shield, so it misses.
        victim = previous(state, player)
        return _strike(state, player, card, [victim] if victim else [], 1)
    if card == c.BLITZ:
        return _strike(state, player, card, [p for p in alive(state) if p != player], 1)
    if card == c.SNEAK:
        victim = after(state, player)
        return _strike(state, player, card, [victim] if victim else [], 1)
    if heals_like_band_aid(state, player, card):
        _heal(state, player, card, action)
        return None
    if card == c.BORROWED_TIME:
        attack = _strike(state, player, card, [action["target"]], 1)
        if attack["hits"] and state["lives"][player] < state["max_lives"]:
            state["lives"][player] += 1  # "steal a LIFE ... & add it to yours", never above the maximum
            attack["gained"] = 1
        return attack
    return None  # BULLETPROOF (its shield is turned in _shield) and a BLOCK played as a plain card


def _shield(state: State, player: str, card: Any) -> None:
    """Side 1 on a BULLETPROOF; the holder's next card turns it to side 2; the card after that ends it."""
    side = state["shields"][player]
    if card == c.BULLETPROOF:
        state["shields"][player] = 1
    elif side:
        state["shields"][player] = side + 1 if side == 1 else 0


def check_targets(state: State, player: str, card: Any, action: dict[str, Any]) -> None:
    """The player a BORROWED TIME steals from, or a BAND-AID's gift: asked only when the card needs one."""
    target, gift = action.get("target"), action.get("gift")
    steals = card == c.BORROWED_TIME and not heals_like_band_aid(state, player, card)
    if steals:
        if target is None:
            raise RuleError(f"Say who {player}'s BORROWED TIME takes a life from")
        if target not in steal_targets(state, player):
            raise RuleError(words.cannot_steal(state, player, target))
    elif target is not None:
        if card == c.BORROWED_TIME:
            # "acts like a BANDage Card if all other players are BULLETPROOF": there is no life to take.
            raise RuleError("Everyone else is Bulletproof: BORROWED TIME takes no life now and heals like "
                            "a BAND-AID, so choose nobody to take a life from")
        raise RuleError(f"Only BORROWED TIME takes a life from a chosen player: {words.a_card(card)} takes none")
    if gift is not None:
        if not heals_like_band_aid(state, player, card):
            raise RuleError(f"Only a BAND-AID gives a life to a chosen player: {words.a_card(card)} gives none")
        if not gift_needed(state, player, card):
            raise RuleError(words.no_gift(state, player, card))
        if gift not in wounded_others(state, player):
            raise RuleError(words.no_gift_to(state, player, card, gift))


def play(state: State, action: dict[str, Any]) -> None:
    """The player whose turn it is plays one card."""
    player = turn(state)
    card = action.get("card")
    check_card(state, card)
    if card == c.BLOCK and player in blockers(state):
        # Hit and holding a BLOCK, a player is not throwing it away as a plain card: it blocks,
        # and the turn is still theirs ("Playing the BLOCK card is NOT considered a turn").
        if action.get("target") is not None or action.get("gift") is not None:
            raise RuleError("A BLOCK takes no player to choose")
        block_by(state, player)
        return
    check_targets(state, player, card, action)
    _shield(state, player, card)
    attack = _number(state, player, card) if c.is_number(card) else _wild(state, player, card, action)
    if not c.is_number(card):
        state["run"] = 0  # a wild card (a BLOCK played as a card too) ends any chain
    state["attack"] = attack
    state["last"] = {"by": player, "card": card}
    state["last_by"] = player
    state["turns"] += 1
    state["hands"][player] -= 1
    state["played"][c.key(card)] += 1
    settle(state)
