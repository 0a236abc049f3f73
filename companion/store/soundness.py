"""What makes a game database unusable although SQLite's own check finds nothing wrong: a table
of the schema missing, or a move whose text is not readable. Both the app (which sets such a
file aside, as any damaged one) and every listing (which reads what it can) ask here."""

from __future__ import annotations

import sqlite3

# Every table schema.sql makes, with the columns the companion reads.
TABLES = {
    "games": {"id", "game", "players", "options", "started_at", "ended_at", "status", "result", "cursor",
              "revision", "length", "snap_idx", "snap_state"},
    "actions": {"game_id", "idx", "action", "at"},
    "snapshots": {"game_id", "idx", "state"},
    "names_seen": {"name", "recency"},
}


def problem(db: sqlite3.Connection) -> str | None:
    """Why the companion's tables cannot be used as they are, in words for the log; None if they can.

    Reads every move's text once (SQLite's json_valid, a few milliseconds a thousand moves):
    a move that cannot be read would stop a resume, a story or a listing at that move."""
    for table, columns in TABLES.items():
        found = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if not found:
            return f"malformed: the table of {table} is missing"
        if columns - found:
            return f"malformed: the table of {table} lacks {', '.join(sorted(columns - found))}"
    bad = db.execute("SELECT game_id, idx FROM actions WHERE json_valid(action) = 0 LIMIT 1").fetchone()
    if bad is not None:
        return f"malformed: move {bad[1] + 1} of game {bad[0]} cannot be read"
    return None
