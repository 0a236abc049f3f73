"""Bonbon as a game plug-in: the collective limit board and the scoring pad, watching every limit."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import check_fields
from companion.core.game import Action, Expected, Game, GameResult, Secret, State
from companion.core.guide import Teaching, Why
from companion.core.learning import Tip
from companion.core.options import Option
from companion.games.bonbon import bindings, board, deck, effects, flow, legal, reveal, rounds, secrets
from companion.games.bonbon import cards as c
from companion.games.bonbon import events as happenings
from companion.games.bonbon import teaching, tips, view, why, words
from companion.games.bonbon.scoring import TOKENS_TO_WIN
from companion.games.bonbon.standing import check_by

HANDLERS: dict[str, Callable[[State, Action], None]] = {
    "start": rounds.start,
    "draw": flow.draw,
    "pass": flow.pass_turn,
    "take_tile": flow.take_tile,
    "end_turn": flow.end_turn,
    "peek": effects.peek,
    "swap": effects.swap,
    "hide": effects.hide,
    "reveal": reveal.reveal,
    "next_round": rounds.next_round,
}


def offered_kind(action: Action) -> Action:
    """The action as the fields check it: a card entered as "regular" (every game logged before
    the value alone became a face-up card, c.FACE_UP) is checked as the face-up card it is. The
    rules keep "regular" as entered; only the kind the board offers has changed."""
    if action.get("type") == "draw" and action.get("kind") == c.REGULAR:
        return {**action, "kind": c.FACE_UP}
    return action


class Bonbon(Game):
    """Tracks cards as they are played, both limits for every player, tiles, scoring and tokens."""

    id = "bonbon"
    title = "Bonbon"
    min_players = 2
    max_players = 6
    score_label = "tokens"
    seat_hint = "In seat order: play goes round the list. The game asks who starts."
    actions = {kind: frozenset(f) for kind, f in {**legal.FIELDS, **legal.BOARD_FIELDS}.items()}
    options = (
        Option(
            "max_value",
            9,
            "highest value printed on a card (the printed rules do not say; 9 unless your deck differs)",
            minimum=1,
            maximum=20,
        ),
        Option(
            "deck_values",
            "",
            'how many non-zero cards show each value, e.g. "1:8 2:8 3:8"; used only to warn '
            "about impossible entries, never to block (empty: unknown)",
        ),
        Option(
            "board_only",
            False,
            "use the app only as the collective limit board: a card's value on the screen, the dial or +/- buttons move the total",
        ),
    )

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Before the first round: no tiles on display yet, nobody holds a token."""
        names = list(players)
        if options["board_only"]:
            return board.setup(names, options["max_value"])
        return {
            "mode": "game",
            "players": names,
            "max_value": options["max_value"],
            "deck_values": deck.parse_deck_values(options["deck_values"], options["max_value"]),
            "tokens": {p: 0 for p in names},
            "history": [],  # {"round", "winners"} per scored round
            "round": 0,
            "phase": "setup",  # setup -> play -> reveal -> scored -> play ... -> over
            "step": None,
            "pending": None,
        }

    def apply(self, state: State, action: Action) -> State:
        """Check the action against the rules of this moment, then change the state."""
        if state["mode"] == "board":
            if action["type"] in legal.BOARD_FIELDS:
                legal.check_fields(action, legal.BOARD_FIELDS)
            return board.apply(state, action)
        legal.check_fields(action, legal.FIELDS)
        spec = legal.require_legal(state, action["type"])
        check_by(state, action)
        why = check_fields(spec.fields, offered_kind(action))
        if why:
            # The rules' own words where they have some ("A zero must be played face-up"), on a copy:
            # a refusal leaves the state as it was.
            HANDLERS[action["type"]](copy.deepcopy(state), action)
            raise RuleError(why)
        HANDLERS[action["type"]](state, action)
        return state

    def public_view(self, state: State) -> dict[str, Any]:
        """The board, rows, tiles and scoring table, with nothing still hidden at the table."""
        if state["mode"] == "board":
            return board.public_view(state)
        return view.public_view(state)

    def expected(self, state: State) -> Expected:
        """Exactly the legal actions now, so screens offer only legal moves."""
        if state["mode"] == "board":
            return board.expected(state)
        return legal.expected(state)

    def teach(self, state: State, expected: Expected) -> Teaching:
        return teaching.teach(state, expected)

    def result(self, state: State) -> GameResult | None:
        """Over when a player holds three bonbon tokens ("Win 3 rounds")."""
        if state["mode"] == "board" or state["phase"] != "over":
            return None
        winners = tuple(p for p in state["players"] if state["tokens"][p] >= TOKENS_TO_WIN)
        names = " and ".join(winners)
        rounds_played = len(state["history"])
        return GameResult(winners, f"{names} won with {TOKENS_TO_WIN} bonbon tokens after {rounds_played} rounds", dict(state["tokens"]))

    def events(self, before: State, after: State, action: Action) -> list[dict[str, Any]]:
        """Eliminations, tiles, round and game wins to announce; never a card value."""
        if after["mode"] == "board":
            return board.events(before, after)
        return happenings.events(before, after, action)

    def scores(self, state: State) -> dict[str, int]:
        """Bonbon tokens held; the collective limit board (board mode) keeps no scores."""
        return dict(state["tokens"]) if state["mode"] == "game" else {}

    def describe(self, event: Mapping[str, Any]) -> str:
        return words.event_text(dict(event))

    def wrong_player(self, state: State, action: Action, expected: Expected) -> str:
        """Why `by` may not act now: passed, out of the round, or simply not their turn."""
        try:
            check_by(state, action)
        except RuleError as refusal:
            return refusal.message
        return super().wrong_player(state, action, expected)

    def secrets(self, state: State) -> list[Secret]:
        """Cards turned face-down by the turn-face-down card: seen by all, kept by the app, not shown."""
        return secrets.secrets(state) if state["mode"] == "game" else []

    def disguises(self, state: State) -> list[State]:
        """The same table with those cards holding other values and kinds."""
        return secrets.disguises(state) if state["mode"] == "game" else []

    def control(self, state: State, control: str) -> Action | None:
        """The binding table: board.control in board mode, bindings.control in a full game."""
        if state["mode"] == "board":
            return board.control(state, control)
        return bindings.control(state, control)

    # Why?: a player out, a round stopped, its scoring and the game's end (why.py); tips (tips.py).
    explained = frozenset({"eliminated", "collective_overflow", "round_over", "round_won", "game_won"})

    def why(self, event: Mapping[str, Any]) -> Why | None:
        return why.why(event)

    def tips(self, before: State, after: State, action: Action) -> tuple[Tip, ...]:
        return tips.tips(before, after, action)
