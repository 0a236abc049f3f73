"""What the table is waiting for: the legal actions now, with the choices a screen may offer."""

from __future__ import annotations

from typing import Any

from companion.core.envelope import no_such_field, unknown_field
from companion.core.errors import RuleError
from companion.core.fields import Choice, Depends, Field, Pick, Players, Range
from companion.core.game import ActionSpec, Expected
from companion.games.bonbon import cards as c
from companion.games.bonbon.reveal import waiting
from companion.games.bonbon.rounds import pile, replacements_needed
from companion.games.bonbon.standing import actor, available_tiles
from companion.games.bonbon.targets import hide_cards, peek_cards, swap_cards
from companion.games.bonbon.tiles import DISPLAYED, TILES
from companion.games.bonbon.words import KIND_CHIPS, TILE_LONG, TILE_SHORT, no_such_action_here

State = dict[str, Any]

FIELDS: dict[str, set[str]] = {
    "start": {"tiles", "first"},
    "draw": {"face", "kind", "value", "revealed"},
    "pass": {"tile"},
    "take_tile": {"tile"},
    "end_turn": set(),
    "peek": {"player", "card", "value"},
    "swap": {"cards"},
    "hide": {"player", "card"},
    "reveal": {"player", "values", "variety"},
    "next_round": {"new_tiles"},
}
BOARD_FIELDS: dict[str, set[str]] = {"board": {"step"}, "board_reset": set()}

LABELS = {
    "start": "Start",
    "draw": "Draw a card",
    "pass": "Pass",
    "take_tile": "Take a bonus tile",
    "end_turn": "End the turn",
    "peek": "Reveal a card",
    "swap": "Swap two cards",
    "hide": "Turn a card face-down",
    "reveal": "Reveal face-down cards",
    "next_round": "Next round",
}


def check_fields(action: dict[str, Any], fields: dict[str, set[str]]) -> None:
    """Refuse an unknown action or a field the action does not take (a typo must not pass silently)."""
    kind = action["type"]
    if kind not in fields:
        # Another moment's action (a board-only table's dial) is the session's refusal of its kind.
        raise RuleError(no_such_action_here(kind))
    extra = unknown_field(action, fields[kind])
    if extra:
        raise RuleError(no_such_field(kind, extra))


# -- the fields, in the words the board shows ------------------------------------


def card_slot(state: State, name: str, index: int) -> str:
    """Where a card lies in the public view: players.<seat>.cards.<index from 0>."""
    return f"players.{state['players'].index(name)}.cards.{index}"


def _value(state: State, label: str = "Value", **kw: Any) -> Range:
    # RULINGS: values 0 to max_value; "a 0 is always the zero card", so any other card shows 1 or more.
    return Range(label, minimum=1, maximum=state["max_value"], **kw)


def _tiles(label: str, tiles: list[str], **kw: Any) -> Choice:
    """Bonus tiles, each labelled by what it scores (the tile strip's and the buttons' words)."""
    return Choice(label, picks=tuple(Pick(t, TILE_SHORT[t], detail=TILE_LONG[t]) for t in tiles), noun="tile", **kw)


def _players(label: str, state: State, enabled: list[str], why: str) -> Players:
    """Players.of, with why the others are greyed."""
    return Players(label, picks=tuple(Pick(n, n, n in enabled, why=why) for n in state["players"]))


def _owners(targets: list[dict[str, Any]]) -> list[str]:
    return list(dict.fromkeys(t["player"] for t in targets))


def _card_of_player(state: State, targets: list[dict[str, Any]], why: str = "", whose: str = "") -> dict[str, Field]:
    """A player, then one of their cards: every card of an owner is offered, the ones the effect
    cannot take greyed, so a board shows each card in its place in the row."""
    owners = _owners(targets)
    aimed = {(t["player"], t["card"]) for t in targets}
    cases = tuple(
        (name, Choice("Card", picks=tuple(
            Pick(i + 1, f"Card {i + 1}", enabled=(name, i + 1) in aimed, why=why)
            for i in range(len(state["rows"][name])))))
        for name in owners
    )
    return {
        "player": _players("Whose card", state, owners, whose),
        "card": Depends("Card", on="player", cases=cases),
    }


