"""Whose a message at the venue is: the table its topic names, never the one its payload claims
(docs/hall.md, "Security"). The venue lets a table's login write `<prefix>/<id>/#` of its own id
only, so the topic is the one thing a table cannot forge; what a payload says (`"table": {"id":
...}`, a play's `uid`) is whatever that login wrote. companion/web/hall.js keeps the same rule.

A payload that names another table than its topic is dropped, not counted as its topic's table:
every table writes its own id, the one its topics are built from, so such a payload is never an
honest table's (a stolen login's, or a broken table's), and counting it anywhere would put what
it invented into the standings.
"""

from __future__ import annotations

import json
from typing import Any


def topic_table(prefix: str, topic: str) -> tuple[str, list[str]] | None:
    """(the table id, the levels after it) of `<prefix>/<id>/...`, else None."""
    head = prefix + "/"
    if not topic.startswith(head):
        return None
    table_id, *rest = topic[len(head):].split("/")
    return (table_id, rest) if table_id else None


def owns(payload: dict[str, Any], table_id: str) -> bool:
    """Whether the payload is the table's its topic names: it names no table, or that one."""
    claimed = payload.get("table")
    return claimed is None or (isinstance(claimed, dict) and claimed.get("id") == table_id)


def venue_play(prefix: str, topic: str, payload: bytes) -> dict[str, Any] | None:
    """A play held at the venue on `<prefix>/<id>/plays/<name>`, as the table its topic names
    finished it: its table that id (with the name it gives itself), its name there the topic's;
    None for anything else (no play, or a play claiming another table)."""
    where = topic_table(prefix, topic)
    if where is None or len(where[1]) != 2 or where[1][0] != "plays" or not where[1][1]:
        return None
    table_id, (_, name) = where
    try:
        play = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(play, dict) or not isinstance(play.get("players"), list) or not owns(play, table_id):
        return None
    own_name = (play.get("table") or {}).get("name")
    play["table"] = {"id": table_id, "name": own_name if isinstance(own_name, str) and own_name else table_id}
    play["uid"] = name  # the play's name at its table is its topic's: a payload cannot take another's
    return play
