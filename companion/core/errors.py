"""Errors a player or a table organiser can read and act on."""


class RuleError(Exception):
    """An action the rules refuse; the message is shown to players as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SetupError(ValueError):
    """A game cannot start with these players or options; the message says why."""


class StoreFailure(Exception):
    """The durable log could not read or write (a full disk, a read-only file, an I/O error).

    Raised by a Timeline (and the store behind it) with a reason a person can act on, e.g.
    "the disk is full". Nothing of the change it was making is kept, in memory or on disk.
    """


class NotRecorded(RuleError, SetupError):
    """A move, undo, redo or new game the store could not record: refused, the game unchanged.

    Both a RuleError and a SetupError, so every input that shows a refused move or a refused
    start already shows this one, in one wording, and carries on.
    """

    def __init__(self, why: str) -> None:
        super().__init__(f"Not recorded: {why}. The game is as it was.")
        self.why = why