def _draw_spec(state: State) -> ActionSpec:
    who = actor(state)
    row = state["rows"][who]
    # The face-down cards a zero would turn over that need a value (the others the app knows).
    need = c.unknown(row, c.trailing_face_down(row))
    fields: dict[str, Field] = {
        "face": Choice("Face", picks=(
            Pick(c.UP, "Face up"),
            # "Zeros: They must be played face up." / "Must play face-up: These cards must always be played face-up"
            Pick(c.DOWN, "Face down", unless={"kind": c.FACE_UP_ONLY}),
        )),
        # A face-down card is entered without its kind: it is as secret as its value.
        # "Regular" is not offered: a face-up card by its value alone says as much (c.FACE_UP); a
        # logged "regular" is checked as one (game.offered_kind) and played as entered.
        "kind": Choice("Card kind", picks=tuple(Pick(k, KIND_CHIPS[k]) for k in c.KINDS if k != c.REGULAR),
                       when={"face": (c.UP,)}),
        # A zero is worth 0: only the other kinds ask for a value.
        "value": _value(state, when={"face": (c.UP,), "kind": tuple(k for k in c.KINDS if k != c.ZERO)}),
    }
    if need:
        fields["revealed"] = _value(
            state, "Values of the face-down cards the zero turns over", count=len(need), as_list=True,
            slots=tuple(card_slot(state, who, i) for i in need), when={"face": (c.UP,), "kind": (c.ZERO,)})
    return ActionSpec("draw", LABELS["draw"], fields)


def _pass_spec(state: State, label: str = "Pass", by_card: bool = False) -> ActionSpec:
    entitled = (by_card or not state["passed"]) and available_tiles(state)
    # Without a tile the passer chooses one next (take_tile): the tile may come with the pass or after it.
    fields = {"tile": _tiles("Bonus tile", available_tiles(state), optional=True)} if entitled else {}
    # Passing ends the player's round: weighty, so a board makes it hard to hit by accident.
    return ActionSpec("pass", label, fields, weighty=True)


def _end_turn(label: str) -> ActionSpec:
    return ActionSpec("end_turn", label)


def _peek_spec(state: State) -> ActionSpec:
    targets = peek_cards(state)
    fields = _card_of_player(state, targets, why="already face up: only a face-down card can be revealed",
                             whose="no face-down card that may be revealed now (passed players are safe)")
    # The value is asked only for a card nobody has seen; a card turned face-down by an effect is known.
    needed: dict[str, list[int]] = {}
    for t in targets:
        if t["value_needed"]:
            needed.setdefault(t["player"], []).append(t["card"])
    fields["value"] = Depends("Value", on="player", cases=tuple(
        (name, _value(state, when={"card": tuple(positions)})) for name, positions in needed.items()))
    return ActionSpec("peek", LABELS["peek"], fields)


def _swap_spec(state: State) -> ActionSpec:
    # "you may swap any two cards (including this one) between any two players, including yourself."
    picks = tuple(Pick({"player": t["player"], "card": t["card"]}, f"{t['player']}'s card {t['card']}", group=t["player"])
                  for t in swap_cards(state))
    cards = Choice("Cards to swap", picks=picks, count=2, one_per_group=True, noun="card")
    return ActionSpec("swap", LABELS["swap"], {"cards": cards})


def _effect_specs(state: State) -> list[ActionSpec]:
    effect = state["pending"]["effect"]
    if effect == c.PASS_TILE:
        spec = _pass_spec(state, "Pass now and take a bonus tile", by_card=True)
    elif effect == c.PEEK:
        spec = _peek_spec(state)
    elif effect == c.SWAP:
        spec = _swap_spec(state)
    else:
        spec = ActionSpec("hide", LABELS["hide"], _card_of_player(
            state, hide_cards(state), why="already face down: only a face-up card can be turned down",
            whose="no face-up card that may be turned down now (passed players are safe)"))
    return [spec, _end_turn("Don't use the effect")]


def _reveal_spec(state: State) -> ActionSpec:
    left = waiting(state)
    values = tuple(
        (w["player"], _value(state, f"{w['player']}'s face-down cards", count=w["values"], as_list=True,
                             slots=tuple(card_slot(state, w["player"], p - 1) for p in w["cards"])))
        for w in left if w["values"]
    )
    variety = tuple((w["player"], Range("Different illustrations", minimum=0, maximum=w["variety_max"]))
                    for w in left if w["variety"])
    return ActionSpec("reveal", LABELS["reveal"], {
        "player": _players("Whose cards", state, [w["player"] for w in left],
                           "nothing left to reveal: out of the round, or already done"),
        "values": Depends("Values", on="player", cases=values),
        "variety": Depends("Different illustrations", on="player", cases=variety),
    })


