"""Errors a player or a table organiser can read and act on."""


class RuleError(Exception):
    """An action the rules refuse; the message is shown to players as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SetupError(ValueError):
    """A game cannot start with these players or options; the message says why."""
