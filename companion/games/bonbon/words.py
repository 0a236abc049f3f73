"""Bonbon's words: what its tiles score and what each event means, in one wording for the
touchscreen, the phones and the story of a past game."""

from __future__ import annotations

from typing import Any

from companion.core.fields import said

def not_a_player(state: dict[str, Any], name: Any, purpose: str = "") -> str:
    """A name that is nobody at this table, with the names that are."""
    shown = said(name)
    players = state["players"]
    names = players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]
    head = f"There is no player called {shown}" if shown else "Choose a player"
    return f"{head}{' ' + purpose if purpose else ''}: the players are {names}"


def plural(n: int, word: str) -> str:
    """ "1 value", "2 values"; "no value" for none."""
    return f"no {word}" if n == 0 else f"{n} {word}{'' if n == 1 else 's'}"


def values_to_enter(n: int, listed: bool = True) -> str:
    """What to enter for face-down cards turned over: "enter 2 values, left to right"; a value sent
    alone where a list is expected is told so."""
    if n == 0:
        return "enter no values"
    order = ", left to right" if n > 1 else ""
    return f"enter {plural(n, 'value')}{order}" + ("" if listed else ", as a list")


def zero_turns_over(who: str, turned: int, unseen: int, listed: bool = True) -> str:
    """Why a zero's revealed values do not fit the face-down cards it turns over (`turned` of them,
    `unseen` of those with values the table has not seen)."""
    if turned == 0:
        return f"{who} has no face-down card to turn over: {values_to_enter(0)}"
    cards = plural(turned, "face-down card")
    if unseen == turned:
        return f"The zero turns over {cards} of {who}: {values_to_enter(unseen, listed)}"
    if unseen == 0:
        known = "its value is" if turned == 1 else "their values are"
        return f"The zero turns over {cards} of {who}, and {known} known: {values_to_enter(0)}"
    return f"The zero turns over {cards} of {who}, {unseen} of them not known yet: {values_to_enter(unseen, listed)}"


def no_such_action_here(kind: str) -> str:
    """A board-only table's action sent to a played game, or a played game's to a board-only table."""
    if kind in ("board", "board_reset"):
        return ("Only a table using the app as the collective limit board alone (option Board only) moves "
                "the total by hand: here each card played moves it")
    return ("This table uses the app as the collective limit board only (option Board only): cards are not "
            "entered, move the total with the dial or the +/- buttons")


# Short enough for a tile box on the top strip; the full words are on the tile buttons.
TILE_SHORT = {
    "three": "+3 points",
    "zeros": "+1 per zero",
    "face_up": "+1 face-up",
    "ones": "+1 per one",
    "sets": "+2 per set",
    "variety": "+1 variety",
}

TILE_LONG = {
    "three": "Gain 3 points",
    "zeros": "1 point for every 0 played",
    "face_up": "1 point per face-up card (not zeros)",
    "ones": "1 point per card showing 1",
    "sets": "2 points per face-down set of 2+",
    "variety": "1 point per different illustration",
}

# The kinds a face-up card may be, as a board's chips show them; on the touchscreen the zero has
# its own value button ("0") instead of a chip.
KIND_CHIPS = {
    "face_up": "Face-up card",
    "regular": "Regular",
    "must_up": "Must face-up",
    "zero": "Zero",
    "pass_tile": "Pass + tile",
    "peek": "Reveal",
    "swap": "Swap",
    "draw_again": "Draw again",
    "hide": "Turn down",
}

DECIDED = {
    "points": "most points",
    "cards played": "tied on points: most cards played, zeros not counted",
    "face-down cards": "tied on points and cards: most face-down cards",
    "tie": "still tied after both tie-breaks: every tied player takes one",
}


SKIPPED = {
    "peek": "{player}'s reveal card does nothing: no other player still in has a face-down card",
    "swap": "{player}'s swap card does nothing: no other player still in has a card to swap with",
}


def event_message(event: dict[str, Any]) -> str:
    """A word for the table about an event nothing on the board shows: an effect skipped for want of a target."""
    if event.get("type") == "effect_skipped" and event.get("effect") in SKIPPED:
        return SKIPPED[event["effect"]].format(player=event["player"])
    return ""


