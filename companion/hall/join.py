"""`companion hall-join`: make this table part of a venue's hall (docs/hall.md).

Writes the table's id and name ([table]) and [hall] into the table's configuration, the venue's
table password into [hall] password_file, and the bridge drop-in into Mosquitto's conf.d, then
restarts the table's Mosquitto (and its app when the id or name changed). It refuses the id every
table ships with unless it is given, an id another table is linked to the venue with now, and a
password the venue refuses.
Run again to change the venue; `--leave` takes the table out of the hall.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from companion.config import ConfigError, load
from companion.hall.bridge import drop_in
from companion.hall.config_text import set_keys, set_section
from companion.hall.table_id import SHIPPED_ID, SHIPPED_NAME, LoginRefused, id_problem, seen_at_venue

DROP_IN = "companion-hall.conf"
# What deploy/hall/venue.sh prints for every table to fill in: neither is taken as it stands.
ID_PLACEHOLDER = "<table-id>"
NAME_PLACEHOLDER = "<Table name>"
OWN_ID = "give each table its own id and name at the venue: --id table7 --name 'Table 7'"
SYSTEM_CONFIG = Path("/etc/companion/config.toml")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion hall-join", description=__doc__.splitlines()[0])
    parser.add_argument("venue", nargs="?", help="the venue broker, HOST or HOST:PORT (as the venue's set-up printed)")
    parser.add_argument("--id", dest="table_id",
                        help="this table's id at the venue, its own among the venue's tables (letters, digits, "
                             "- and _; e.g. table7); written to [table] id")
    parser.add_argument("--name", help="the name the hall shows for this table (e.g. 'Table 7'); written to "
                                       "[table] name")
    parser.add_argument("--replace", action="store_true",
                        help="join even though the venue shows a table linked with this id now (this Pi takes "
                             "that table's place)")
    parser.add_argument("--config", type=Path, default=None,
                        help="the table's configuration (default: /etc/companion/config.toml if it exists)")
    parser.add_argument("--password-file", type=Path,
                        help="a file holding the venue's table password (default: $HALL_PASSWORD, else the "
                             "password kept from an earlier join)")
    parser.add_argument("--cafile", help="the venue broker's CA certificate, for TLS")
    parser.add_argument("--conf-dir", type=Path, default=Path("/etc/mosquitto/conf.d"),
                        help="Mosquitto's drop-in folder (default: /etc/mosquitto/conf.d)")
    parser.add_argument("--no-restart", action="store_true", help="do not restart Mosquitto (nor the app) afterwards")
    parser.add_argument("--leave", action="store_true", help="leave the hall: remove the bridge and [hall]")
    args = parser.parse_args(argv)

    path = args.config or (SYSTEM_CONFIG if SYSTEM_CONFIG.exists() else None)
    if path is None:
        return _refuse("name the table's configuration with --config")
    try:
        config = load(path)
    except ConfigError as exc:
        return _refuse(str(exc))
    target = args.conf_dir / DROP_IN
    if args.leave:
        target.unlink(missing_ok=True)
        path.write_text(set_section(path.read_text(encoding="utf-8"), "hall", {}), encoding="utf-8")
        print(f"This table has left the hall: {target} removed, [hall] taken out of {path}.")
        return _restart(args.no_restart, app=False)

    # Everything is checked before anything is written: a refused join changes nothing.
    if args.table_id is not None and not args.table_id.strip():
        return _refuse(f"--id may not be empty; {OWN_ID}")
    if ID_PLACEHOLDER in (args.table_id or "") or NAME_PLACEHOLDER in (args.name or ""):
        return _refuse(f"put this table's own id and name in place of {ID_PLACEHOLDER} and {NAME_PLACEHOLDER}; "
                       f"{OWN_ID}")
    table = {"id": args.table_id or config["table"]["id"], "name": config["table"]["name"]}
    if args.name is not None:
        table["name"] = args.name.strip()
        if not table["name"]:
            return _refuse("--name may not be empty")
    problem = id_problem(table["id"])
    if problem:
        return _refuse(f"--id {table['id']!r} {problem}")
    if args.table_id is None and table["id"] == SHIPPED_ID:
        return _refuse(f"this table still has the id every table ships with ({SHIPPED_ID}); give it its own "
                       "at the venue: --id table7 --name 'Table 7'")
    hall = dict(config["hall"])
    if args.venue:
        hall["host"], hall["port"] = split_venue(args.venue, hall["port"])
    if args.cafile is not None:
        hall["cafile"] = args.cafile
    if not hall["host"]:
        return _refuse("name the venue broker (HOST or HOST:PORT)")
    password = _password(args.password_file, Path(hall["password_file"]))
    if not password:
        return _refuse("give the venue's table password (--password-file FILE or $HALL_PASSWORD); "
                       "the venue's set-up printed it")
    if any(c.isspace() for c in password):
        return _refuse("the password may not contain spaces")
    rejoin = table["id"] == config["table"]["id"] and (hall["host"], hall["port"]) == (
        config["hall"]["host"], config["hall"]["port"])
    # The venue's card for this id is this table's own when it joined before: only the login counts then.
    refusal = _taken(hall, password, config["mqtt"]["topic_prefix"], table["id"], args.replace, rejoin)
    if refusal:
        return _refuse(refusal)

    secret = Path(hall["password_file"])
    secret.parent.mkdir(parents=True, exist_ok=True)
    _write_private(secret, password + "\n")
    renamed = {k: v for k, v in table.items() if v != config["table"][k]}
    changed = {k: hall[k] for k in ("host", "port", "cafile") if hall[k] != config["hall"][k] or k == "host"}
    text = set_keys(path.read_text(encoding="utf-8"), "table", renamed) if renamed else path.read_text(encoding="utf-8")
    path.write_text(set_section(text, "hall", {**_explicit(config), **changed}), encoding="utf-8")
    config = load(path)  # as the app will read it: a wrong value stops here, not in Mosquitto
    args.conf_dir.mkdir(parents=True, exist_ok=True)
    _write_private(target, drop_in(config, password), group="mosquitto")
    print(f"This table ({config['table']['id']}, \"{config['table']['name']}\") joins the hall at "
          f"{hall['host']}:{hall['port']}: [table] and [hall] in {path}, the bridge in {target}.")
    if config["table"]["name"] == SHIPPED_NAME:
        print(f"The hall shows it as \"{SHIPPED_NAME}\", as every table ships: name it with --name.")
    print("The status screen's Hall line says whether the venue is reached; the table plays on either way.")
    return _restart(args.no_restart, app=bool(renamed))


def _refuse(why: str) -> int:
    print(f"companion hall-join: {why}", file=sys.stderr)
    return 2


def _taken(hall: dict[str, object], password: str, prefix: str, table_id: str, replace: bool,
           rejoin: bool = False) -> str | None:
    """Why this table may not join as `table_id` (the venue refuses the password, or another table
    is linked with the id now: not asked on a `rejoin`), or None. A venue out of reach is no
    reason: the table joins and links once the venue is there."""
    try:
        seen = seen_at_venue(hall, password, prefix, table_id)
    except LoginRefused as exc:
        return (f"the venue at {hall['host']}:{hall['port']} refused the tables' login ({exc}): check the "
                "password given by the organiser (the one the venue's set-up printed)")
    except OSError as exc:
        if rejoin:
            print(f"Could not reach the venue to check the tables' login ({exc}); joining anyway.")
        else:
            print(f"Could not see whether another table uses the id {table_id} at the venue ({exc}); "
                  "joining anyway.")
        return None
    if seen is None or rejoin:
        return None
    name = f" (\"{seen.name}\")" if seen.name else ""
    if seen.linked and not replace:
        return (f"another table{name} is linked to the venue as {table_id} now; give this one another --id, "
                "or add --replace if this Pi takes that table's place")
    print(f"The venue already has a table {table_id}{name}{'' if seen.linked else ', offline'}: "
          "this table takes its place in the hall.")
    return None


def split_venue(venue: str, default_port: int) -> tuple[str, int]:
    """HOST, HOST:PORT or [IPv6]:PORT."""
    match = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\](?::(\d+))?|([^:\[\]]+)(?::(\d+))?|([0-9A-Fa-f:]+)", venue.strip())
    if not match:
        raise SystemExit(f"companion hall-join: {venue!r} is not HOST or HOST:PORT")
    host = match.group(1) or match.group(3) or match.group(5)
    port = match.group(2) or match.group(4)
    return host, int(port) if port else default_port


def _explicit(config) -> dict[str, object]:
    """The [hall] keys the file already sets differently from the defaults: kept as they are."""
    from companion.config import defaults

    base = defaults()["hall"]
    return {k: v for k, v in config["hall"].items() if v != base[k]}


def _password(given: Path | None, kept: Path) -> str:
    if given is not None:
        return given.read_text(encoding="utf-8").strip()
    if os.environ.get("HALL_PASSWORD"):
        return os.environ["HALL_PASSWORD"].strip()
    try:
        return kept.read_text(encoding="utf-8").strip()
    except OSError:
        return ""


def _write_private(path: Path, text: str, group: str | None = None) -> None:
    """Readable by its owner (and the broker's group): it holds the venue's password."""
    tmp = path.with_name(path.name + ".new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o640 if group else 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    if group and os.geteuid() == 0:
        try:
            shutil.chown(tmp, group=group)
        except (LookupError, OSError):
            pass  # no such group here (a test, a desktop): the owner alone reads it
    os.replace(tmp, path)


def _restart(skip: bool, app: bool) -> int:
    """Mosquitto reads a bridge only when it starts (a reload does not add one); the app reads its
    id and name only when it starts (`app`: they changed), and resumes its game where it was."""
    if skip:
        if app:
            print("Restart the table's app too: it publishes under its id and name as it started.")
        return 0
    if Path("/run/systemd/system").is_dir() and shutil.which("systemctl"):
        for unit, how in (("mosquitto", "restart"),) + ((("companion", "try-restart"),) if app else ()):
            done = subprocess.run(["systemctl", how, unit], check=False)
            if done.returncode != 0:
                print(f"companion hall-join: could not restart {unit} (systemctl {how} {unit})", file=sys.stderr)
                return 1
        return 0
    print("Restart the table's Mosquitto now for the bridge to start" + (", and the app." if app else "."))
    return 0
