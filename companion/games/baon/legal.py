"""What the table is waiting for: the legal actions now, with the choices a screen may offer."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import Cards, Choice, Depends, Field, Pick, Players, Range, check_fields
from companion.core.game import ActionSpec, Expected
from companion.games.baon import tokens
from companion.games.baon.cards import HIGH, LOW, deck, is_wild, value_of
from companion.games.baon.choices import claim_refusal
from companion.games.baon.countertop import PILE
from companion.games.baon.runs import MIN_BAON, ends
from companion.games.baon.scoring import score_sheet, winners
from companion.games.baon.standing import actor, favourite_taken, laid, last_round, wilds_left
from companion.games.baon.tally import MAX_CUBES
from companion.games.baon.words import TOKEN_COUNTS, TOKEN_NAMES, names_and, names_or, plural

State = dict[str, Any]

# Every action with the fields it may carry (the session refuses any other).
FIELDS: dict[str, set[str]] = {
    "take": {"sources"},
    "discard": {"space"},
    "lola": set(),
    "end_turn": set(),
    "baon": {"container", "cards", "player"},
    "add": {"owner", "container", "cards", "end"},
    "favourite": {"suit", "player"},
    "claim": {"token", "player"},
    "generosity": {"player", "cubes"},
    "remove": {"player", "container"},
    "score": set(),
}

LABELS = {
    "take": "Take food",
    "discard": "Discard a card",
    "lola": "Lola shows",
    "end_turn": "End the turn",
    "baon": "Play a baon",
    "add": "Add to a baon",
    "favourite": "Pick a favourite food",
    "claim": "Claim a bonus token",
    "generosity": "Generosity cubes",
    "remove": "Take off a baon",
    "score": "Score the game",
}


def _suits(state: State, enabled=lambda s: True, why=lambda s: "") -> tuple[Pick, ...]:
    return tuple(Pick(s, state["suit_names"][s], enabled(s), group=state["suit_colours"][s], why=why(s))
                 for s in state["suits"])


def cards_field(state: State, count: int, most: int) -> Cards:
    """Every food card of the deck in play; those already in a baon (and the wild, once all 8 are
    laid) greyed, so a pad keeps its place."""
    out = laid(state)
    picks = tuple(
        Pick(c, "Wild" if is_wild(c) else c[1:], (wilds_left(state) > 0) if is_wild(c) else c not in out,
             group="wild" if is_wild(c) else c[0],
             why="all 8 wild treats are already in baons" if is_wild(c)
             else f"{state['suit_names'][c[0]]}, already in a baon")
        for c in deck(state["suits"]))
    return Cards("Cards, low to high", picks=picks, count=count, count_max=max(count, most), repeats=True,
                 deck="baon", group_names=dict(state["suit_names"]))


def _sources(state: State, most: int) -> Choice:
    picks = (Pick(PILE, "Pile", state["pile"] > 0, detail=f"{state['pile']} left", why="the pile is empty"),) + tuple(
        Pick(i + 1, f"Space {i + 1}", n > 0, detail=f"{n} card{'' if n == 1 else 's'}", why="no card on this space")
        for i, n in enumerate(state["spaces"]))
    return Choice("Where from, in order", picks=picks, count=1, count_max=most, repeats=True, noun="place")


def _spaces(state: State) -> Choice:
    return Choice("Onto which space", picks=tuple(Pick(i + 1, f"Space {i + 1}") for i in range(len(state["spaces"]))))


def _token_field(state: State, player: str | None) -> Choice:
    picks = tuple(
        Pick(t, TOKEN_NAMES[t], player is None or claim_refusal(state, player, t) is None,
             detail=f"{state['token_points'][t]} points",
             why="" if player is None else claim_refusal(state, player, t) or "")
        for t in tokens.TOKENS)
    return Choice("Token", picks=picks)


def _favourite_spec(state: State, player: str | None) -> ActionSpec:
    fields: dict[str, Field] = {}
    if player is None:
        # Scoring only: whose first, then a food nobody else has (their own again is no change).
        fields["player"] = Players.of("Whose favourite", state["players"])
        fields["suit"] = _per_player(state, "Favourite food", lambda p, s: favourite_taken(state, s) in (None, p))
    else:
        fields["suit"] = Choice("Favourite food", picks=_suits(
            state, lambda s: favourite_taken(state, s) in (None, player),
            why=lambda s: f"already {favourite_taken(state, s)}'s favourite"))
    return ActionSpec("favourite", LABELS["favourite"], fields)


def _per_player(state: State, label: str, enabled) -> Depends:
    """A suit of the player chosen in the `player` field: `enabled(player, suit)` says which."""
    return Depends(label, on="player", cases=tuple(
        (p, Choice(label, picks=_suits(state, lambda s, p=p: enabled(p, s)))) for p in state["players"]))


# Fields whose every offered value is not accepted alone: the cards of a baon must run together
# (and come from a hand the app never sees); the places a take draws from are counted in turn, so
# an earlier card can empty a later source; the end matters only for wild cards.
CARDS_LOOSE = "the cards must run in consecutive values, from a hand the app never sees"
SOURCES_LOOSE = "each card taken can empty a place before the next is drawn, and 3 come only from the pile"
END_LOOSE = "a given end must be one the cards fit"


def _available(state: State, value: int) -> bool:
    """Some card of this value can still be laid: one of a suit not in a baon yet, or a wild."""
    out = laid(state)
    return LOW <= value <= HIGH and (wilds_left(state) > 0 or any(f"{s}{value}" not in out for s in state["suits"]))


def _run_possible(state: State) -> bool:
    """Some 3 consecutive values can still be laid with at least one card that is not wild."""
    out = laid(state)
    real = {value_of(c) for c in deck(state["suits"]) if not is_wild(c) and c not in out}
    for start in range(LOW, HIGH - MIN_BAON + 2):
        run = range(start, start + MIN_BAON)
        missing = sum(1 for v in run if v not in real)
        if any(v in real for v in run) and missing <= wilds_left(state):
            return True
    return False


def _roomy(state: State, owner: str) -> list[str]:
    """The containers of `owner` whose baon a card can still extend: a value free at one end
    (a baon of 1 to 12 takes nothing more) with a card of it not yet laid."""
    out = []
    for container, baon in state["baons"][owner].items():
        low, high = ends(baon)
        if _available(state, low - 1) or _available(state, high + 1):
            out.append(container)
    return out


def _play_specs(state: State, player: str) -> list[ActionSpec]:
    held = state["hands"][player]
    specs = []
    empty = [s for s in state["suits"] if s not in state["baons"][player]]
    if held >= MIN_BAON and empty and _run_possible(state):
        specs.append(ActionSpec("baon", LABELS["baon"], {
            "container": Choice("Container", picks=_suits(state, lambda s: s in empty,
                                                          why=lambda s: "this container already holds a baon")),
            "cards": cards_field(state, MIN_BAON, min(held, HIGH)),
        }, loose={"cards": CARDS_LOOSE}))
    roomy = {p: _roomy(state, p) for p in state["players"]}
    owners = [p for p in state["players"] if roomy[p]]
    if held >= 1 and owners:
        specs.append(ActionSpec("add", LABELS["add"], {
            "owner": Players.of("Whose baon", state["players"], enabled=owners),
            "container": Depends("Container", on="owner", cases=tuple(
                (p, Choice("Container", picks=_suits(state, lambda s, p=p: s in roomy[p])))
                for p in state["players"])),
            "cards": cards_field(state, 1, min(held, HIGH - MIN_BAON)),
            "end": Choice("Which end (only for wild cards)", picks=(Pick("low", "Below"), Pick("high", "Above")),
                          optional=True),
        }, loose={"cards": CARDS_LOOSE, "end": END_LOOSE}))
    return specs


def _choices(state: State, player: str) -> list[ActionSpec]:
    specs = []
    if state["favourites"][player] is None:
        specs.append(_favourite_spec(state, player))
    if tokens.claimable(state, player):
        specs.append(ActionSpec("claim", LABELS["claim"], {"token": _token_field(state, player)}))
    return specs


def _game_legal(state: State) -> list[ActionSpec]:
    step, player = state["step"], actor(state)
    if step == "over":
        return []
    if step == "discard":
        # A favourite and a token may be picked "at any time on your turn", discards due or not.
        return [ActionSpec("discard", LABELS["discard"], {"space": _spaces(state)}),
                *([ActionSpec("lola", LABELS["lola"])] if state["lola"] == "hidden" else []),
                *_choices(state, player)]
    specs: list[ActionSpec] = []
    if step == "turn":
        # 3 only from the pile with an empty hand; never more than the pile and countertop hold.
        most = 3 if state["hands"][player] == 0 and state["pile"] >= 3 else 2
        most = min(most, state["pile"] + sum(state["spaces"]))
        if most:
            specs.append(ActionSpec("take", LABELS["take"], {"sources": _sources(state, most)},
                                    loose={"sources": SOURCES_LOOSE}))
    if step == "last_draw":
        specs.append(ActionSpec("take", "Draw 1 card", {"sources": _sources(state, 1)}))
    if step in ("turn", "playing"):
        specs += _play_specs(state, player)
    if step == "taken" and state["lola"] == "hidden":
        specs.append(ActionSpec("lola", LABELS["lola"]))
    specs += _choices(state, player)
    if step in ("taken", "playing"):
        specs.append(ActionSpec("end_turn", LABELS["end_turn"]))
    elif step == "turn" and state["claimed_this_turn"]:
        # A token claimed: the turn did something, its end is no slip of the finger to guard against.
        specs.append(ActionSpec("end_turn", "End the turn without taking or playing"))
    elif step == "turn":
        # An empty Play Food: nothing to take or play (docs/rules/baon.md).
        specs.append(ActionSpec("end_turn", "End the turn without taking or playing", weighty=True))
    return specs


def _tally_legal(state: State) -> list[ActionSpec]:
    if state["step"] == "over":
        return []
    players = Players.of("Whose", state["players"])
    with_baons = [p for p in state["players"] if state["baons"][p]]
    specs = [
        ActionSpec("baon", "Enter a baon", {
            "player": Players.of("Whose", state["players"], enabled=[
                p for p in state["players"] if len(state["baons"][p]) < len(state["suits"])]),
            "container": _per_player(state, "Container", lambda p, s: s not in state["baons"][p]),
            "cards": cards_field(state, MIN_BAON, HIGH),
        }, loose={"cards": CARDS_LOOSE}),
        ActionSpec("generosity", LABELS["generosity"], {
            "player": players, "cubes": Range("Cubes", minimum=0, maximum=MAX_CUBES)}),
        _favourite_spec(state, None),
        ActionSpec("claim", "Who holds a bonus token", {"token": _token_field(state, None), "player": players}),
    ]
    if with_baons:
        specs.append(ActionSpec("remove", LABELS["remove"], {
            "player": Players.of("Whose", state["players"], enabled=with_baons),
            "container": _per_player(state, "Container", lambda p, s: s in state["baons"][p])}))
    specs.append(ActionSpec("score", LABELS["score"], weighty=True))
    return specs


def legal(state: State) -> list[ActionSpec]:
    """Exactly the actions the rules accept now: apply() refuses every other type."""
    return _tally_legal(state) if state["mode"] == "scoring_only" else _game_legal(state)


def prompt(state: State) -> str:
    """One line telling the table what comes next. At most 40 characters with 9-letter names:
    the bar above the board drops to a font under 20 px past that."""
    if state["mode"] == "scoring_only":
        if state["step"] == "over":
            return "The game is scored"
        return "Enter baons, cubes, tokens; then score"
    step, who = state["step"], actor(state)
    if step == "over":
        won, _ = winners(score_sheet(state))
        return f"Game over: {names_and(won)} {'wins' if len(won) == 1 else 'win'}"
    if step == "discard":
        return f"{who}: over 6 cards, discard {state['discards_due']}"
    if step == "last_draw":
        return f"{who}: last turn, draw 1 card"
    if step == "taken":
        if state["lola"] == "revealed":
            return f"{who} revealed Lola: end the turn"
        return f"{who} took food: end the turn"
    if step == "playing":
        return f"{who}: last turn, play or end it" if last_round(state) else f"{who}: play more or end the turn"
    if not any(spec.type in ("baon", "add") for spec in _play_specs(state, who)):
        return f"{who}: take food"  # nothing in hand to play, or nothing it could go on
    return f"{who}: take food or play food"


def expected(state: State) -> Expected:
    """Who acts, what to tell them, and the legal actions with their choices."""
    return Expected(actor(state), prompt(state), tuple(legal(state)))


def require_legal(state: State, action: dict[str, Any]) -> ActionSpec:
    """The legal action of this type now, with its fields in the right shape, or RuleError saying
    what is awaited. Picks greyed now (a card in a baon) are left to the rule's own, clearer words."""
    kind = action["type"]
    spec = next((s for s in legal(state) if s.type == kind), None)
    if spec is None:
        raise RuleError(_why_not(state, action))
    if state["mode"] == "game" and action.get("player") is not None:
        raise RuleError(f"In a game, the player whose turn it is ({actor(state)}) does that: leave the player out")
    out = _out_of_the_box(state, action)
    if out:
        raise RuleError(out)
    for name, f in spec.fields.items():
        # Not a list where one is asked: the real bounds, not the wide ones the rules word below.
        if isinstance(f, Choice) and f.listed and action.get(name) is not None and not isinstance(action[name], list):
            raise RuleError(f.count_refusal(name, action[name]))
    why = check_fields({n: _all_enabled(f) for n, f in spec.fields.items()}, action)
    if why:
        raise RuleError(why)
    return spec


