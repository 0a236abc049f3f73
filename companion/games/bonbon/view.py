"""The public view: everything a screen or phone may show, and nothing still hidden at the table."""

from __future__ import annotations

from typing import Any

from companion.games.bonbon import cards as c
from companion.games.bonbon import deck
from companion.games.bonbon.limits import collective_limit, personal_limit
from companion.games.bonbon.reveal import turned_over, variety_warnings, waiting
from companion.games.bonbon.scoring import TOKENS_TO_WIN
from companion.games.bonbon.legal import prompt
from companion.games.bonbon.standing import actor, available_tiles, first_passer, tile_of
from companion.games.bonbon.tiles import TILES
from companion.games.bonbon.words import TILE_SHORT, decided, end_reason

State = dict[str, Any]


def card_view(card: c.Card, shown: bool) -> dict[str, Any]:
    """A face-down card shows nothing (not even a value once seen) until the round's reveal."""
    if card["face"] == c.UP:
        return {"face": c.UP, "kind": card["kind"], "value": card["value"]}
    if shown:
        return {"face": c.DOWN, "value": card["value"]}
    return {"face": c.DOWN}


def _status(state: State, name: str) -> tuple[str, str | None]:
    for out in state["eliminated"]:
        if out["player"] == name:
            return "out", out["reason"]
    if name in state["passed"]:
        return "passed", None
    return "in", None


def _player(state: State, name: str) -> dict[str, Any]:
    tokens = state["tokens"][name]
    entry: dict[str, Any] = {"name": name, "tokens": tokens, "limit": personal_limit(tokens)}
    if state["phase"] == "setup":
        return entry
    row = state["rows"][name]
    status, reason = _status(state, name)
    # Face-down values are shown only once the round is over and this player's cards are turned over.
    shown = turned_over(state, name)
    entry.update(
        {
            "status": status,
            "out_reason": reason,
            "face_up_total": c.face_up_total(row),
            "cards": [card_view(card, shown) for card in row],
            "face_down_sets": c.face_down_runs(row),
            "discarded": state["discarded"][name],
            "tile": tile_of(state, name),
            "first_passer": first_passer(state) == name,
        }
    )
    return entry


def situation(state: State) -> str:
    """What is going on, for someone following on a phone: the touchscreen's prompt where it says who
    does what, but never an instruction meant for the touchscreen ("replace the taken tile")."""
    phase = state["phase"]
    if phase == "setup":
        return "The table lays out three bonus tiles and chooses who starts"
    if phase == "reveal":
        left = [w["player"] for w in waiting(state)]
        return f"Round {state['round']} is over: the table turns over the cards of {', '.join(left)} and counts"
    if phase == "scored":
        winners = state["scoring"]["winners"]
        # Why, under the scoring on the phone; the next round is the table's to start.
        return f"Round {state['round']} is scored: {'a token for ' + ' and '.join(winners) if winners else 'no token'}"
    return prompt(state)


def _words(state: State) -> dict[str, Any]:
    """The game's words for what the view names by id, so a phone shows what the touchscreen shows."""
    scoring = state.get("scoring")
    return {
        "tiles": {t: TILE_SHORT[t] for t in TILES},
        "decided": decided(scoring) if scoring else None,
        "ended": end_reason(state.get("end_reason")) or None,
        "situation": situation(state),
    }


def public_view(state: State) -> dict[str, Any]:
    """The board, the rows, the tiles and (after a round) the scoring table, as plain JSON."""
    limit = collective_limit(len(state["players"]))
    view: dict[str, Any] = {
        "mode": "game",
        "round": state["round"],
        "phase": state["phase"],
        "step": state.get("step"),
        "turn": actor(state),
        "effect": (state.get("pending") or {}).get("effect"),
        "tokens_to_win": TOKENS_TO_WIN,
        "players": [_player(state, p) for p in state["players"]],
        "history": list(state["history"]),
        "winners": [p for p in state["players"] if state["tokens"][p] >= TOKENS_TO_WIN],
    }
    if state["phase"] == "setup":
        view.update({"collective": {"total": 0, "limit": limit, "left": limit, "over": False}, "tiles": None})
        view.update({"starter": None, "end_reason": None, "reveal": [], "scoring": None, "warnings": []})
        view["words"] = _words(state)
        return view
    total = state["collective"]
    view.update(
        {
            "starter": state["players"][state["starter"]],
            "collective": {"total": total, "limit": limit, "left": limit - total, "over": total > limit},
            "tiles": {
                "shown": list(state["tiles_shown"]),
                "taken": [dict(t) for t in state["tiles_taken"]],
                "available": available_tiles(state),
            },
            "end_reason": state["end_reason"],
            "reveal": waiting(state) if state["phase"] == "reveal" else [],
            "scoring": state["scoring"],
            "warnings": deck.warnings(state) + variety_warnings(state),
            "words": _words(state),
        }
    )
    return view
