"""Play a JSON-lines script through a session: the action contract, testable from a shell."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from companion import games
from companion.core.errors import RuleError, SetupError
from companion.core.session import ACTIONS_VERSION, Session


class ReplayError(Exception):
    """A script line that cannot be played; says which line and why."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def replay(lines: Iterable[str]) -> Session:
    """The session after the header line and every action line; blank lines are skipped."""
    session: Session | None = None
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            item = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(number, f"not JSON ({exc.msg} at column {exc.colno})") from None
        except ValueError:  # Python reads no integer of more than 4300 digits
            raise ReplayError(number, "a number is too long (more than 4300 digits)") from None
        except RecursionError:
            raise ReplayError(number, "nested too deeply to be an action or a setup") from None
        try:
            if session is None:
                session = _start(item)
            else:
                session.dispatch(item)
        except (RuleError, SetupError) as exc:
            raise ReplayError(number, str(exc)) from None
    if session is None:
        raise ReplayError(1, "the script is empty: the first line names the game and players")
    return session


def _start(header: Any) -> Session:
    if not isinstance(header, dict) or "game" not in header or "players" not in header:
        listed = [g.id for g in games.all_games(listed_only=True)]
        raise SetupError(f'the first line must be like {{"game": "{listed[0]}", "players": ["Ann", "Ben"]}} '
                         f"(games: {', '.join(listed)})")
    version = header.get("actions_version", ACTIONS_VERSION)
    if version != ACTIONS_VERSION:
        raise SetupError(f"this companion reads actions_version {ACTIONS_VERSION}, not {version!r}")
    unknown = set(header) - {"game", "players", "options", "actions_version"}
    if unknown:
        raise SetupError(f"unknown header field {sorted(unknown)[0]!r}")
    if not isinstance(header["players"], list):
        raise SetupError("players must be a list of names")
    options = header.get("options", {})
    if not isinstance(options, dict):
        raise SetupError("options must be an object")
    return Session(games.get(header["game"]), header["players"], options)
