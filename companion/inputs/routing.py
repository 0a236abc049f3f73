"""From a physical input to the session, on the app's own thread: the same path as a touch.

The adapters (GPIO, dice tray) only name what happened ("confirm", a roll of "peek"); the
app hands that name to its own thread and calls one of these. They dispatch through the
session exactly as a touch does, and say what came of it in an Outcome the screen shows.
Each press asks the session once what it means; the die's faces come from the game's own
roll action (a Choice of faces), never from here.

    route_control(session, "confirm", "gpio")  -> Outcome
    route_roll(session, "peek", "tray")         -> Outcome
    Router(lambda: table.session, tray)         -> the two above for the app's callbacks
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.core import controls
from companion.core.errors import RuleError

if TYPE_CHECKING:  # in annotations only: the app's first frame does not wait for the rules
    from companion.core.game import Action, Expected
    from companion.core.session import Change, Session

APPLIED = "applied"  # the action was accepted and is in the game log
IGNORED = "ignored"  # nothing was attempted: the input means nothing now (say so on screen)
REFUSED = "refused"  # the rules refused the action; `message` is the rules' own words
SENT = "sent"  # handed to the dice tray to roll; its roll arrives later as another outcome
ON_BOARD = "on_board"  # the board answered it alone (a dial step moved its highlight): nothing recorded

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
    return _dispatch(session, {"type": "roll", "face": face, "source": source}, f"Rolled {face}")


def route_control(session: Session | None, control: str, source: str = "gpio", *,
                  tray: Any = None) -> Outcome:
    """A button or the dial was used: its meaning comes from the current game's binding table.

    The Roll button, when the game binds nothing to it but waits for a roll, rolls on a
    connected dice tray, or else electronically: a uniformly random face among the faces
    the game's roll action offers, dispatched as the same roll action a tray would send.
    """
    label = controls.LABELS.get(control, control)
    if control not in controls.ALL:
        return Outcome(IGNORED, f"Unknown control {control!r}", source)
    if session is None:
        return Outcome(IGNORED, f"{label}: {NO_GAME.lower()}", source)
    meant = session.meaning(control)
    if meant is not None:
        return _dispatch(session, {**meant, "source": source}, label)
    expected = session.expected()
    if control != controls.ROLL:
        return Outcome(IGNORED, session.unused_control_message(control), source)
    faces = roll_faces(expected)
    if not faces:
        return Outcome(IGNORED, NO_ROLL_EXPECTED, source)
    if tray_rolls(tray, session) and tray.request_roll():
        return Outcome(SENT, "Rolling on the dice tray", source)
    return _dispatch(session, {"type": "roll", "face": secrets.choice(faces), "source": source},
                     "Rolled electronically")


def tray_rolls(tray: Any, session: Session) -> bool:
    """Whether the dice tray is connected and rolls the game's own die (any die, for a game that declares none)."""
    if tray is None or not tray.connected:
        return False
    fits = getattr(tray, "fits", None)
    return fits is None or fits(session.game.die)


def roll_faces(expected: Expected) -> tuple[str, ...]:
    """The faces the game offers for its roll action now; () when no roll is expected."""
    from companion.core.fields import Choice

    spec = expected.spec("roll")
    face = spec.fields.get("face") if spec is not None else None
    return tuple(face.values) if isinstance(face, Choice) else ()


def route_action(session: Session | None, action: Action, control: str, source: str = "gpio") -> Outcome:
    """A control that a board turned into an action itself (Confirm on a card its dial highlights)."""
    label = controls.LABELS.get(control, control)
    if session is None:
        return Outcome(IGNORED, NO_GAME, source)
    return _dispatch(session, {**action, "source": source}, label)


def _dispatch(session: Session, action: Action, label: str) -> Outcome:
    try:
        change = session.dispatch(action)
    except RuleError as exc:
        return Outcome(REFUSED, exc.message, action.get("source", ""), action)
    said = next((e["text"] for e in change.events if e.get("text")), label)
    return Outcome(APPLIED, said if change.kind != "action" else label, action.get("source", ""), action, change)


class Router:
    """The app's one handler for physical inputs; call it on the app's thread only.

        router = Router(lambda: table.session, tray)
        gpio = GpioControls(..., on_control=lambda name: Clock.schedule_once(
            lambda dt: show(router.control(name))))
        tray = DiceTray(..., on_roll=lambda face, info: Clock.schedule_once(
            lambda dt: show(router.roll(face, info))))
        session listener: router.refresh()   # keeps the tray's die and its ready light right
    """

    def __init__(self, session: Callable[[], Session | None], tray: Any = None) -> None:
        self._session = session
        self.tray = tray  # a DiceTray (or None): rolls on it when connected, arms its light

    def control(self, control: str, source: str = "gpio") -> Outcome:
        outcome = route_control(self._session(), control, source, tray=self.tray)
        self.refresh()
        return outcome

    def roll(self, face: str, info: dict[str, Any] | None = None) -> Outcome:
        session = self._session()
        die = session.game.die if session is not None else None
        fits = getattr(self.tray, "fits", None)
        if die and fits is not None and not fits(die) and session.expected().allows("roll"):
            # A tray still rolling another die (or an older one that cannot be told): its faces
            # would be refused, or skew the game's odds.
            problem = self.tray.die_problem or f"the dice tray does not roll this game's die ({' '.join(die)}) yet"
            outcome = Outcome(IGNORED, f"Roll ignored: {problem}", "tray")
        else:
            outcome = route_roll(session, face, "tray")
        self.refresh()
        return outcome

    def refresh(self) -> None:
        """Tell the tray whether a roll is expected now (after any change, touch included)."""
        if self.tray is None:
            return
        session = self._session()
        if session is not None and hasattr(self.tray, "use_die"):
            self.tray.use_die(session.game.die)  # a game started or resumed: the tray rolls its die
        self.tray.arm(session is not None and session.expected().allows("roll"))
