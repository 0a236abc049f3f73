"""Topic names and payloads for the table's broadcast: pure functions, no network.

docs/mqtt.md describes every topic and payload; tests hold the two together.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.scores import player_scores

ONLINE = "online"
OFFLINE = "offline"

# A state's version is game_number * GAME_SPAN + revision: it only grows, across games too.
# The last number of each span means "no game at the table after game N".
GAME_SPAN = 1 << 24
_IDLE = GAME_SPAN - 1
# JavaScript numbers are exact up to 2**53: that leaves room for 2**29 games.
MAX_GAME_NUMBER = (1 << 29) - 1


@dataclass(frozen=True)
class Topics:
    """Every topic of one table: `<prefix>/<table>/...`."""

    prefix: str
    table: str

    @property
    def base(self) -> str:
        return f"{self.prefix}/{self.table}"

    @property
    def state(self) -> str:
        return f"{self.base}/state"

    @property
    def events(self) -> str:
        return f"{self.base}/events"

    @property
    def availability(self) -> str:
        return f"{self.base}/availability"

    def rules(self, game_id: str) -> str:
        """A game's rules page, for the phone page's "Rules" (companion/core/rules_page.py)."""
        return f"{self.base}/rules/{game_id}"

    @property
    def everything(self) -> str:
        return f"{self.base}/#"


def version(game_number: int | None, revision: int | None) -> int:
    """A number that grows with every change, and from one game to the next.

    `game_number` is the game's record number in the store (it only grows);
    `revision` is None when no game is open at the table.
    """
    n = max(0, min(game_number or 0, MAX_GAME_NUMBER))
    if revision is None:
        return n * GAME_SPAN + _IDLE
    return n * GAME_SPAN + min(max(revision, 0), _IDLE - 1)


# The fields state_payload adds around a game's public view: a reader that wants the view
# alone (a test rebuilding it from the log) drops these.
ENVELOPE_FIELDS = ("epoch", "version", "table", "scores", "changed_at", "news")


def state_payload(
    view: Mapping[str, Any] | None,
    *,
    game_number: int | None,
    table_id: str,
    table_name: str,
    changed_at: str | None = None,
    news: str | None = None,
    epoch: int | None = None,
) -> dict[str, Any]:
    """The retained state: the public view as it is, plus the table, its database's epoch, a
    version and the scores; with `changed_at`, when it last changed and the newest event's words
    (`news`).

    With no game open, the view's fields are absent and `game` is null.
    """
    envelope: dict[str, Any] = {}
    if epoch is not None:
        envelope["epoch"] = epoch
    envelope |= {
        "version": version(game_number, view["revision"] if view else None),
        "table": {"id": table_id, "name": table_name},
        "scores": player_scores(view),
    }
    if changed_at is not None:
        envelope["changed_at"] = changed_at
    if view is None:
        return {**envelope, "game": None}
    if changed_at is not None:
        envelope["news"] = news
    return {**view, **envelope}


def event_payload(
    event: Mapping[str, Any],
    *,
    view: Mapping[str, Any],
    game_number: int | None,
    at: str,
    move: int | None = None,
    made: int | None = None,
    epoch: int | None = None,
) -> dict[str, Any]:
    """One event, told once: which game, change and move it came from, and when."""
    payload: dict[str, Any] = {} if epoch is None else {"epoch": epoch}
    payload |= {
        "version": version(game_number, view["revision"]),
        "game": view["game"],
        "revision": view["revision"],
        "at": at,
        "event": dict(event),
    }
    if move is not None:
        payload["move"] = move
    if made is not None and event.get("type") == "redo":
        payload["made"] = made
    return payload


@functools.cache
def rules_pages() -> dict[str, dict[str, Any]]:
    """The rules page of every game on the menu, as published for phones: read once a process
    (the pages ship with the table and do not change under it)."""
    from companion import games
    from companion.core import rules_page

    pages = {}
    for entry in games.menu(listed_only=True):
        page = rules_page.read(entry.id)
        if page is not None:
            pages[entry.id] = {"game": entry.id, **page.to_json()}
    return pages


def encode(payload: Mapping[str, Any]) -> bytes:
    """Compact UTF-8 JSON, as every payload is sent."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
