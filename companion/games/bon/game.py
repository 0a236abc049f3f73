"""B.O.N as a game plug-in: the colour rank stack, the tricks and exact-trick scoring, refereed
from the cards as they are played face up (hands stay in the players' hands)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core.game import Action, Expected, Game, GameResult, Secret, State
from companion.core.guide import Teaching, Why
from companion.core.learning import Tip
from companion.core.options import Option
from companion.games.bon import bindings, legal, rounds, scoring, teaching, tips, tricks, view, why, words
from companion.games.bon import events as happenings
from companion.games.bon.cards import LEFT_OVER
from companion.games.bon.table import colour_counts

HANDLERS: dict[str, Callable[[State, Action], None]] = {
    "start": rounds.start,
    "leftover": rounds.leftover,
    "play": tricks.play,
    "next_round": rounds.next_round,
}


class Bon(Game):
    """Referees every card played: the Prime colour, who takes each trick, the moving rank stack,
    a failure to follow once it is provable, exact-trick scoring and the Champion line."""

    id = "bon"
    title = "B.O.N"
    min_players = 3
    max_players = 5
    score_label = "track"
    seat_hint = "In seat order, clockwise: play goes round the list. Hands stay hidden: cards are entered as played."
    actions = legal.FIELDS
    options = (
        Option("target", 5, "spaces to the Champion line (the printed board's number is not in the text)",
               minimum=1, maximum=30, label="Champion line"),
        Option("advanced", False, "the advanced rule: the two left-over cards are set aside face down, unknown",
               label="Advanced rule"),
        Option("next_leader", rounds.LAST_TRICK,
               "who leads a new round: the winner of the last trick, the next seat after the last round's "
               "first leader, or the table chooses", choices=rounds.LEADER_RULES, label="Next round's leader",
               choice_labels=("Last trick", "Next seat", "Chosen")),
        Option("new_ranks", False, "draw a new colour rank stack every round (else the stack carries over)",
               label="New rank stack each round"),
        Option("revoke", scoring.TELL, "when a failure to follow Prime is proved: only tell the table, or "
               "that player does not move on the track this round", choices=scoring.REVOKE_RULES,
               label="Failure to follow"),
    )

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Markers on the start space; nothing dealt yet, the rank stack not yet drawn."""
        names = list(players)
        return {
            "players": names,
            "target": options["target"],
            "advanced": options["advanced"],
            "next_leader": options["next_leader"],
            "new_ranks": options["new_ranks"],
            "revoke_rule": options["revoke"],
            "phase": "start",  # start -> deal -> play -> scored -> deal ... -> over
            "round": 0,
            "ranks": [],
            "first": None,
            "leftovers": [],
            "trick": None,
            "done": [],
            "won": {p: 0 for p in names},
            "taken": {p: colour_counts() for p in names},
            "voids": {p: {} for p in names},
            "revokes": [],
            "track": {p: 0 for p in names},
            "scoring": None,
            "history": [],
            "winners": [],
        }

    def apply(self, state: State, action: Action) -> State:
        """Check the action against this moment's rules and fields, then change the state."""
        legal.require_legal(state, action)
        HANDLERS[action["type"]](state, action)
        return state

    def public_view(self, state: State) -> dict[str, Any]:
        return view.public_view(state)

    def expected(self, state: State) -> Expected:
        return legal.expected(state)

    def teach(self, state: State, expected: Expected) -> Teaching:
        return teaching.teach(state, expected)

    def result(self, state: State) -> GameResult | None:
        """Over when a marker reaches the Champion line at a round's end."""
        if state["phase"] != "over":
            return None
        winners = tuple(state["winners"])
        how = words.DECIDED[state["scoring"]["decided_by"]]
        summary = f"{words.champion_line(list(winners))} after {words.rounds(state['round'])} ({how})"
        return GameResult(winners, summary, dict(state["track"]))

    def events(self, before: State, after: State, action: Action) -> list[dict[str, Any]]:
        return happenings.events(before, after)

    def scores(self, state: State) -> dict[str, int]:
        """Spaces moved on the track."""
        return dict(state["track"])

    def describe(self, event: Mapping[str, Any]) -> str:
        return words.event_text(dict(event))

    def control(self, state: State, control: str) -> Action | None:
        return bindings.control(state, control)

    def secrets(self, state: State) -> list[Secret]:
        """The hands (never entered) and, under the advanced rule, the two face-down left-overs."""
        if state["round"] == 0:
            return []
        out = [Secret(f"players.{i}", f"{p}'s hand", known=False, conceals=("hand", "cards"))
               for i, p in enumerate(state["players"])]
        if state["advanced"]:
            out += [Secret(f"leftovers.{i}", "a card set aside face down", known=False,
                           conceals=("card", "label", "value")) for i in range(LEFT_OVER)]
        return out

    def wrong_player(self, state: State, action: Action, expected: Expected) -> str:
        return f"It is {expected.turn}'s turn to play, not {action['by']}'s"

    # Why?: a round's scoring and the Champion line (why.py); tips of a learning game (tips.py).
    explained = frozenset({"round_scored", "game_won"})

    def why(self, event: Mapping[str, Any]) -> Why | None:
        return why.why(event)

    def tips(self, before: State, after: State, action: Action) -> tuple[Tip, ...]:
        return tips.tips(before, after, action)
