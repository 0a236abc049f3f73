"""The table as the app sees it: the store, the current session, and starting or resuming games."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion import games
from companion.core.errors import NotRecorded, StoreFailure

if TYPE_CHECKING:
    from companion.core.session import Session
    from companion.plays import Play
    from companion.store import GameRecord, Store

# The rules' machinery (sessions, seats, options, plays) is imported by the methods that use it:
# a table that opens on Home shows its first frame without it.

log = logging.getLogger(__name__)


class Table:
    """Owns which game is being played. Listeners added here follow every session it opens."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.session: Session | None = None
        self.record: GameRecord | None = None
        self._session_listeners: list[Callable[[Session | None], None]] = []
        # An unfinished game waits to be resumed (the app does it once its screens exist). Until
        # then the table does not know what it shows: it is not "no game", and nothing may say so
        # (a phone told "no game" first would then drop the resumed game as older news).
        self.resume_pending = store.unfinished() is not None

    def on_session(self, listener: Callable[[Session | None], None]) -> None:
        """Hear when a game starts, resumes or is closed (screens, MQTT, GPIO bindings)."""
        self._session_listeners.append(listener)

    def resume(self) -> Session | None:
        """Reopen the game that was being played when the app last stopped, exactly where it was."""
        record = self.store.unfinished()
        if record is None:
            if self.resume_pending:  # it went meanwhile: the table shows no game, and says so
                self.close_game()
            return None
        from companion.core.session import Session

        game = games.get(record.game)
        timeline = self.store.timeline(record.id)
        session = Session(game, record.players, record.options, timeline)
        result = session.result()
        if result is not None:
            # The plug was pulled between the winning move and writing the result: finish it now.
            timeline.finish(result.to_json())
        self._open(session, record)
        return session

    def start(self, game_id: str, players: Sequence[Any], options: Mapping[str, Any]) -> Session:
        """Begin a new game; bad players or options raise SetupError before anything is stored,
        and a store that cannot record the new game raises NotRecorded (a SetupError too)."""
        from companion.core.options import resolve_options
        from companion.core.seats import make_seats
        from companion.core.session import Session

        game = games.get(game_id)
        seats = make_seats(players)
        checked = resolve_options(game.options, options)
        Session(game, seats, checked)  # refuses a wrong player count before a record exists
        try:
            timeline = self.store.new_game(game.id, seats, checked)
        except StoreFailure as exc:
            raise NotRecorded(str(exc)) from None
        session = Session(game, seats, checked, timeline)
        self._open(session, self.store.unfinished())
        return session

    def finished_play(self, told: list[str] | None = None) -> Play | None:
        """The game at the table as a play, once it is over (for BG Stats and the like), else None.
        Read as every listing reads the database (companion/store/plays.py): storage damaged
        since the table started is read as its next start will, and `told` gets the same words."""
        if self.session is None or self.record is None or self.session.result() is None:
            return None
        from companion.cli_plays import read_play

        return read_play(self.store.path, self.record.id, [] if told is None else told)

    def close_game(self) -> None:
        """Leave the current game; an unfinished one is kept in history as abandoned."""
        if self.record is not None and self.session is not None and self.session.result() is None:
            try:
                self.store.abandon(self.record.id)
            except StoreFailure as exc:
                # Still "playing" in the store: the next new game sets it aside, or the next
                # start reopens it. Leaving must work on a full disk too.
                log.error("the game left was not marked abandoned: %s", exc)
        self.session, self.record = None, None
        self.resume_pending = False
        self._tell(None)

    def _open(self, session: Session, record: GameRecord | None) -> None:
        self.session, self.record = session, record
        self.resume_pending = False
        self._tell(session)

    def _tell(self, session: Session | None) -> None:
        """Every listener hears of the game opened or closed, whatever another one does: a board
        that fails to draw must never cost the table its game (resumed, it would be set aside)."""
        for listener in list(self._session_listeners):
            try:
                listener(session)
            except Exception:  # noqa: BLE001 - the game is safe in the store; say what failed
                log.exception("a listener failed on the game being %s", "opened" if session else "closed")
