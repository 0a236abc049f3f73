"""Baon as a game plug-in: baons checked as they are packed, generosity and the four majorities
kept live, the pile counted down to Lola, and the final score line by line."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core.errors import RuleError
from companion.core.game import Action, Expected, Game, GameResult, Secret, State
from companion.core.guide import Teaching, Why
from companion.core.learning import Tip
from companion.core.options import Option
from companion.games.baon import bindings, choices, legal, play, start, tally, teaching, tips, turns, view, why, words
from companion.games.baon import events as happenings
from companion.games.baon.cards import DEFAULT_COLOURS, DEFAULT_SUITS
from companion.games.baon.scoring import score_sheet, winners
from companion.games.baon.standing import actor

HANDLERS: dict[str, Callable[[State, Action], None]] = {
    "take": turns.take,
    "discard": turns.discard,
    "lola": turns.lola_shows,
    "end_turn": turns.end_turn,
    "baon": play.play_baon,
    "add": play.add_to_baon,
    "favourite": choices.pick_favourite,
    "claim": choices.claim,
    "generosity": tally.set_generosity,
    "remove": tally.remove_baon,
    "score": tally.score,
}


def _token_option(token: str, default: int) -> Option:
    name = words.TOKEN_NAMES[token]
    return Option(f"{token}_points", default, f"points for the {name} token (10 or 5: the printed rules show "
                  f"it on the token; the default is a guess)", choices=(5, 10), label=f"{name} points")


class Baon(Game):
    """Tracks what is laid on the table (never a hand's cards), majorities, Lola and the score."""

    id = "baon"
    title = "Baon"
    min_players = 2
    max_players = 4
    score_label = "points"
    seat_hint = "In seat order, starting with the player who last hosted a party: play goes round the list."
    actions = {kind: frozenset(f) for kind, f in legal.FIELDS.items()}
    options = (
        Option("suits", DEFAULT_SUITS, "the six suits' names, in order, separated by commas",
               label="Suit names"),
        Option("suit_colours", DEFAULT_COLOURS, "the six suits' colours on screen, in the same order (red, "
               "orange, yellow, gold, green, teal, blue, purple, pink, brown, grey, white)", label="Suit colours"),
        Option("two_player_removed", 6, "which suit (1 to 6, in the order above) a 2-player game takes out",
               minimum=1, maximum=6, label="Suit taken out for 2 players"),
        _token_option("biggest", 10),
        _token_option("baons", 10),
        _token_option("treats", 5),
        _token_option("generous", 5),
        Option("scoring_only", False, "the table played without the app: enter each player's baons, cubes, "
               "tokens and favourite at the end and get the count", label="Scoring only"),
    )

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        return start.setup(players, options)

    def apply(self, state: State, action: Action) -> State:
        """Check the action against this moment's rules, then change the state (a private copy:
        a refusal part-way leaves the session's own state as it was)."""
        spec = legal.require_legal(state, action)
        HANDLERS[action["type"]](state, action)
        legal.check_now(spec, action)
        return state

    def public_view(self, state: State) -> dict[str, Any]:
        return view.public_view(state)

    def expected(self, state: State) -> Expected:
        return legal.expected(state)

    def teach(self, state: State, expected: Expected) -> Teaching:
        return teaching.teach(state, expected)

    def result(self, state: State) -> GameResult | None:
        """Over after the revealer's last turn (or once a scoring-only table says "score")."""
        if state["step"] != "over":
            return None
        sheet = score_sheet(state)
        won, decided = winners(sheet)
        totals = {row["player"]: row["total"] for row in sheet}
        summary = words.event_text({"type": "game_over", "winners": won, "decided": decided,
                                    "points": max(totals.values())})
        return GameResult(tuple(won), summary, totals)

    def events(self, before: State, after: State, action: Action) -> list[dict[str, Any]]:
        return happenings.events(before, after, action)

    def scores(self, state: State) -> dict[str, int]:
        """Each player's points if the game ended now (the final score once it has)."""
        return {row["player"]: row["total"] for row in score_sheet(state)}

    def describe(self, event: Mapping[str, Any]) -> str:
        return words.event_text(event)

    def control(self, state: State, control: str) -> Action | None:
        return bindings.control(state, control)

    def secrets(self, state: State) -> list[Secret]:
        """Hands, the pile and the cards under Lola: the app counts them and never learns them."""
        if state["mode"] == "scoring_only":
            return []
        out = [Secret(f"players.{i}.hand", f"{p}'s hand", known=False, conceals=("cards",))
               for i, p in enumerate(state["players"]) if state["hands"][p]]
        if state["pile"]:
            out.append(Secret("pile", "the draw pile", known=False, conceals=("cards",)))
        if state["under"]:
            out.append(Secret("lola.under", "the cards under Lola", known=False, conceals=("cards",)))
        return out

    def wrong_player(self, state: State, action: Action, expected: Expected) -> str:
        return f"It is {actor(state)}'s turn, not {action['by']}'s"

    # Why?: the final count, a bonus token taken and Lola's last round (why.py); tips (tips.py).
    explained = frozenset({"game_over", "claimed", "lola"})

    def why(self, event: Mapping[str, Any]) -> Why | None:
        return why.why(event)

    def tips(self, before: State, after: State, action: Action) -> tuple[Tip, ...]:
        return tips.tips(before, after, action)
