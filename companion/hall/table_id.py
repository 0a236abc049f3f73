"""Which table this is at the venue. Every table's id names its topics and its bridge's client ids
there, so two tables with one id overwrite each other's cards, knock each other's bridges off and
take back each other's plays. Every Pi ships with the same id; `companion hall-join` refuses that
one unless it is given, and looks at the venue broker for a table already linked with the id."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.config import defaults
from companion.config_keys import topic_word

SHIPPED_ID: str = defaults()["table"]["id"]  # what deploy/pi/config.toml and the defaults say
SHIPPED_NAME: str = defaults()["table"]["name"]


def id_problem(table_id: str) -> str | None:
    """Why this cannot be a table's id (it is a topic level and part of a client id), or None."""
    return topic_word(table_id)


@dataclass(frozen=True)
class Seen:
    """What the venue broker holds for one table id."""

    linked: bool  # a bridge with this id is connected now (the venue's retained link is "1")
    name: str | None  # the table's name in the state the venue holds, None: no state


def seen_at_venue(client: Any, prefix: str, table_id: str) -> Seen | None:
    """What the venue holds for `table_id`, read through a session that may read it (the
    organiser's); None: nothing. OSError when the venue does not answer."""
    from companion.hall.enrol import read_retained

    base = f"{prefix}/{table_id}"
    got = read_retained(client, [f"{base}/link", f"{base}/state"])
    link, state = got.get(f"{base}/link"), got.get(f"{base}/state")
    if not link and not state:
        return None
    return Seen((link or b"").strip() == b"1", _name(state, table_id))


def _name(state: bytes | None, table_id: str) -> str | None:
    """The name the state gives its table, when it is that table's (claims.py)."""
    try:
        table = json.loads(state)["table"] if state else None
        return str(table["name"]) if table and table.get("id") == table_id else None
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
