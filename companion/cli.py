"""`companion run | replay | history`: the commands a table organiser types."""

from __future__ import annotations

import argparse
import json
import logging
import sqlite3
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from companion import __version__, games
from companion.config import ConfigError, load


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    # Replay's help names the games on the menu, read from their sources: only worth it when replay
    # is asked for (its help, or its usage after a mistake), not on every start of the table.
    menu = ", ".join(g.id for g in games.menu(listed_only=True)) if "replay" in words else "a game's id"
    parser = argparse.ArgumentParser(prog="companion", description="The game table companion.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="start the touchscreen app")
    run.add_argument("--config", type=Path, help="configuration file (default: ~/.config/companion/config.toml)")
    run.add_argument("--sim", action="store_true", help="simulated hardware: keyboard buttons, simulated dice tray")

    rep = sub.add_parser(
        "replay",
        help="play a JSON-lines action script and print the final public view",
        description=(
            "Play an action script through the rules, as the table would, and print the final "
            "public view as JSON. FILE holds one JSON object a line: first the setup "
            '({"game": GAME, "players": ["Ann", "Ben"], "options": {...}}), then one action a '
            'line ({"type": ...}, plus {"type": "undo"} and {"type": "redo"}). GAME is one of '
            f"{menu}; docs/actions.md "
            "describes every game's actions. Exit status 0 when every line was accepted; 2, with "
            "the line number and the reason on stderr and nothing on stdout, when one was not."
        ),
    )
    rep.add_argument("file", type=Path, metavar="FILE", help="the script (JSON lines)")

    hist = sub.add_parser("history", help="list the games played here (finished, or left unfinished)")
    hist.add_argument("--config", type=Path, help="configuration file (default: ~/.config/companion/config.toml)")
    hist.add_argument("--json", action="store_true", help="print JSON instead of a table")

    stats = sub.add_parser("stats", help="players' stats: games played and won, best and average scores")
    stats.add_argument("--config", type=Path, help="configuration file (default: ~/.config/companion/config.toml)")
    stats.add_argument("--json", action="store_true", help="print JSON instead of lines")

    export = sub.add_parser("export", help="write every finished play, for spreadsheets and other play logs")
    export.add_argument("--config", type=Path, help="configuration file (default: ~/.config/companion/config.toml)")
    export.add_argument("--format", choices=("json", "csv"), default="json",
                        help="json: one object a play; csv: one row a player a play (default: json)")
    export.add_argument("file", type=Path, nargs="?", metavar="FILE", help="where to write (default: standard output)")

    tray = sub.add_parser("dicetray-sim", help="a simulated dice tray on a pseudo-terminal (no hardware needed)")
    tray.add_argument("--link", type=Path, help="also make this symlink to the tray, e.g. /tmp/dicetray")
    tray.add_argument("--faces", default="1,2,3,4,peek,bondo", help="the die's faces, comma-separated")

    sub.add_parser("hall-join", add_help=False, help="join a venue's hall: bridge this table to the venue broker "
                   "(docs/hall.md; --help for its options)")
    sub.add_parser("hall-export", add_help=False, help="write every play the venue's hall holds "
                   "(docs/hall.md; --help for its options)")

    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("hall-join", "hall-export"):  # their own options, parsed by their own module
        if argv[0] == "hall-join":
            from companion.hall.join import main as hall_join

            return hall_join(argv[1:])
        from companion.hall.export import main as hall_export

        return hall_export(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "dicetray-sim":
        from companion.inputs.dicetray.sim_cli import run_sim

        return run_sim(args.link, args.faces.split(","))
    try:
        config = load(args.config)
    except ConfigError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    problem = config.data_dir_problem(make=args.command == "run")
    if problem:
        print(f"companion: {problem}", file=sys.stderr)
        return 2
    if args.command in ("history", "stats", "export"):
        _listing_logs_nowhere()
    if args.command == "history":
        return _history(config, as_json=args.json)
    if args.command in ("stats", "export"):
        from companion.cli_plays import export_command, stats_command

        if args.command == "stats":
            return stats_command(config.database, args.json)
        return export_command(config.database, args.format, args.file, config["table"]["name"])
    from companion.ui.launch import launch  # Kivy loads only for the app itself

    return launch(config, sim=args.sim)


def _listing_logs_nowhere() -> None:
    """A listing's words on the terminal are its own lines ("companion stats: ..."). How a damaged
    file was read is logged by the storage modules for the table's log file, which a listing does
    not write (it writes no file): without this, Python would print each such line above the
    listing's own notice, the notice itself a second time. The table logs all of it when it
    next starts and sets the damaged files aside."""
    if not logging.root.handlers:  # a program embedding main() keeps its own logging
        logging.root.addHandler(logging.NullHandler())


def _replay(path: Path) -> int:
    from companion.replay import ReplayError, replay  # here: `companion run` does not wait for it

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"companion replay: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"companion replay: cannot read {path}: it is not UTF-8 text", file=sys.stderr)
        return 2
    try:
        session = replay(text.splitlines())
    except ReplayError as exc:
        print(f"companion replay: {path}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(session.view(), indent=2, ensure_ascii=False))
    return 0


def _history(config, as_json: bool) -> int:
    from companion.store.guard import reason
    from companion.store.plays import ReadError, past, reading

    told: list[str] = []
    try:
        with reading(config.database, told) as db:  # a listing never makes, moves or writes a file
            records = past(db) if db is not None else []
    except ReadError as exc:
        print(f"companion history: {exc}", file=sys.stderr)
        return 2
    except (sqlite3.Error, OSError) as exc:
        print(f"companion history: cannot read the game database {config.database}: {reason(exc)}", file=sys.stderr)
        return 2
    for words in told:
        print(f"companion history: {words}", file=sys.stderr)
    if as_json:
        print(json.dumps([r.to_json() for r in records], indent=2, ensure_ascii=False))
        return 0
    if not records:
        print("No finished games yet.")
        return 0
    rows = [("When", "Game", "Players", "Result")]  # the end, or when it was left unfinished
    for r in records:
        rows.append((_local(r.ended_at), r.game, ", ".join(r.names), r.summary))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[3])
    return 0


def _local(stamp: str | None) -> str:
    if not stamp:
        return "-"
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError, OverflowError):
        return str(stamp)  # a damaged time is shown as it is, not a reason to stop the listing


if __name__ == "__main__":
    sys.exit(main())
