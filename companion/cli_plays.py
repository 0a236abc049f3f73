"""`companion stats` and `companion export`: what was played here, read without writing a byte."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

from companion.plays import Play, play
from companion.stats import player_stats
from companion.store.guard import reason
from companion.store.plays import ReadError, actions, finished, reading, shortfall

CSV_COLUMNS = ("play", "game", "started_at", "ended_at", "duration_min", "location", "player", "score", "rank",
               "winner", "start_player")


def read_plays(database: Path, *, live: bool = False) -> tuple[list[Play], list[str]]:
    """Every finished play in the database, oldest first ([] when there is no database yet), and
    what a person should know about how it was read (damaged storage, games read in part).
    `live`: the running table's own database (companion/store/plays.py's reading)."""
    told: list[str] = []
    with reading(database, told, live=live) as db:
        if db is None:
            return [], told
        plays = []
        for record in finished(db):
            moves = actions(db, record.id)
            if len(moves) < record.actions:
                told.append(shortfall(record, len(moves)))
            plays.append(play(record, moves))
        return plays, told


def read_play(database: Path, game_id: int, told: list[str]) -> Play | None:
    """One finished game of the running table's database as a play (its BG Stats link), or None
    when it is not (or no longer) there as a finished game; read as every listing reads, and
    `told` gets the same words, also why it cannot be read at all."""
    try:
        with reading(database, told, live=True) as db:
            if db is None:
                return None
            record = next((r for r in finished(db) if r.id == game_id), None)
            if record is None:
                return None
            moves = actions(db, record.id)
            if len(moves) < record.actions:
                told.append(shortfall(record, len(moves)))
            return play(record, moves)
    except ReadError as exc:
        told.append(str(exc))
    except (sqlite3.Error, OSError) as exc:
        told.append(f"cannot read the game database {database}: {reason(exc)}")
    return None


def load_plays(database: Path, *, live: bool = False) -> list[Play]:
    """Every finished play in the database, oldest first ([] when there is no database yet)."""
    return read_plays(database, live=live)[0]


def _plays_or_say_why(database: Path, command: str) -> list[Play] | None:
    try:
        plays, told = read_plays(database)
    except ReadError as exc:
        print(f"companion {command}: {exc}", file=sys.stderr)
        return None
    except (sqlite3.Error, OSError) as exc:
        print(f"companion {command}: cannot read the game database {database}: {reason(exc)}", file=sys.stderr)
        return None
    for words in told:
        print(f"companion {command}: {words}", file=sys.stderr)
    return plays


def stats_command(database: Path, as_json: bool) -> int:
    plays = _plays_or_say_why(database, "stats")
    if plays is None:
        return 2
    found = player_stats(plays)
    if as_json:
        print(json.dumps([s.to_json() for s in found], indent=2, ensure_ascii=False))
        return 0
    if not found:
        print("No finished games yet.")
        return 0
    for s in found:
        print(f"{s.name}: {s.overall.played} played, {s.overall.won} won, last played {_local(s.overall.last_played)}")
        for title, t in sorted(s.games.items()):
            points = f", best {_n(t.best)}, average {_n(t.average)}" if t.scores else ""
            print(f"  {title}: {t.played} played, {t.won} won{points}")
    return 0


def export_command(database: Path, fmt: str, target: Path | None, location: str) -> int:
    plays = _plays_or_say_why(database, "export")
    if plays is None:
        return 2
    text = export_json(plays, location) if fmt == "json" else export_csv(plays, location)
    if target is None:
        sys.stdout.write(text)
        return 0
    try:
        target.write_text(text, encoding="utf-8", newline="")
    except OSError as exc:
        print(f"companion export: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"{len(plays)} play{'' if len(plays) == 1 else 's'} written to {target}", file=sys.stderr)
    return 0


def export_json(plays: list[Play], location: str) -> str:
    return json.dumps([{**p.to_json(), "location": location} for p in plays], indent=2, ensure_ascii=False) + "\n"


def export_csv(plays: list[Play], location: str) -> str:
    """One row per player per play: the shape a spreadsheet's pivot table wants."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for p in plays:
        for s in p.seats:
            writer.writerow((p.id, p.title, p.started_at, p.ended_at, p.minutes, location, s.name,
                             "" if s.score is None else s.score, s.rank, "yes" if s.winner else "no",
                             "yes" if s.start_player else "no"))
    return out.getvalue()


def _n(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def _local(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M") if stamp else "-"
    except (TypeError, ValueError, OverflowError):
        return str(stamp)  # a damaged time is shown as it is
