"""A game being played: players, options and accepted actions; the state is derived from them.

All inputs (touch, GPIO, dice tray, script) end in `Session.dispatch`, and all
outputs (screen, MQTT) listen for `Change`s. Undo and redo are actions too
({"type": "undo"} / {"type": "redo"}) so every input can send them, and so is the correction
of a past move ({"type": "correct", ...}, companion/core/correction.py): one entry in the log,
taken back by one undo.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import logging
import functools
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core import controls, correction, wording
from companion.core.correction import CORRECT, Preview
from companion.core.envelope import no_such_action, no_such_field, unknown_field, wording_and
from companion.core.fields import said
from companion.core.errors import NotRecorded, RuleError, SetupError, StoreFailure
from companion.core.game import Action, Expected, Game, GameResult, State
from companion.core.guide import Why
from companion.core.learning import LEARNING
from companion.core.options import resolve_options
from companion.core.recent_states import RecentStates
from companion.core.seats import Seat, make_seats
from companion.core.timeline import MemoryTimeline, Timeline

log = logging.getLogger(__name__)

ACTIONS_VERSION = 1  # the version of the action contract in docs/actions.md


@dataclass(frozen=True)
class Change:
    """One accepted change, told once to every listener after it is durable."""

    kind: str  # "action", "undo", "redo" or "correct"
    action: Action | None
    revision: int
    view: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    # Actions in effect after the change: an action's news belongs to move `moves`; an undo took
    # back move `moves + 1`; a redo put back move `moves`. A phone strikes out news taken back.
    moves: int = 0
    # For a redo: the revision at which the action it puts back was first made (its news carries
    # that revision), so a phone restores that news and not older news of the same move number.
    # None when not known (made before the table last started).
    made: int | None = None

    @property
    def move(self) -> int:
        """The move this change made, took back or put back (1 for the game's first)."""
        return self.moves + 1 if self.kind == "undo" else self.moves


Listener = Callable[[Change], None]


# Deeper than any game's action: beyond it, copying and logging would run out of stack.
MAX_NESTING = 16


def _nesting(value: Any) -> int:
    """How deeply lists and objects nest in `value`, counted without recursion (stops past the limit)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            if depth > MAX_NESTING:
                break
            todo.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def check_action(action: Any) -> Action:
    """Refuse anything that is not an action object before it reaches the rules.

    The action is returned as it will read back from the log (plain JSON), so a live game
    and the same game resumed or replayed see exactly the same action.
    """
    if not isinstance(action, dict):
        raise RuleError("An action must be a JSON object with a type field, for example the type pass")
    if _nesting(action) > MAX_NESTING:
        raise RuleError(f"an action is never nested more than {MAX_NESTING} levels deep")
    try:
        text = json.dumps(action, allow_nan=False, ensure_ascii=False)
        text.encode("utf-8")  # a lone surrogate (half a character) cannot be kept or shown
        action = json.loads(text)
    except UnicodeEncodeError:
        raise RuleError("an action's text must be Unicode characters (it holds half a character)") from None
    except (TypeError, ValueError) as exc:
        raise RuleError("An action must be plain JSON: text, whole or decimal numbers, true, false, lists and "
                        "objects (no infinity or not-a-number)") from None
    kind = action.get("type")
    if not isinstance(kind, str) or not kind:
        raise RuleError("An action needs a type field naming what it does, for example the type pass")
    return action


def _refused_if_not_recorded(method: Callable[..., Change]) -> Callable[..., Change]:
    """A change the store could not keep is refused like any other: one message, game unchanged.

    Every input (touch, buttons, the tray, a new game) already shows a RuleError and carries on;
    the timeline rolls itself back before it raises StoreFailure, and the session changes its own
    state only after the timeline has returned.
    """

    @functools.wraps(method)
    def refused(self: "Session", *args: Any, **kwargs: Any) -> Change:
        try:
            return method(self, *args, **kwargs)
        except StoreFailure as exc:
            log.error("not recorded: %s", exc)
            raise NotRecorded(str(exc)) from None

    return refused


class Session:
    """The one place that changes a game: refusals change nothing, accepted actions are logged first."""

    def __init__(
        self,
        game: Game,
        players: Sequence[str | dict[str, Any] | Seat],
        options: Mapping[str, Any] | None = None,
        timeline: Timeline | None = None,
    ) -> None:
        self.game = game
        self.players: tuple[Seat, ...] = make_seats(players)
        if not game.min_players <= len(self.players) <= game.max_players:
            raise SetupError(
                f"{game.title} is for {game.min_players} to {game.max_players} players, "
                f"not {len(self.players)}"
            )
        self.options = resolve_options(game.options, options or {})
        self.timeline = timeline if timeline is not None else MemoryTimeline()
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []
        self._made: dict[int, int] = {}  # action index -> the revision it was made at, this run
        self._told: set[str] | None = None  # a learning game's tips told so far (_told_tips)
        self._recent = RecentStates()  # what Undo goes back to without replaying moves
        self._state = self._state_at(self.timeline.cursor)

    # -- reading -------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.players)

    @property
    def state(self) -> State:
        """A private copy: the session's own state is changed only by dispatch."""
        return copy.deepcopy(self._state)

    @property
    def revision(self) -> int:
        return self.timeline.revision

    @property
    def can_undo(self) -> bool:
        return self.timeline.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.timeline.cursor < len(self.timeline)

    def expected(self) -> Expected:
        with self._lock:
            return self.game.expected(self._state)

    def result(self) -> GameResult | None:
        with self._lock:
            return self.game.result(self._state)

    def view(self) -> dict[str, Any]:
        """The public view with the table's context: what screens and phones render."""
        with self._lock:
            result = self.result()
            return {
                "actions_version": ACTIONS_VERSION,
                "game": self.game.id,
                "title": self.game.title,
                "players": [s.to_json() for s in self.players],
                "options": dict(self.options),
                "revision": self.revision,
                "moves": self.timeline.cursor,
                # A copy: a listener that changes its view must never reach the live state.
                "view": copy.deepcopy(self.game.public_view(self._state)),
                # Every player's score, as the game counts it: adapters never guess it from the view.
                "scores": dict(self.game.scores(self._state)),
                "score_label": self.game.score_label,
                "expected": self.expected().to_json(),
                "result": result.to_json() if result else None,
                "can_undo": self.can_undo,
                "can_redo": self.can_redo,
            }

    # -- listening -----------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` after every accepted change; returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    # -- changing ------------------------------------------------------------

    @_refused_if_not_recorded
    def dispatch(self, action: Any) -> Change:
        """Apply an action (or undo/redo); raises RuleError and changes nothing when refused."""
        action = check_action(action)
        with self._lock:
            if action["type"] in ("undo", "redo"):
                self._check_envelope(action)
                return self._undo() if action["type"] == "undo" else self._redo()
            if action["type"] == CORRECT:
                return self._correct(action)
            if self.result() is not None:
                raise RuleError("The game is over. Undo to change the last move.")
            self._check_known(action, self._state)
            told = self._told_tips() if self.options.get(LEARNING.name) else None
            before = self._state
            after = self.game.apply(copy.deepcopy(before), copy.deepcopy(action))
            self.timeline.record(action, after)
            self._remember_before(before)
            self._made[self.timeline.cursor - 1] = self.revision
            self._state = after
            self._record_result()
            events = self._worded(self.game.events(before, after, action))
            if told is not None:
                events += self._tell(told, before, after, action)
            return self._announce("action", action, events, made=self.revision)

    # -- a learning game (companion/core/learning.py) ---------------------------

    def _tell(self, told: set[str], before: State, after: State, action: Action) -> list[dict[str, Any]]:
        """The tips this move brings that were not told yet this game, each marked told."""
        fresh = [tip for tip in self.game.tips(before, after, action) if tip.id not in told]
        told.update(tip.id for tip in fresh)
        return [tip.event() for tip in fresh]

    def _told_tips(self) -> set[str]:
        """The tips already told in this game: after a resume, found by playing its moves once
        (a tip is told once a game, whatever restarts the table had in between)."""
        if self._told is None:
            told: set[str] = set()
            state = self.game.setup(self.names, self.options)
            for entry in self._line(self.timeline.cursor):
                after = self.game.apply(copy.deepcopy(state), copy.deepcopy(entry))
                told.update(tip.id for tip in self.game.tips(state, after, entry))
                state = after
            self._told = told
        return self._told

    def _check_envelope(self, action: Action) -> None:
        """Undo and redo take no fields of their own; a `by` names someone at the table."""
        extra = unknown_field(action, ())
        if extra:
            raise RuleError(no_such_field(action["type"], extra))
        if action.get("by") is not None and action["by"] not in self.names:
            raise RuleError(self._stranger(action["by"]))

    def _check_known(self, action: Action, state: State) -> None:
        """Refusals every game shares, worded alike: an unknown move, a stray field, the wrong player."""
        kind, known = action["type"], self.game.actions
        if known:
            if kind not in known:
                raise RuleError(no_such_action(self.game, kind))
            extra = unknown_field(action, known[kind])
            if extra:
                raise RuleError(no_such_field(kind, extra))
        by = action.get("by")
        if by is None:
            return
        if by not in self.names:
            raise RuleError(self._stranger(by))
        expected = self.game.expected(state)
        # A type not legal now is the rules' to refuse, in their own words ("Ben has to roll first").
        if expected.allows(kind) and not expected.may_act(kind, by):
            raise RuleError(self.game.wrong_player(copy.deepcopy(state), action, expected))

    def _stranger(self, by: Any) -> str:
        """Why `by` may not act: they are not at this table (named when their name can be shown)."""
        shown = said(by)
        who = f"{shown} is not playing in this game" if shown else "Only a player in this game may act"
        return f"{who}: the players are {wording_and(self.names)}"

    def _worded(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Each event with its words: the touchscreen, phones and the story all say the same."""
        return [_with_why({**e, "text": self.game.describe(e)}, self.game.why(e)) for e in events]

    def meaning(self, control: str) -> Action | None:
        """The action a physical control means now (Undo and Redo in every game), or None."""
        if control in (controls.UNDO, controls.REDO):
            return {"type": control}
        with self._lock:
            return self.game.control(copy.deepcopy(self._state), control)

    def press(self, control: str, source: str) -> Change:
        """A physical control was used: turn it into the current game's action and dispatch it."""
        action = self.meaning(control)
        if action is None:
            raise RuleError(self.unused_control_message(control))
        return self.dispatch({**action, "source": source})

    def unused_control_message(self, control: str) -> str:
        """Why a button did nothing: what the table waits for instead, in the game's own prompt."""
        label = controls.LABELS.get(control, control)
        prompt = self.expected().prompt
        # Without the prompt a player pressing Pass cannot tell a broken button from a wrong moment.
        return f"{label} does nothing in {self.game.title} right now" + (f" — {prompt}" if prompt else "")

    def _undo(self) -> Change:
        if not self.can_undo:
            raise RuleError("Nothing to undo: this is the start of the game.")
        was_over = self.result() is not None
        cursor = self.timeline.cursor - 1
        state = self._recent.at(cursor)
        if state is None:
            state = self._state_at(cursor)
        undone = self.timeline.action(cursor)
        took = (f"the correction of move {undone['move']}" if undone["type"] == CORRECT
                else self.move_words(state, self._state, undone))
        if was_over:
            # Reopened first: should the move then fail, the record says "playing" at the end,
            # which the next start settles as finished again (Table.resume), never the reverse.
            self.timeline.finish(None)
        try:
            self.timeline.move(cursor)
        except StoreFailure:
            if was_over:
                self._record_result()
            raise
        self._state = state
        if self.result() is not None:  # an undone correction can end the game again
            self._record_result()
        return self._announce("undo", None, [{"type": "undo", "text": f"Took back: {took}"}])

    def _redo(self) -> Change:
        if not self.can_redo:
            raise RuleError("Nothing to redo.")
        index = self.timeline.cursor
        action = self.timeline.action(index)
        before = self._state
        was_over = self.result() is not None
        if action["type"] == CORRECT:
            state = self._state_at(index + 1)  # from the snapshot the correction left
            put = f"the correction of move {action['move']}"
        else:
            state = self.game.apply(copy.deepcopy(before), copy.deepcopy(action))
            put = self.move_words(before, state, action)
        self.timeline.move(index + 1)
        self._recent.remember(index, before)
        self._state = state
        self._sync_result(was_over)
        news = [{"type": "redo", "text": f"Put back: {put}"}]
        return self._announce("redo", action, news, made=self._made.get(index))

    def _sync_result(self, was_over: bool) -> None:
        """The stored result follows the game: written when it is over (an undo of a correction
        can end it again), cleared when an undo or a correction opens it again."""
        if self.result() is not None:
            self._record_result()
        elif was_over:
            self.timeline.finish(None)

    def _record_result(self) -> None:
        result = self.result()
        if result is not None:
            try:
                self.timeline.finish(result.to_json())
            except StoreFailure as exc:
                # The move itself is kept; a game left "playing" at its end is finished on the
                # next start (Table.resume). Not a reason to refuse what is already durable.
                log.error("the result was not recorded: %s", exc)

    def _announce(self, kind: str, action: Action | None, events: list[dict[str, Any]],
                  made: int | None = None) -> Change:
        change = Change(kind, action, self.revision, self.view(), events, self.timeline.cursor, made)
        for listener in list(self._listeners):
            # The change is already durable; one broken screen or broker link
            # must not keep the others from hearing about it.
            try:
                listener(change)
            except Exception:
                log.exception("a listener failed on revision %s", change.revision)
        return change

    def _remember_before(self, before: State) -> None:
        """A move was just recorded after `before`: the state its Undo returns to."""
        self._recent.remember(self.timeline.cursor - 1, before)

    def _state_at(self, cursor: int) -> State:
        """Rebuild the state after `cursor` log entries from the nearest snapshot."""
        start, state = self.timeline.snapshot_at_or_before(cursor)
        if state is None:
            state = self.game.setup(self.names, self.options)
        kept_from = cursor - self._recent.kept
        for i in range(start, cursor):
            # Each state on the way that an Undo may want next (after a restart, the first Undo
            # replays from the snapshot; the ones after it replay nothing); older ones are not kept.
            if i >= kept_from:
                self._recent.remember(i, copy.deepcopy(state))
            entry = self.timeline.action(i)
            if entry["type"] == CORRECT:
                # Only without the snapshot a correction leaves (a log kept elsewhere): play its line.
                state = self._replay(self._line(i + 1))
            else:
                state = self.game.apply(state, copy.deepcopy(entry))
        return state

    def _replay(self, line: list[Action]) -> State:
        state = self.game.setup(self.names, self.options)
        for action in line:
            state = self.game.apply(state, copy.deepcopy(action))
        return state

    def _line(self, cursor: int) -> list[Action]:
        return correction.line_of_play(self.timeline.action(i) for i in range(cursor))

    # -- correcting a past move ----------------------------------------------

    def moves(self) -> list[Action]:
        """The moves in effect, in order (corrections applied): what the story tells."""
        with self._lock:
            return copy.deepcopy(self._line(self.timeline.cursor))

    def preview_correction(self, move: int, action: Any,
                           later: Sequence[tuple[int, Any]] | None = None) -> Preview:
        """What correcting move `move` (1 is the first) to `action` would do, changing nothing.

        `later`: the moves to play after it, as (their number before the correction, action);
        by default every move that now follows it. Each is played again on the corrected line
        and marked as still applying or not, with the rules' reason.
        """
        with self._lock:
            return self._preview(move, action, later)[0]

    def _preview(self, move: int, action: Any,
                 later: Sequence[tuple[int, Any]] | None) -> tuple[Preview, State | None]:
        line = self._line(self.timeline.cursor)
        correction.check_entry({"type": CORRECT, "move": move, "action": action, "later": []}, len(line))
        action = check_action(action)
        start = self._replay(line[: move - 1])
        if later is None:
            later = list(enumerate(line[move:], start=move + 1))
        later = [(number, check_action(a)) for number, a in later]
        found, end = correction.preview(start, move, action, later, self._step,
                                        lambda s: self.game.result(s) is not None, self.move_words,
                                        lambda s: self.game.expected(s).to_json())
        original = line[move - 1]
        was = self.move_words(start, self.game.apply(copy.deepcopy(start), copy.deepcopy(original)), original)
        unchanged = (_bare(action) == _bare(original)
                     and [_bare(a) for _, a in later] == [_bare(a) for a in line[move:]])
        result = self.game.result(end) if end is not None else None
        return dataclasses.replace(found, was=was, unchanged=unchanged,
                                   result=result.to_json() if result else None), end

    @staticmethod
    def _numbered(move: int, later: list[Action], line: list[Action]) -> list[tuple[int, Action]]:
        """The kept later moves with the numbers they have in the story now, as the preview shows
        them: each is matched, in order, to the first move after the last one matched that it
        equals (a fixed move, which matches none, takes the next number)."""
        numbered, at = [], move
        for action in later:
            found = next((i for i in range(at, len(line)) if _bare(line[i]) == _bare(action)), None)
            at = (found if found is not None else at) + 1
            numbered.append((at, action))
        return numbered

    def _step(self, state: State, action: Action) -> State:
        """One move on a state that is not the session's: the same checks as dispatch, on a copy."""
        self._check_known(action, state)
        return self.game.apply(copy.deepcopy(state), copy.deepcopy(action))

    def _correct(self, entry: Action) -> Change:
        line = self._line(self.timeline.cursor)
        move, action, later = correction.check_entry(entry, len(line))
        found, state = self._preview(move, action, self._numbered(move, later, line))
        if found.problem:
            raise RuleError(f"Move {move} cannot be that: {found.problem}")
        if found.unchanged:
            raise RuleError(f"Move {move} already is that move, with the same moves after it: nothing to correct")
        refused = next((m for m in found.later if not m.applies), None)
        if refused is not None:
            raise RuleError(f"Move {refused.move} no longer applies ({refused.why}): fix it or drop it first")
        kept = {k: v for k, v in entry.items() if k in correction.ENTRY_FIELDS}
        stored = {**kept, "action": found.action, "later": [m.action for m in found.later]}
        # The entry, its snapshot and the game's end (over, or open again) commit as one.
        self.timeline.record(stored, state, snapshot=True, ending=found.result)
        self._remember_before(self._state)
        self._made[self.timeline.cursor - 1] = self.revision
        self._state = state
        dropped = max(0, len(line) - move - len(later))
        text = f"Corrected move {move}: {found.words}"
        if found.was != found.words:
            text += f" (was: {found.was})"
        if dropped:
            text += f"; {dropped} later move{'' if dropped == 1 else 's'} dropped"
        event = {"type": "corrected", "move": move, "dropped": dropped, "text": text}
        return self._announce(CORRECT, stored, [event], made=self.revision)

    def move_words(self, before: State, after: State, action: Action) -> str:
        """A move in a line, as the undo news, the story and a correction all tell it."""
        return wording.move_words(self.game, before, after, action)


def _with_why(event: dict[str, Any], why: Why | None) -> dict[str, Any]:
    """A scoring line, limit or elimination with the rule behind it and the numbers that went in
    ("why": its lines, "rule": the rules page's section), for the story, the board and phones."""
    if why is None:
        return event
    return {**event, "why": list(why.lines), "rule": why.rule}


def _bare(action: Action) -> Action:
    """An action without where it came from: a correction compares moves, not their sources."""
    return {k: v for k, v in action.items() if k != "source"}
