"""Bringing a database written by an earlier companion up to this one's schema, games and all.

A table is updated with `git pull` and `deploy/pi/install.sh`; its games must come through.
Each schema change is a step here, from the version before it: a new database gets
schema.sql at once (which must equal every step applied in turn; tests/store/test_fixtures.py
holds them together), an older one runs the steps it has not had, oldest first. All the steps
and the new version number commit as one transaction, so a step that fails leaves the file as
it was, still readable by the companion that wrote it. Before the first step, a copy of the
file is kept beside it (`<name>.schema-<old version>`), for going back to the earlier companion.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path

log = logging.getLogger(__name__)

# STEPS[i] takes a database from version i + 1 to version i + 2: SQL run as one script
# (no BEGIN/COMMIT of its own). Never change a step once released: add another.
STEPS: tuple[str, ...] = ()

# The schema this companion writes (version 1 is the first, schema.sql without any step).
LATEST = 1 + len(STEPS)


class MigrationError(Exception):
    """A step failed: the database was left as it was. The message says which step and why."""


def backup_path(path: Path, version: int) -> Path:
    return path.with_name(f"{path.name}.schema-{version}")


def upgrade(db: sqlite3.Connection, path: Path, found: int, steps: Sequence[str] | None = None) -> str:
    """Run the steps after version `found` in one transaction; return what to tell a person."""
    steps = STEPS if steps is None else steps
    target = 1 + len(steps)
    if found >= target:
        return ""
    backup = backup_path(path, found)
    script = "".join(f"{step}\n;\n" for step in steps[found - 1:])
    try:
        if not backup.exists():
            # VACUUM INTO writes a complete, compact copy with no log of its own to go with it.
            db.execute("VACUUM INTO ?", (str(backup),))
        db.executescript(f"BEGIN IMMEDIATE; {script} PRAGMA user_version = {target}; COMMIT;")
    except sqlite3.Error as exc:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise MigrationError(
            f"could not bring the game database {path} from schema {found} to {target} ({exc}); "
            "it was left as it was"
        ) from None
    notice = (
        f"The game database {path} was brought from schema {found} to {target}; "
        f"the earlier file is kept as {backup}."
    )
    log.info(notice)
    return notice
