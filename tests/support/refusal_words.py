"""A refused action's message, as the refusal tests of every game read it."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core import RuleError


def refusal_words(session: Any, action: dict[str, Any]) -> str:
    """The message `session` refuses `action` with, checked to read as plain words of at most
    200 characters (tests/test_every_game_refuses_in_words.py's `plain`); nothing changes."""
    from tests.test_every_game_refuses_in_words import plain

    before = session.view()
    with pytest.raises(RuleError) as refusal:
        session.dispatch(action)
    message = refusal.value.message
    assert plain(message) is None, (message, plain(message))
    assert session.view() == before, "a refused action changed the game"
    return message
