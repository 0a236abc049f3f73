"""What the table is waiting for: the one source of what is legal now, with its typed choices.

apply() accepts an action only when legal() offers its type now and its fields fit the
offered choices; every refusal is worded here, from the same specs the screens offer.
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.core.fields import Choice, Pick, check_fields, said
from companion.core.game import ActionSpec, Expected
from companion.games.bondcones import battle, dice, frames, ledger
from companion.games.bondcones.standing import actor, current, other, points
from companion.games.bondcones.words import KIND_LABELS, KIND_NAMES, face, plural

State = dict[str, Any]

FIELDS: dict[str, set[str]] = {
    "roll": {"face"},
    "capture": {"value", "with", "cone"},
    "done": set(),
    "battle": set(),
    "remove": {"value"},
}

LABELS = {
    "roll": "Roll",
    "capture": "Enter a capture",
    "done": "Done: end the turn",
    "battle": "Declare a BondO Battle",
    "remove": "Remove a cone",
}

# RULINGS: "O is highest": the order the opening and battles are decided in, as a player reads it.
RANKING_WORDS = "BONDO, PEEK, 4, 3, 2, 1"


# -- the battle window -----------------------------------------------------------------------


def why_no_battle(state: State, player: str) -> str | None:
    """Why this player may not declare a BondO Battle now (None when they may)."""
    if player not in state["windows"]:
        return (
            f"{player} has no BondO Battle to declare: that is allowed for three turns "
            "after losing a BondO to a capture or losing a battle"
        )
    defender = other(state, player)
    if not state["bondos"][defender]:
        return f"{defender} holds no BondO to battle for"
    return None


def can_declare(state: State) -> bool:
    """True at the start of a turn when the player to roll may instead declare a battle."""
    if state["phase"] != "play" or state["step"] != "roll":
        return False
    return why_no_battle(state, current(state)) is None


# -- the typed fields ------------------------------------------------------------------------


def face_field(label: str) -> Choice:
    """The Dice Cone's six faces, labelled as the cone shows them (1-4, PEEK, BONDO)."""
    return Choice(label, picks=tuple(Pick(f, face(f)) for f in dice.FACES))


def value_field(owner: str, cones: dict[str, int]) -> Choice:
    """Every value a cone can show, those the owner has no more of greyed: the pad never moves."""
    left = frames.possible_values(cones)
    return Choice(f"{owner}'s cone is worth", picks=tuple(
        Pick(v, str(v), v in left, why=f"{owner} has no cone of that value left on the board") for v in frames.VALUES))


def kind_field(label: str, state: State, owner: str) -> Choice:
    """The kinds of cone (ordinary, BondO Cone, Double BondO), those the owner has none of greyed;
    left out, a capture means an ordinary cone."""
    have = ledger.kinds_available(state["bondos"][owner], frames.cones_left(state["cones"][owner]))
    picks = tuple(Pick(k, KIND_LABELS[k], k in have, why=f"{owner} has no cone of that kind on the board")
                  for k in ledger.KINDS)
    return Choice(label, picks=picks, optional=True)


def _roll_spec(label: str) -> ActionSpec:
    return ActionSpec("roll", label, {"face": face_field("The Dice Cone shows")})


def legal(state: State) -> list[ActionSpec]:
    """Exactly the actions apply accepts now, with every choice a screen may offer."""
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "opening":
        return [_roll_spec("Roll for the start")]
    player = current(state)
    opponent = other(state, player)
    step = state["step"]
    if step == "roll":
        specs = [_roll_spec("Roll")]
        if can_declare(state):
            left = state["windows"][player]
            specs.append(ActionSpec("battle", f"Declare a BondO Battle against {opponent} "
                                    f"({plural(left, 'turn')} left)"))
        return specs
    if step == "move":
        capture = ActionSpec(
            "capture",
            f"Captured one of {opponent}'s cones",
            {
                "value": value_field(opponent, state["cones"][opponent]),
                "with": kind_field("Captured with", state, player),
                "cone": kind_field(f"{opponent}'s cone", state, opponent),
            },
        )
        return [capture, ActionSpec("done", LABELS["done"])]
    if step == "battle":
        return [_roll_spec("Roll for the battle")]
    # step == "remove": the defender of a Double BondO won the battle.
    return [ActionSpec("remove", f"Removed one of {player}'s cones",
                       {"value": value_field(player, state["cones"][player])})]