def _why_not(state: State, action: dict[str, Any]) -> str:
    """Why an action type is not open now, as precisely as the rules can say it."""
    kind, who = action["type"], actor(state)
    if state["step"] == "over":
        return "The game is over. Undo to change the last move."
    if who and action.get("by") not in (None, who):
        return f"It is {who}'s turn, not {action['by']}'s"
    if kind == "favourite" and who and state["favourites"][who] is not None:
        return f"{who} already picked a favourite food"
    if kind == "claim" and who and action.get("token") in tokens.TOKENS:
        return claim_refusal(state, who, action["token"]) or prompt(state)
    if kind in ("baon", "add") and who and state["step"] in ("turn", "playing"):
        held = state["hands"][who]
        if kind == "baon" and held < MIN_BAON:
            return f"{who} holds {held} card{'' if held == 1 else 's'}: a baon needs {MIN_BAON}"
        if held == 0:
            return f"{who} holds no cards to add"
    if kind in ("baon", "add") and state["step"] in ("taken", "discard"):
        return f"{who} took food this turn: Take Food or Play Food, not both"
    if state["step"] == "discard" and kind != "discard":
        n = state["discards_due"]
        return (f"{who} holds {state['hands'][who]} cards, over the limit of 6: first discard "
                f"{plural(n, 'card')} onto the countertop")
    if kind == "take" and state["step"] == "playing" and last_round(state):
        # The last turn's one card is drawn (or there was none left to draw): what is left is play.
        return f"In the last round each player draws only 1 card: {who} may now play food or end the turn"
    if kind == "take" and state["step"] == "playing":
        return f"{who} played food this turn: Take Food or Play Food, not both"
    if kind == "add" and state["step"] in ("turn", "playing"):
        owner = action.get("owner")
        container = action.get("container")
        if owner in state["players"] and isinstance(container, str) and container in state["baons"][owner]:
            low, high = ends(state["baons"][owner][container])
            return (f"{owner}'s {state['suit_names'][container]} baon runs from {low} to {high}: "
                    "no card is left that could go next to it")
        if owner in state["players"] and isinstance(container, str) and container in state["suit_names"]:
            return (f"{owner} has no baon in the {state['suit_names'][container]} container: "
                    "add only to a baon on the table")
        return "No baon is on the table yet to add to: play a baon of 3 or more consecutive cards first"
    return f"{LABELS[kind]} is not possible now. {prompt(state)}"