def decided(scoring: dict[str, Any]) -> str:
    """One line under the scoring table (and on the phones): who takes a token and what decided it."""
    winners = scoring["winners"]
    if not winners:
        return "Nobody scored: no bonbon token this round."
    takes = "takes a bonbon token" if len(winners) == 1 else "take a bonbon token"
    return f"{_names(winners)} {takes} ({DECIDED.get(scoring['decided_by'], scoring['decided_by'])})."


def a_value(value: int | None) -> str:
    """ "a 5", "an 8", "an 11", "an 18": the article a player would say."""
    spoken = str(value)
    return f"an {spoken}" if spoken.startswith("8") or spoken in ("11", "18") else f"a {spoken}"


# A card played face-up, as the news says it; {v} is its value.
PLAYED = {
    "face_up": "{a_v}",
    "regular": "{a_v}",
    "must_up": "a must-face-up {v}",
    "zero": "a zero",
    "pass_tile": "a pass card ({v})",
    "peek": "a reveal card ({v})",
    "swap": "a swap card ({v})",
    "draw_again": "a draw-again card ({v})",
    "hide": "a turn-down card ({v})",
}


def played(event: dict[str, Any]) -> str:
    """A card drawn and played: its kind and value face-up, nothing at all face-down."""
    if event.get("face") != "up":
        return f"{event['player']} played a card face-down"
    card = PLAYED.get(event.get("kind"), "{a_v}").format(v=event.get("value"), a_v=a_value(event.get("value")))
    return f"{event['player']} played {card} face-up"


def _card_of(ref: dict[str, Any], by: str) -> str:
    """ "Ben's card 2", or "their own card 2" when the player acts on their own row."""
    whose = "their own" if ref["player"] == by else f"{ref['player']}'s"
    return f"{whose} card {ref['card']}"


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}" if names else "nobody"


# Every event, for the phones' news and a past game's story (the session adds it as the event's text).
NEWS = {
    "drew": played,
    "round_started": lambda e: f"Round {e['round']} starts with {e['starter']}" if e.get("starter")
    else f"Round {e['round']} starts",
    "passed": lambda e: f"{e['player']} passed first" if e.get("first") else f"{e['player']} passed",
    "tile_taken": lambda e: f"{e['player']} took a tile: {TILE_LONG.get(e['tile'], e['tile'])}",
    "eliminated": lambda e: f"{e['player']} is out: "
    + ("the table went over its limit" if e.get("reason") == "collective" else "over their limit"),
    "discarded": lambda e: f"{e['player']} discarded {e['cards']} card{'' if e['cards'] == 1 else 's'}",
    "round_over": lambda e: f"Round {e['round']} is over: {end_reason(e.get('reason')) or 'it ended'}",
    "round_won": lambda e: f"{_names(e['winners'])} won round {e['round']}" if e["winners"]
    else f"Nobody won round {e['round']}",
    "game_won": lambda e: f"{_names(e['winners'])} won the game",
    "revealed": lambda e: f"{e['by']} turned over {_card_of(e, e['by'])}: {a_value(e['value'])}",
    "turned_down": lambda e: f"{e['by']} turned {_card_of(e, e['by'])} face-down",
    "swapped": lambda e: f"{e['by']} swapped {_card_of(e['cards'][0], e['by'])} and {_card_of(e['cards'][1], e['by'])}",
    "turned_over": lambda e: f"{e['player']} turned over their face-down cards: "
    + (", ".join(str(v) for v in e["values"]) or "none")
    + ("" if e.get("variety") is None else f"; {e['variety']} different illustrations"),
    "collective_overflow": lambda e: f"The table went over the collective limit ({e['total']} of {e['limit']})",
}


def event_text(event: dict[str, Any]) -> str:
    """Any Bonbon event in words."""
    said = event_message(event)
    if said:
        return said
    words = NEWS.get(event.get("type"))
    return words(event) if words else ""


def end_reason(reason: str | None) -> str:
    if reason == "collective_limit":
        return "the table went over the collective limit"
    if reason == "everyone_done":
        return "everyone passed or is out"
    return ""


def tiles_said(tiles: list[str]) -> str:
    """Bonus tiles by what they score ("+3 points, +1 per zero or +2 per set")."""
    labels = [TILE_SHORT[t] for t in tiles]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]