def prompt(state: State) -> str:
    """What comes next, in two lines of the top bar at 800x480 (about 56 letters): the board
    beneath says the rest (the order of faces, the full demand of a roll, a battle's rules)."""
    phase = state["phase"]
    if phase == "over":
        winner = state["winner"]
        return f"Game over: {winner} wins with {points(state, winner)} points"
    player = current(state)
    if phase == "opening":
        return f"Opening roll: {player} rolls (the highest face starts)"
    step = state["step"]
    if step == "roll":
        if can_declare(state):
            return f"{player}: roll, or declare a BondO Battle ({plural(state['windows'][player], 'turn')} left)"
        return f"{player}: roll the Dice Cone"
    if step == "move":
        # Short enough for the top bar; the view's "demand" carries the full wording.
        demand = state["last_roll"]["demand"]
        doing = f"move a cone {plural(demand['steps'], 'step')}"
        if "double_steps" in demand:
            doing = f"move {plural(demand['steps'], 'step')} (Double BondO: {demand['double_steps']})"
        return f"{player}: {doing}, then a capture or Done"
    if step == "battle":
        fight = state["battle"]
        return f"BondO Battle: {battle.roller(fight)} rolls (highest wins, ties roll again)"
    return f"{other(state, player)} removes one of {player}'s cones: enter its value"


def expected(state: State) -> Expected:
    """Who acts, what to tell them, and the legal actions with their choices."""
    return Expected(actor(state), prompt(state), tuple(legal(state)))


# -- refusals --------------------------------------------------------------------------------


def wrong_player(state: State, action: dict[str, Any]) -> str:
    """Why someone other than the one the table waits for may not act."""
    doing = " to roll" if action["type"] == "roll" else ""
    return f"It is {actor(state)}'s turn{doing}, not {action['by']}'s"


def require_legal(state: State, action: dict[str, Any]) -> None:
    """Refuse an action the rules do not accept now, in words that say what is awaited.

    A roll's face is made plain first ("3", 3 and "PEEK" are the same face): the action
    is changed in place, so the handler reads the face as the rules name it.
    """
    kind = action["type"]
    if state["phase"] == "over":
        raise RuleError(f"The game is over: {state['winner']} won. Undo to change the last move.")
    by = action.get("by")
    if by is not None and by != actor(state):
        if by not in state["players"]:
            shown = said(by)
            head = f"{shown} is not playing in this game" if shown else "Only a player in this game may act"
            raise RuleError(f"{head}: the players are {' and '.join(state['players'])}")
        raise RuleError(wrong_player(state, action))
    if kind == "roll":
        action["face"] = dice.parse_face(action.get("face"))
    spec = next((s for s in legal(state) if s.type == kind), None)
    if spec is None:
        raise RuleError(_not_now(state, kind))
    if kind in ("capture", "remove"):
        _check_cones(state, spec, action)
    why = check_fields(spec.fields, action)
    if why:
        raise RuleError(why)


def _not_now(state: State, kind: str) -> str:
    """Why an action type is not legal at this moment."""
    step, player = state["step"], current(state)
    if kind == "remove":
        return "A cone is removed only after a BondO Battle lost against a Double BondO"
    if state["phase"] == "opening":
        return "First the opening roll decides who starts"
    removing = f"{other(state, player)} first removes one of {player}'s cones: enter its value"
    if kind == "roll":
        if step == "move":
            return f"{player} is still moving: enter a capture or tap Done before the next roll"
        return removing
    if kind == "battle":
        if step != "roll":
            return f"{player} can declare a BondO Battle only at the start of a turn, before rolling"
        return why_no_battle(state, player) or LABELS[kind]
    what = "enter a capture" if kind == "capture" else "end the turn"
    if step == "roll":
        return f"{player} has to roll before they can {what}"
    if step == "battle":
        return f"Finish the BondO Battle before you {what}"
    return removing


def _pick(field: Choice, value: Any) -> Pick | None:
    """The offered pick with this value, type for type (so True is never the cone worth 1)."""
    return next((p for p in field.picks if type(p.value) is type(value) and p.value == value), None)


def _check_cones(state: State, spec: ActionSpec, action: dict[str, Any]) -> None:
    """A capture's or removal's fields, refused in the table's words: first what no cone could be,
    then what this side has none of (the kinds, then the value)."""
    player = current(state)
    if spec.type == "capture":
        owners = {"with": player, "cone": other(state, player)}
        verb, owner = "capture", other(state, player)
    else:
        owners, verb, owner = {}, "remove", player
    values = spec.fields["value"]
    raw = action.get("value")
    value = _pick(values, raw)
    if value is None:
        shown = said(raw)
        raise RuleError("A cone is worth 0, 1, 2, 4 or 8" + (f", not {shown}" if shown else ""))
    kinds = {}
    for name in owners:
        given = action.get(name)
        kinds[name] = _pick(spec.fields[name], ledger.ORDINARY if given is None else given)
        if kinds[name] is None:
            which = "The cone captured with" if name == "with" else "The captured cone"
            shown = said(action.get(name))
            raise RuleError(f"{which} is ordinary, bondo or double" + (f", not {shown}" if shown else ""))
    for name, pick in kinds.items():
        if not pick.enabled:
            purpose = "to capture with" if name == "with" else "to capture"
            raise RuleError(f"{owners[name]} has no {KIND_NAMES[pick.value]} {purpose}")
    if not value.enabled:
        raise RuleError(f"{owner} has no {raw} left to {verb}")
