"""BondCones as a game plug-in: the turn flow, captures, the BondO ledger and battles."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core.game import Action, Expected, Game, GameResult, Secret, State
from companion.core.guide import Teaching, Why
from companion.core.learning import Tip
from companion.core.options import Option
from companion.games.bondcones import battle, bindings, captures, dice, frames, legal, teaching, tips, turns, view, why, words
from companion.games.bondcones import events as happenings
from companion.games.bondcones.standing import points

FIELDS = legal.FIELDS

HANDLERS: dict[str, Callable[[State, Action], None]] = {
    "roll": turns.roll,
    "capture": captures.capture,
    "done": turns.done,
    "battle": battle.declare,
    "remove": captures.remove,
}


class BondCones(Game):
    """Referee and counting frames for BondCones; the board itself stays on the table."""

    id = "bondcones"
    title = "BondCones"
    min_players = 2
    max_players = 2
    score_label = "points"
    seat_hint = "In seat order. An opening roll decides who starts: the first name rolls first."
    actions = {kind: frozenset(f) for kind, f in FIELDS.items()}
    die = dice.FACES  # the Dice Cone: the dice tray rolls it
    options = (
        Option(
            "target",
            28,
            "captured points that win (the rulebook: 28)",
            minimum=1,
            maximum=frames.TOTAL_POINTS,
        ),
    )

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Both sides with a full set of cones and one BondO Cone each, before the opening roll."""
        names = list(players)
        return {
            "players": names,
            "target": options["target"],
            "phase": "opening",  # opening -> play -> over
            "step": "roll",  # in play: roll, move, battle or remove
            "turn": 0,  # index of the player whose turn it is (in the opening: who rolls next)
            "turn_number": 0,
            "opening": {"rolls": [None, None], "rounds": 1, "ties": []},
            "starter": None,
            "cones": {p: frames.full_set() for p in names},
            "captures": [],  # {"by", "from", "value", "how", "cone", "bondos", "turn"} in order
            # "Each player starts the game by having a BondO at their disposal. It is placed
            # on top of one of the two cones on the red fields": one BondO Cone each.
            "bondos": {p: [1] for p in names},
            "aside": 0,
            "windows": {},  # player -> turns left to declare a BondO Battle
            "battle": None,
            # The battle decided since the last turn roll, with the deciding pair: the table saw
            # both faces, and the screens show them with the outcome until the next roll.
            "last_battle": None,
            "last_roll": None,
            "peeks": [],  # {"player", "of", "reason"}: that a peek happened, never its value
            "winner": None,
        }

    def apply(self, state: State, action: Action) -> State:
        """Refuse what legal.py does not offer now, in the table's words; else change the state."""
        legal.require_legal(state, action)
        HANDLERS[action["type"]](state, action)
        return state

    def public_view(self, state: State) -> dict[str, Any]:
        """Scores, turn, last roll, BondO ledger and battle: only what the table has seen revealed."""
        return view.public(state)

    def expected(self, state: State) -> Expected:
        """Who acts now and the actions and values the rules accept, for screens and buttons."""
        return legal.expected(state)

    def wrong_player(self, state: State, action: Action, expected: Expected) -> str:
        return legal.wrong_player(state, action)

    def teach(self, state: State, expected: Expected) -> Teaching:
        return teaching.teach(state, expected)

    def result(self, state: State) -> GameResult | None:
        """The winner once someone has captured the target."""
        winner = state["winner"]
        if winner is None:
            return None
        scores = self.scores(state)
        return GameResult((winner,), f"{winner} captured {scores[winner]} points", scores)

    def events(self, before: State, after: State, action: Action) -> list[dict[str, Any]]:
        """What the action did, found by comparing the states; values only once revealed."""
        return happenings.events(before, after, action)

    def describe(self, event: Mapping[str, Any]) -> str:
        return words.describe(event)

    def scores(self, state: State) -> dict[str, int]:
        """Points captured into each counting frame."""
        return {p: points(state, p) for p in state["players"]}

    def secrets(self, state: State) -> list[Secret]:
        """Every cone still on the board: its value is unknown to the app until a capture reveals it."""
        return [
            Secret(f"sides.{p}.cones_left", f"the values of {p}'s {n} cones on the board", known=False)
            for p in state["players"]
            if (n := frames.cones_left(state["cones"][p]))
        ]

    def control(self, state: State, control: str) -> Action | None:
        """Confirm or Pass end a move; the Roll button's face comes from the input adapter."""
        return bindings.control(state, control)

    # Why?: a capture or removal and the win, with the counting frame (why.py); tips (tips.py).
    explained = frozenset({"capture", "cone_removed", "game_won"})

    def why(self, event: Mapping[str, Any]) -> Why | None:
        return why.why(event)

    def tips(self, before: State, after: State, action: Action) -> tuple[Tip, ...]:
        return tips.tips(before, after, action)
