"""Correcting a past move without undoing what came after it.

A correction is ONE entry in the game log, read by the session like undo and redo:

    {"type": "correct", "move": 3, "action": {...}, "later": [{...}, ...]}

Move 3 of the line of play in effect (1 is the game's first) becomes `action`, and every move
after it becomes `later`: the later moves the table kept, fixed or not, in order, the dropped
ones left out. The entry holds the whole corrected line from move 3 on, so reading the log back
needs nothing but the entries themselves; one undo takes it all back, one redo puts it back, and
the log commits it in one transaction like any other move (docs/actions.md).

Here: the line of play a log leaves in effect, the check of an entry's shape, and the move by
move check of a corrected line the table is still deciding on (`Preview`). Pure, like the session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.envelope import no_such_field
from companion.core.errors import RuleError
from companion.core.game import Action, State

CORRECT = "correct"
# Actions that change the log rather than the game: never a move of the line of play.
META = frozenset({"undo", "redo", CORRECT})
ENTRY_FIELDS = frozenset({"type", "move", "action", "later", "source"})

# (state, action) -> the state after it, or RuleError: the session's checks and the game's rules.
Step = Callable[[State, Action], State]


def line_of_play(entries: Iterable[Action]) -> list[Action]:
    """The moves in effect after these log entries: each correction replaces the tail it names."""
    line: list[Action] = []
    for entry in entries:
        if entry.get("type") == CORRECT:
            line[entry["move"] - 1:] = [entry["action"], *entry["later"]]
        else:
            line.append(entry)
    return line


def check_entry(entry: Action, moves: int) -> tuple[int, Action, list[Action]]:
    """The move number, corrected action and later moves of a correction, or why it cannot be one."""
    extra = sorted(set(entry) - ENTRY_FIELDS)
    if extra:
        raise RuleError(no_such_field("correct", extra[0]))
    move, action, later = entry.get("move"), entry.get("action"), entry.get("later", [])
    if not isinstance(move, int) or isinstance(move, bool) or not 1 <= move <= moves:
        raise RuleError(f"There is no move {move} to correct: moves 1 to {moves} are in effect"
                        if moves else "There is no move to correct yet")
    if not isinstance(later, list):
        raise RuleError("A correction's later moves must be a list of actions")
    for what in (action, *later):
        if not isinstance(what, dict) or not isinstance(what.get("type"), str) or not what["type"]:
            raise RuleError('A correction holds actions like {"type": "pass"}')
        if what["type"] in META:
            raise RuleError(f"A correction cannot hold a {what['type']}: only moves of the game")
    return move, action, list(later)


@dataclass(frozen=True)
class LaterMove:
    """One move after the corrected one, played again on the corrected line."""

    move: int  # its number before the correction, as the story shows it
    action: Action
    applies: bool
    why: str = ""  # the rules' refusal, when it no longer applies
    words: str = ""  # what it does, in the game's words
    # What the table could have done instead at its place on the corrected line
    # (Expected.to_json(): the legal actions with their typed fields), to fix it.
    expected: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Preview:
    """A correction the table is deciding on: the corrected move and what becomes of every later one."""

    move: int
    action: Action
    words: str  # the corrected move, as the story will tell it
    was: str  # the move as it stood
    later: tuple[LaterMove, ...] = ()
    problem: str = ""  # why the corrected move itself is refused
    unchanged: bool = False  # the same move and the same later moves: nothing to commit
    result: dict[str, Any] | None = field(default=None)  # how the game ends on the corrected line
    expected: dict[str, Any] = field(default_factory=dict)  # the choices at the corrected move's place

    @property
    def ready(self) -> bool:
        """Every kept move applies and something changes: the correction may be committed."""
        return not self.problem and not self.unchanged and all(m.applies for m in self.later)

    def entry(self) -> Action:
        """The log entry this correction commits as."""
        return {"type": CORRECT, "move": self.move, "action": self.action,
                "later": [m.action for m in self.later]}


def preview(
    start: State,
    move: int,
    action: Action,
    later: Sequence[tuple[int, Action]],
    step: Step,
    over: Callable[[State], bool],
    words: Callable[[State, State, Action], str],
    choices: Callable[[State], dict[str, Any]],
) -> tuple[Preview, State | None]:
    """Play the corrected move on `start` (the state before it), then each later move in turn.

    A later move that no longer applies is skipped (the ones after it are tried on the line
    without it), so the table sees at once everything its correction touches. Returns the
    preview and the state at its end (None when the corrected move itself is refused).
    """
    try:
        state = step(start, action)
    except RuleError as exc:
        return Preview(move, action, "", "", problem=exc.message, expected=choices(start)), None
    first = words(start, state, action)
    checked: list[LaterMove] = []
    for number, later_action in later:
        here = choices(state)
        if later_action.get("type") in META:
            checked.append(LaterMove(number, later_action, False, "Only moves of the game can follow", expected=here))
            continue
        if over(state):
            checked.append(LaterMove(number, later_action, False, "The game is already over before it",
                                     expected=here))
            continue
        try:
            after = step(state, later_action)
        except RuleError as exc:
            checked.append(LaterMove(number, later_action, False, exc.message, expected=here))
            continue
        checked.append(LaterMove(number, later_action, True, words=words(state, after, later_action), expected=here))
        state = after
    return Preview(move, action, first, "", tuple(checked), expected=choices(start)), state
