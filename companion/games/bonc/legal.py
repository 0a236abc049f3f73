"""What the table is waiting for: THE one source of the legal actions now, with their typed fields."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import Cards, Field, Pick, Players
from companion.core.game import ActionSpec, Expected
from companion.games.bonc import cards as c
from companion.games.bonc import words
from companion.games.bonc.deals import blockers, left_of
from companion.games.bonc.play import gift_needed, heals_like_band_aid, steal_targets, wounded_others
from companion.games.bonc.seats import alive, is_out, turn

State = dict[str, Any]

# Every action and the fields it may carry besides the envelope (type, by, source).
FIELDS: dict[str, frozenset[str]] = {
    "play": frozenset({"card", "target", "gift"}),
    "block": frozenset(),
    "deal": frozenset(),
    "no_block": frozenset(),
}


def _card_field(state: State) -> Cards:
    """Every card of the deck, those with no copy left this deal greyed, so the pad never moves."""
    picks = tuple(Pick(card, words.card_label(card), enabled=left_of(state, card) > 0,
                       group="number" if c.is_number(card) else "wild", why=_gone(state, card))
                  for card in c.ALL)
    return Cards("Card", picks=picks, deck="bonc")


def _gone(state: State, card: Any) -> str:
    """Why a card is greyed on the pad (said only when it is)."""
    if state["deck"][c.key(card)] == 0:
        return "not in the deck this game plays with"
    return "every copy is already on this deal's discard pile"


def _players(label: str, state: State, player: str, enabled: list[str], own: str, other: str,
             **kw: Any) -> Players:
    """Players.of, with why each greyed player is greyed: the card's own player, out, or `other`."""
    def why(p: str) -> str:
        if p == player:
            return own
        return "out of the game" if is_out(state, p) else other
    return Players(label, picks=tuple(Pick(p, p, p in enabled, why=why(p)) for p in state["players"]), **kw)


def _play_spec(state: State, player: str) -> ActionSpec:
    fields: dict[str, Field] = {"card": _card_field(state)}
    if not heals_like_band_aid(state, player, c.BORROWED_TIME):
        fields["target"] = _players("Take a life from", state, player, steal_targets(state, player),
                                    "BORROWED TIME never robs its own player",
                                    "bulletproof: BORROWED TIME cannot rob them", when={"card": (c.BORROWED_TIME,)})
    healers = tuple(card for card in (c.BAND_AID, c.BORROWED_TIME) if gift_needed(state, player, card))
    if healers:
        # "you MAY choose to play it & give another wounded player an extra life": left out, nobody.
        fields["gift"] = _players("Give a life to", state, player, wounded_others(state, player),
                                  "a healing card's gift goes to another player", "already at full lives",
                                  when={"card": healers}, optional=True)
    return ActionSpec("play", words.LABELS["play"], fields)


def _block_spec(state: State) -> ActionSpec:
    return ActionSpec("block", words.LABELS["block"], by=tuple(blockers(state)))


def kinds(state: State) -> list[str]:
    """The action types the rules accept now, in the order legal() offers them. Checking an action's
    type needs no more: building every card's option for that would slow each move, and every
    undo that replays the game from its start."""
    phase = state["phase"]
    block = ["block"] if blockers(state) else []
    if phase == "play":
        return ["play", *block]
    if phase == "deal":
        return ["deal", *block]
    if phase == "last_stand":
        return [*block, "no_block"]
    return []


def spec(state: State, kind: str) -> ActionSpec:
    """One legal action type with its fields (a type kinds() gives now)."""
    if kind == "play":
        return _play_spec(state, turn(state))
    if kind == "block":
        return _block_spec(state)
    if kind == "deal":
        return ActionSpec("deal", words.LABELS["deal"])
    return ActionSpec("no_block", words.no_block_label(state), weighty=True)


def legal(state: State) -> list[ActionSpec]:
    """Exactly the actions the rules accept now (kinds(), with their fields): apply() refuses every other type."""
    return [spec(state, kind) for kind in kinds(state)]


def prompt(state: State) -> str:
    """One line telling the table what comes next."""
    phase = state["phase"]
    may = blockers(state)
    if phase == "over":
        return f"{state['winner']} won: the last player standing"
    if phase == "last_stand":
        return f"{alive(state)[0]} is the last one standing unless {words.names(may, 'or')} blocks"
    if phase == "deal":
        players = alive(state)
        text = (f"Everyone is out of cards: shuffle and deal {c.deal_size(len(players))} cards each "
                f"to {words.names(players)}")
    else:
        text = f"{turn(state)}: play a card"
    return text + (f" ({words.names(may, 'or')} may BLOCK)" if may else "")


def expected(state: State) -> Expected:
    """Who plays next, what to tell the table, and the legal actions with their choices."""
    return Expected(turn(state), prompt(state), tuple(legal(state)))


def require_legal(state: State, kind: str) -> None:
    """Refuse an action type the rules do not allow at this moment, saying what is awaited."""
    if kind in kinds(state):
        return
    if state["phase"] == "over":
        raise RuleError("The game is over. Undo to change the last move.")
    if kind == "block":
        raise RuleError("Nobody can BLOCK now: the last card took no life that a BLOCK could save. "
                        + prompt(state))
    raise RuleError(f"{words.LABELS[kind]} is not possible now. {prompt(state)}")