def _out_of_the_box(state: State, action: dict[str, Any]) -> str | None:
    """A card, a container or a favourite food of the suit a 2-player game takes out, refused as
    the rule ("Remove 1 suit"), not as a choice that is not on the list."""
    removed = state.get("removed_suit")
    if not removed:
        return None
    name, rest = removed["name"], names_or([state["suit_names"][s] for s in state["suits"]])
    out = f"{name} is not in a two-player game"
    if action.get("container") == removed["id"]:
        return f"{out}: there is no {name} container. Choose {rest}"
    if action.get("suit") == removed["id"]:
        return f"{out}: pick a favourite food of {rest}"
    cards = action.get("cards")
    if isinstance(cards, list) and any(
            isinstance(c, str) and c[:1] == removed["id"] and c[1:].isdigit() for c in cards):
        return f"{out}: its cards are out of the box. Play cards of {rest}, or a wild"
    return None


def check_now(spec: ActionSpec, action: dict[str, Any]) -> None:
    """After the rule's own checks: every choice is one offered now (a backstop, worded generically)."""
    why = check_fields(spec.fields, action)
    if why:
        raise RuleError(why)


def _all_enabled(f: Field) -> Field:
    """The field as a shape: every pick allowed and any number of them, so the rules word the
    refusal of a short run or a card already laid ("[2-3]: a baon needs at least 3 cards")."""
    if isinstance(f, Depends):
        return replace(f, cases=tuple((v, _all_enabled(c)) for v, c in f.cases))
    if isinstance(f, Choice):
        # From none: taking no card, or a baon of none, is refused by the rule's own words.
        wide = {"count": 0, "count_max": 99} if f.count_max is not None else {}
        return replace(f, picks=tuple(replace(p, enabled=True) for p in f.picks), **wide)
    return f
