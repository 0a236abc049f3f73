"""The public view: what lies on the table (baons, cubes, tokens, favourites, counts) and
nothing from a hand: a hand is a number of cards, never which ones."""

from __future__ import annotations

from typing import Any

from companion.games.baon import runs, tokens
from companion.games.baon.cards import COLOURS, is_wild, suit_of
from companion.games.baon.scoring import score_sheet, variety, winners
from companion.games.baon.standing import actor
from companion.games.baon.words import TOKEN_COUNTS, TOKEN_NAMES

State = dict[str, Any]


def _baon(container: str, baon: dict[str, Any]) -> dict[str, Any]:
    low, high = runs.ends(baon)
    suits, bonus = variety(baon["cards"])
    return {
        "container": container,
        "cards": [{"card": c, "value": v, "suit": suit_of(c), "wild": is_wild(c)}
                  for c, v in zip(baon["cards"], runs.values(baon))],
        "low": low, "high": high, "size": len(baon["cards"]), "suits": suits, "variety": bonus,
    }


def _player(state: State, name: str) -> dict[str, Any]:
    return {
        "name": name,
        "hand": state["hands"][name] if state["mode"] == "game" else None,
        "favourite": state["favourites"][name],
        "generosity": state["generosity"][name],
        "tokens": tokens.held(state, name),
        "baons": [_baon(s, state["baons"][name][s]) for s in state["suits"] if s in state["baons"][name]],
    }


def majorities(state: State) -> list[dict[str, Any]]:
    """Each token: its points, who holds it, who has a clear majority now, everyone's count."""
    return [{"token": t, "name": TOKEN_NAMES[t], "counts_what": TOKEN_COUNTS[t], "points": state["token_points"][t],
             "holder": state["holders"][t], "leader": tokens.leader(state, t), "counts": tokens.counts(state, t)}
            for t in tokens.TOKENS]


def public_view(state: State) -> dict[str, Any]:
    """Plain JSON every screen and phone may show."""
    who = actor(state)
    sheet = score_sheet(state)
    won, decided = winners(sheet) if state["step"] == "over" else ([], None)
    return {
        "mode": state["mode"],
        "step": state["step"],
        "turn": who,
        "suits": [{"id": s, "name": state["suit_names"][s], "colour": state["suit_colours"][s],
                   "hex": COLOURS[state["suit_colours"][s]]} for s in state["suits"]],
        "players": [_player(state, p) for p in state["players"]],
        "majorities": majorities(state),
        "claimable": tokens.claimable(state, who) if who else [],
        "claimed_this_turn": state["claimed_this_turn"],
        "pile": state["pile"],
        "spaces": list(state["spaces"]),
        "discards_due": state["discards_due"],
        "lola": {"state": state["lola"], "under": state["under"], "revealed_by": state["revealed_by"],
                 "last_round": list(state["last_round"]) if state["last_round"] is not None else None},
        "scoring": sheet,
        "winners": won,
        "decided": decided,
    }