def legal(state: State) -> list[ActionSpec]:
    """Exactly the actions the rules accept now: apply() refuses every other type."""
    phase = state["phase"]
    if phase == "setup":
        return [
            ActionSpec(
                "start",
                "Lay out three bonus tiles and start",
                {
                    "tiles": _tiles("Bonus tiles on display", list(TILES), count=DISPLAYED),
                    # "The last player to have eaten chocolate will be the starting player."
                    "first": Players.of("Who starts", state["players"], optional=True),
                },
            )
        ]
    if phase == "play":
        step = state["step"]
        if step == "turn":
            return [_draw_spec(state), _pass_spec(state)]
        if step == "extra_turn":
            return [_draw_spec(state), _pass_spec(state), _end_turn("No extra turn")]
        if step == "draw_again":
            return [_draw_spec(state), _end_turn("Don't draw another card")]
        if step == "effect":
            return _effect_specs(state)
        if step == "tile":
            return [ActionSpec("take_tile", LABELS["take_tile"], {"tile": _tiles("Bonus tile", available_tiles(state))})]
    if phase == "reveal":
        return [_reveal_spec(state)]
    if phase == "scored":
        need = replacements_needed(state)
        fields = {"new_tiles": _tiles("New bonus tiles", pile(state), count=need, as_list=True)} if need else {}
        return [ActionSpec("next_round", LABELS["next_round"], fields)]
    return []


EFFECT_PROMPTS = {
    c.PASS_TILE: "pass now and take a bonus tile, or not",
    c.PEEK: "reveal another player's face-down card, or not",
    c.SWAP: "swap two cards between two players, or not",
    c.HIDE: "turn a face-up card face-down, or not",
}


def prompt(state: State) -> str:
    """One line telling the table what comes next."""
    phase = state["phase"]
    who = actor(state)
    if phase == "setup":
        return "Lay out three bonus tiles and say who starts"
    if phase == "play":
        step = state["step"]
        if step == "turn":
            return f"{who}: draw a card or pass"
        if step == "extra_turn":
            return f"{who} played a zero: draw, pass or end the turn"
        if step == "draw_again":
            return f"{who}: draw one more card, or not"
        if step == "effect":
            return f"{who}: {EFFECT_PROMPTS[state['pending']['effect']]}"
        if step == "tile":
            return f"{who}: choose a bonus tile"
    if phase == "reveal":
        left = waiting(state)
        turning = [w["player"] for w in left if w["values"]]
        # A player with no face-down card to turn over only counts illustrations for the variety
        # tile: "reveal the face-down cards of Anna" sent the table looking for cards she lacks.
        counting = [w["player"] for w in left if not w["values"]]
        # Two lines of the top bar at 800x480: past three names the reveal pad names each in turn.
        todo = [f"reveal the face-down cards of {', '.join(turning)}" if len(turning) <= 3
                else "reveal the face-down cards"] if turning else []
        todo += [f"{name} counts illustrations for the variety tile" for name in counting]
        return f"Round {state['round']} over: {'; '.join(todo)}"
    if phase == "scored":
        winners = state["scoring"]["winners"]
        # Short enough for the top bar; the scoring table on the board has the detail.
        taken = f"a token for {' and '.join(winners)}" if winners else "no token"
        need = replacements_needed(state)
        # Two lines of the bar at 800x480: the scoring table and the Next round button say the rest.
        then = "replace the taken tile" if need == 1 else (
            f"replace {need} tiles" if need else "check the scores")
        return f"Round {state['round']}: {taken}; {then}"
    winners = [p for p in state["players"] if state["tokens"][p] >= 3]
    return f"{' and '.join(winners)} won the game"


def expected(state: State) -> Expected:
    """Who acts, what to tell them, and the legal actions with their choices."""
    return Expected(actor(state), prompt(state), tuple(legal(state)))


def require_legal(state: State, kind: str) -> ActionSpec:
    """The legal action of this type now, or a refusal saying what is awaited."""
    spec = next((spec for spec in legal(state) if spec.type == kind), None)
    if spec is not None:
        return spec
    if state["phase"] == "over":
        raise RuleError("The game is over. Undo to change the last move.")
    raise RuleError(f"{LABELS[kind]} is not possible now. {prompt(state)}")
