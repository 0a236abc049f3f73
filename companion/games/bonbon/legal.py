"""What the table is waiting for: the legal actions now, with the choices a screen may offer."""

from __future__ import annotations

from typing import Any

from companion.core.envelope import unknown_field
from companion.core.errors import RuleError
from companion.core.game import ActionSpec, Expected
from companion.games.bonbon import cards as c
from companion.games.bonbon.reveal import waiting
from companion.games.bonbon.rounds import pile, replacements_needed
from companion.games.bonbon.standing import actor, available_tiles
from companion.games.bonbon.targets import hide_cards, peek_cards, swap_cards
from companion.games.bonbon.tiles import DISPLAYED, TILES

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
        raise RuleError(f"Bonbon has no action {kind!r} (actions: {', '.join(fields)}, undo, redo)")
    extra = unknown_field(action, fields[kind])
    if extra:
        raise RuleError(f"A {kind} action takes no field {extra!r}")


def _values(state: State) -> list[int]:
    return list(range(1, state["max_value"] + 1))


def _draw_spec(state: State) -> ActionSpec:
    row = state["rows"][actor(state)]
    return ActionSpec(
        "draw",
        LABELS["draw"],
        {
            "face": [c.UP, c.DOWN],
            "kind": list(c.KINDS),
            "face_up_only": list(c.FACE_UP_ONLY),
            "value": _values(state),
            # Positions (from 1) of the face-down cards a zero would turn over that need a value.
            "zero_reveals": [i + 1 for i in c.unknown(row, c.trailing_face_down(row))],
        },
    )


def _pass_spec(state: State, label: str = "Pass", by_card: bool = False) -> ActionSpec:
    entitled = (by_card or not state["passed"]) and available_tiles(state)
    return ActionSpec("pass", label, {"tile": available_tiles(state)} if entitled else {})


def _end_turn(label: str) -> ActionSpec:
    return ActionSpec("end_turn", label)


def _effect_specs(state: State) -> list[ActionSpec]:
    effect = state["pending"]["effect"]
    if effect == c.PASS_TILE:
        spec = _pass_spec(state, "Pass now and take a bonus tile", by_card=True)
    elif effect == c.PEEK:
        spec = ActionSpec("peek", LABELS["peek"], {"cards": peek_cards(state), "value": _values(state)})
    elif effect == c.SWAP:
        spec = ActionSpec("swap", LABELS["swap"], {"cards": swap_cards(state), "count": 2, "different_players": True})
    else:
        spec = ActionSpec("hide", LABELS["hide"], {"cards": hide_cards(state)})
    return [spec, _end_turn("Don't use the effect")]


def legal(state: State) -> list[ActionSpec]:
    """Exactly the actions the rules accept now: apply() refuses every other type."""
    phase = state["phase"]
    if phase == "setup":
        return [
            ActionSpec(
                "start",
                "Lay out three bonus tiles and start",
                {"tiles": list(TILES), "count": DISPLAYED, "first": list(state["players"])},
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
            return [ActionSpec("take_tile", LABELS["take_tile"], {"tile": available_tiles(state)})]
    if phase == "reveal":
        return [ActionSpec("reveal", LABELS["reveal"], {"players": waiting(state), "value": _values(state)})]
    if phase == "scored":
        need = replacements_needed(state)
        fields = {"new_tiles": pile(state), "count": need} if need else {}
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
            return f"{who} played a zero: take another turn (draw or pass) or end the turn"
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
        todo = [f"reveal the face-down cards of {', '.join(turning)}"] if turning else []
        todo += [f"{name} counts the illustrations for the variety tile" for name in counting]
        return f"Round {state['round']} is over: {'; '.join(todo)}"
    if phase == "scored":
        winners = state["scoring"]["winners"]
        # Short enough for the top bar; the scoring table on the board has the detail.
        taken = f"a token for {' and '.join(winners)}" if winners else "no token"
        need = replacements_needed(state)
        then = "replace the taken tile, then next round" if need == 1 else (
            f"replace {need} tiles, then next round" if need else "then next round")
        return f"Round {state['round']}: {taken}. Check the scores, {then}"
    winners = [p for p in state["players"] if state["tokens"][p] >= 3]
    return f"{' and '.join(winners)} won the game"


def expected(state: State) -> Expected:
    """Who acts, what to tell them, and the legal actions with their choices."""
    return Expected(actor(state), prompt(state), tuple(legal(state)))


def require_legal(state: State, kind: str) -> None:
    """Refuse an action type the rules do not allow at this moment, saying what is awaited."""
    if any(spec.type == kind for spec in legal(state)):
        return
    if state["phase"] == "over":
        raise RuleError("The game is over. Undo to change the last move.")
    raise RuleError(f"{LABELS[kind]} is not possible now. {prompt(state)}")
