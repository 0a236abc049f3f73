"""BONC! as a game plug-in: lives, BONC! chains, the wild cards and shields, eliminations and re-deals.

Hands are never entered: each card is entered as it is played, and the app counts the cards in
each hand (dealt, played, drawn after a BLOCK) to know when to ask for the re-deal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import check_fields
from companion.core.game import Action, Expected, Game, GameResult, Secret, State
from companion.core.guide import Teaching, Why
from companion.core.learning import Tip
from companion.core.options import Option
from companion.games.bonc import bindings, block, deals, legal, play, teaching, tips, view, why, words
from companion.games.bonc import events as happenings
from companion.games.bonc.seats import is_out

HANDLERS: dict[str, Callable[[State, Action], None]] = {
    "play": play.play,
    "block": block.block,
    "deal": deals.redeal,
    "no_block": deals.no_block,
}


class Bonc(Game):
    """Counts lives, chains, shields and cards in hand; asks for the re-deal; names the last one standing."""

    id = "bonc"
    title = "BONC!"
    min_players = 3
    max_players = 14  # 8 and more with the second deck (option)
    score_label = "lives"
    seat_hint = "In seat order from the dealer's left: the first player starts."
    actions = legal.FIELDS
    options = (
        Option("lives", 5, "lives each player starts with (the quick game: 3)", minimum=1, maximum=10,
               label="Lives"),
        Option("second_deck", False, "play with two decks: needed for 8 to 14 players", label="Second deck"),
        # The box has 8 wild cards the printed list does not count (RULINGS.md): their split.
        Option("sneak_cards", 3, "SNEAK cards in a deck (BONC! the player after you); the text lost the count",
               minimum=0, maximum=8, label="SNEAK cards"),
        Option("borrowed_time_cards", 2, "BORROWED TIME cards in a deck; the text lost the count",
               minimum=0, maximum=8, label="BORROWED TIME cards"),
        Option("bulletproof_cards", 3, "BULLETPROOF cards in a deck; the text lost the count",
               minimum=0, maximum=8, label="BULLETPROOF cards"),
    )

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Full lives, the BLITZ cards for this many players, the first deal."""
        return deals.setup(players, options)

    def apply(self, state: State, action: Action) -> State:
        """Check the action against the rules of this moment, then change the state."""
        legal.require_legal(state, action["type"])
        if action["type"] == "play":
            play.check_card(state, action.get("card"))  # its handler checks the player it names
        else:
            why = check_fields(legal.spec(state, action["type"]).fields, action)
            if why:
                raise RuleError(why)
        HANDLERS[action["type"]](state, action)
        return state

    def public_view(self, state: State) -> dict[str, Any]:
        return view.public_view(state)

    def expected(self, state: State) -> Expected:
        return legal.expected(state)

    def teach(self, state: State, expected: Expected) -> Teaching:
        return teaching.teach(state, expected)

    def result(self, state: State) -> GameResult | None:
        """Over when one player is left standing and nobody may BLOCK the card that did it."""
        if state["phase"] != "over":
            return None
        winner = state["winner"]
        return GameResult((winner,), f"{winner} won BONC! with {words.lives(state['lives'][winner])} left "
                          f"after {state['deal']} deal{'s' if state['deal'] != 1 else ''}", dict(state["lives"]))

    def events(self, before: State, after: State, action: Action) -> list[dict[str, Any]]:
        return happenings.events(before, after, action)

    def scores(self, state: State) -> dict[str, int]:
        """Lives left."""
        return dict(state["lives"])

    def describe(self, event: Mapping[str, Any]) -> str:
        return words.event_text(event)

    def control(self, state: State, control: str) -> Action | None:
        return bindings.control(state, control)

    def secrets(self, state: State) -> list[Secret]:
        """Each hand: the app counts its cards but never learns them (nobody enters a hand)."""
        return [Secret(f"players.{i}", f"{p}'s {state['hands'][p]} cards in hand", known=False, conceals=("hand",))
                for i, p in enumerate(state["players"]) if state["hands"][p] > 0]

    def wrong_player(self, state: State, action: Action, expected: Expected) -> str:
        player = action["by"]
        if action["type"] == "block":
            return block.not_blocking(state, player)
        if is_out(state, player):
            return f"{player} is out (no lives left): it is {expected.turn}'s turn"
        if state["hands"][player] <= 0:
            return f"{player} has no card left until the re-deal: it is {expected.turn}'s turn"
        return f"It is {expected.turn}'s turn, not {player}'s"

    # Why?: a life lost or a player out, a BLOCK and the last player standing (why.py); tips (tips.py).
    explained = frozenset({"bonc", "blocked", "won"})

    def why(self, event: Mapping[str, Any]) -> Why | None:
        return why.why(event)

    def tips(self, before: State, after: State, action: Action) -> tuple[Tip, ...]:
        return tips.tips(before, after, action)
