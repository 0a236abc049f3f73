"""From a physical input to the session, on the app's own thread: the same path as a touch.

The adapters (GPIO, dice tray) only name what happened ("confirm", a roll of "peek"); the
app hands that name to its own thread and calls one of these. They dispatch through the
session exactly as a touch does, and say what came of it in an Outcome the screen shows.

    route_control(session, "confirm", "gpio")  -> Outcome
    route_roll(session, "peek", "tray")         -> Outcome
    Router(lambda: table.session, tray)         -> the two above for the app's callbacks
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core import controls
from companion.core.errors import RuleError
from companion.core.session import Change, Session
from companion.inputs.dicetray.pico.tray import DEFAULT_FACES

APPLIED = "applied"  # the action was accepted and is in the game log
IGNORED = "ignored"  # nothing was attempted: the input means nothing now (say so on screen)
REFUSED = "refused"  # the rules refused the action; `message` is the rules' own words
SENT = "sent"  # handed to the dice tray to roll; its roll arrives later as another outcome

NO_ROLL_EXPECTED = "Roll ignored: no roll is expected now"
NO_GAME = "No game is being played"


@dataclass(frozen=True)
class Outcome:
    kind: str  # APPLIED, IGNORED, REFUSED or SENT
    message: str  # one line for the screen
    source: str  # "gpio", "tray", "keyboard"
    action: dict[str, Any] | None = None  # what was dispatched, if anything
    change: Change | None = field(default=None, compare=False)

    @property
    def applied(self) -> bool:
        return self.kind == APPLIED


def route_roll(session: Session | None, face: str, source: str = "tray") -> Outcome:
    """A die showed `face`: dispatch it as a roll if the game waits for one, else ignore it.

    Dice cups get knocked and trays get bumped: a roll nobody asked for is shown as ignored,
    never applied.
    """
    if session is None:
        return Outcome(IGNORED, f"Roll ignored: {NO_GAME.lower()}", source)
    if not session.expected().allows("roll"):
        return Outcome(IGNORED, NO_ROLL_EXPECTED, source)
    action = {"type": "roll", "face": face, "source": source}
    try:
        change = session.dispatch(action)
    except RuleError as exc:
        return Outcome(REFUSED, exc.message, source, action)
    return Outcome(APPLIED, f"Rolled {face}", source, action, change)


def route_control(
    session: Session | None,
    control: str,
    source: str = "gpio",
    *,
    faces: Sequence[str] | None = None,
) -> Outcome:
    """A button or the dial was used: its meaning comes from the current game's binding table.

    The Roll button, when the game has no binding of its own for it, rolls electronically:
    a uniformly random face (from the game's legal roll choices, else `faces`, else the
    default die), dispatched as the same roll action a tray would send.
    """
    label = controls.LABELS.get(control, control)
    if control not in controls.ALL:
        return Outcome(IGNORED, f"Unknown control {control!r}", source)
    if session is None:
        return Outcome(IGNORED, f"{label}: {NO_GAME.lower()}", source)
    if control in (controls.UNDO, controls.REDO):
        return _press(session, control, source, label)
    bound = session.game.control(session.state, control)
    if bound is not None:
        return _press(session, control, source, label)
    if control == controls.ROLL:
        if not session.expected().allows("roll"):
            return Outcome(IGNORED, NO_ROLL_EXPECTED, source)
        return route_roll(session, electronic_face(session, faces), source)
    return Outcome(IGNORED, session.unused_control_message(control), source)


def electronic_face(session: Session, faces: Sequence[str] | None = None) -> str:
    """A uniformly random face for a roll without dice, drawn here and never inside the rules."""
    return secrets.choice(tuple(roll_faces(session) or faces or DEFAULT_FACES))


def roll_faces(session: Session) -> tuple[str, ...]:
    """The faces the game lists for its roll action now (ActionSpec fields {"face": [...]})."""
    for spec in session.expected().legal:
        if spec.type == "roll":
            choices = spec.fields.get("face")
            if isinstance(choices, (list, tuple)) and choices and all(isinstance(c, str) for c in choices):
                return tuple(choices)
    return ()


def _press(session: Session, control: str, source: str, label: str) -> Outcome:
    try:
        change = session.press(control, source)
    except RuleError as exc:
        return Outcome(REFUSED, exc.message, source)
    return Outcome(APPLIED, label, source, change.action, change)


class Router:
    """The app's one handler for physical inputs; call it on the app's thread only.

        router = Router(lambda: table.session, tray)
        gpio = GpioControls(..., on_control=lambda name: Clock.schedule_once(
            lambda dt: show(router.control(name))))
        tray = DiceTray(..., on_roll=lambda face, info: Clock.schedule_once(
            lambda dt: show(router.roll(face, info))))
        session listener: router.refresh()   # keeps the tray's ready light right
    """

    def __init__(self, session: Callable[[], Session | None], tray: Any = None) -> None:
        self._session = session
        self.tray = tray  # a DiceTray (or None): rolls on it when connected, arms its light

    def control(self, control: str, source: str = "gpio") -> Outcome:
        session = self._session()
        if control == controls.ROLL and self._tray_rolls(session) and self.tray.request_roll():
            return Outcome(SENT, "Rolling on the dice tray", source)
        faces = self.tray.faces if self.tray is not None else None
        outcome = route_control(session, control, source, faces=faces)
        self.refresh()
        return outcome

    def roll(self, face: str, info: dict[str, Any] | None = None) -> Outcome:
        outcome = route_roll(self._session(), face, "tray")
        self.refresh()
        return outcome

    def refresh(self) -> None:
        """Tell the tray whether a roll is expected now (after any change, touch included)."""
        if self.tray is None:
            return
        session = self._session()
        self.tray.arm(session is not None and session.expected().allows("roll"))

    def _tray_rolls(self, session: Session | None) -> bool:
        """The Roll button rolls on a connected tray when the game waits for a plain roll."""
        if self.tray is None or not self.tray.connected or session is None:
            return False
        if session.game.control(session.state, controls.ROLL) is not None:
            return False
        return session.expected().allows("roll")
