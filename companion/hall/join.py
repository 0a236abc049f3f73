"""`companion hall-join`: make this table part of a venue's hall (docs/hall.md).

With the organiser's venue password it makes this table's own login at the venue (it may write
only this table's topics), fetches the venue's certificate authority and checks it against the
fingerprint the venue's set-up printed. Writes the table's id and name ([table]) and [hall] into
the table's configuration, the table's password into [hall] password_file, the CA beside it, and
the bridge drop-in into Mosquitto's conf.d, then restarts the table's Mosquitto (and its app when
the id or name changed). It refuses the id every table ships with unless it is given, an id
another table is linked to the venue with now (this Pi itself moving to another address of the
venue is no other table), a password the venue refuses, and a password in clear (no TLS) unless
told --insecure.
Run again to change the venue; `--leave` takes the table out of the hall.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import ssl
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.config import ConfigError, load
from companion.hall.bridge import drop_in
from companion.hall.config_text import set_keys, set_section
from companion.hall.enrol import EnrolFailed, LoginRefused, enrol, login_works, logins, new_password
from companion.hall.organiser import Busy, as_organiser
from companion.hall.table_id import SHIPPED_ID, SHIPPED_NAME, id_problem, seen_at_venue

DROP_IN = "companion-hall.conf"
CA_FILE = "hall-ca.pem"  # the venue's certificate authority: served by the venue, kept by the table
WEB_PORT = 9001  # the hall page's port, where the venue serves its CA
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
                        help="a file holding the organiser's venue password (default: $HALL_PASSWORD); it makes "
                             "this table's own login at the venue. Without it, the login kept from an earlier join")
    parser.add_argument("--ca-sha256", metavar="FINGERPRINT",
                        help="the venue's certificate authority's SHA-256 fingerprint, as the venue's set-up "
                             "printed it: the CA is fetched from the venue and checked against it")
    parser.add_argument("--web-port", type=int, default=WEB_PORT,
                        help=f"the hall page's port, where the venue serves its CA (default: {WEB_PORT})")
    parser.add_argument("--cafile", help="the venue broker's CA certificate as a file (instead of --ca-sha256)")
    parser.add_argument("--insecure", action="store_true",
                        help="link without TLS: this table's password crosses the venue's network in clear")
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
    if not hall["host"]:
        return _refuse("name the venue broker (HOST or HOST:PORT)")
    kept_ca = Path(hall["password_file"]).parent / CA_FILE
    fetched: bytes | None = None
    if args.insecure:
        hall["cafile"] = ""
    elif args.cafile is not None:
        hall["cafile"] = args.cafile
    elif args.ca_sha256 is not None:
        try:
            fetched = fetch_ca(hall["host"], args.web_port, args.ca_sha256)
        except (OSError, ValueError) as exc:
            return _refuse(str(exc))
        hall["cafile"] = str(kept_ca)
    if not hall["cafile"]:
        if not args.insecure:
            return _refuse("the venue's certificate is not known, so this table's password would cross the "
                           "venue's network in clear: give --ca-sha256 as the venue's set-up printed it (or "
                           "--cafile FILE), or --insecure to send it in clear all the same")
    elif fetched is None and not Path(hall["cafile"]).is_file():
        return _refuse(f"--cafile {hall['cafile']}: no such file")
    organiser = _password(args.password_file, None)
    kept = _password(None, Path(config["hall"]["password_file"]))
    for given in (organiser, kept):
        if any(c.isspace() for c in given):
            return _refuse("the password may not contain spaces")
    if not organiser and not kept:
        return _refuse("give the organiser's venue password (--password-file FILE or $HALL_PASSWORD); "
                       "the venue's set-up printed it")
    prefix = config["mqtt"]["topic_prefix"]
    # This Pi is the venue's table with this id when the login it was given for the id is taken
    # there: it may move to another address of the venue (another port, TLS) with it.
    own = table["id"] == config["table"]["id"] and bool(config["hall"]["host"]) and bool(kept)
    ca_check = hall if fetched is None else {**hall, "cafile": _scratch_ca(fetched)}
    try:
        if organiser:
            password, refusal = _enrol(ca_check, organiser, prefix, table["id"], args.replace, kept if own else "",
                                       args.insecure)
        else:
            password, refusal = kept, _check_own(ca_check, table["id"], kept, args.insecure)
    finally:
        if fetched is not None:
            Path(ca_check["cafile"]).unlink(missing_ok=True)
    if refusal:
        return _refuse(refusal)

    if fetched is not None:
        kept_ca.parent.mkdir(parents=True, exist_ok=True)
        _write_readable(kept_ca, fetched)
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


def _enrol(hall: dict[str, Any], secret: str, prefix: str, table_id: str, replace: bool, own_password: str,
           insecure: bool) -> tuple[str, str | None]:
    """This table's own login made at the venue with the organiser's secret: (its password, None),
    or ("", why not): the venue refuses the secret, or another table is linked with the id now.
    A venue out of reach is a refusal too: without it no login can be made. Other tables joining
    at the same moment take the organiser's session over; this one tries again (organiser.py)."""

    def make_login(client: Any) -> tuple[str, str | None, str]:
        seen = seen_at_venue(client, prefix, table_id)
        name = f" (\"{seen.name}\")" if seen and seen.name else ""
        note = ""
        if seen and seen.linked and not replace:
            # Linked with this id now: this Pi itself (moving to another address of the venue)
            # when the venue takes the login it gave this Pi for the id.
            if not (own_password and login_works(hall, logins(table_id)[1], own_password, insecure)):
                return "", (f"another table{name} is linked to the venue as {table_id} now; give this one "
                            "another --id, or add --replace if this Pi takes that table's place"), ""
        elif seen and not own_password:
            note = (f"The venue already has a table {table_id}{name}{'' if seen.linked else ', offline'}: "
                    "this table takes its place in the hall.")
        password = new_password()
        enrol(client, prefix, table_id, password)
        return password, None, note

    where = f"the venue at {hall['host']}:{hall['port']}"
    try:
        password, refusal, note = as_organiser(hall, secret, insecure, make_login)
    except LoginRefused as exc:
        return "", (f"{where} refused the organiser's login ({exc}): check the password given by the organiser "
                    "(the one the venue's set-up printed)")
    except EnrolFailed as exc:
        return "", f"{where} did not make this table's login: {exc}"
    except Busy as exc:
        return "", f"{where} did not make this table's login: {exc}; run the same command again in a minute"
    except (OSError, ssl.SSLError) as exc:
        return "", (f"cannot make this table's login at {where} ({_why(exc)}); check the address and that the "
                    "venue broker runs, then try again")
    if note:
        print(note)
    return password, refusal


def _check_own(hall: dict[str, Any], table_id: str, password: str, insecure: bool) -> str | None:
    """Why the login this table was given may not be used at this address (the venue refuses it),
    or None. A venue out of reach is no reason: the table joins and links once it is there."""
    try:
        if login_works(hall, logins(table_id)[1], password, insecure):
            return None
    except (OSError, ssl.SSLError) as exc:
        print(f"Could not reach the venue to check this table's login ({_why(exc)}); joining anyway.")
        return None
    return (f"the venue at {hall['host']}:{hall['port']} refused this table's login as {table_id}: give the "
            "organiser's venue password ($HALL_PASSWORD) to make its login there")


def _why(exc: BaseException) -> str:
    if isinstance(exc, ssl.SSLCertVerificationError):
        return f"its certificate is not the venue's: {exc.verify_message}"
    return str(exc) or type(exc).__name__


def fetch_ca(host: str, web_port: int, sha256: str) -> bytes:
    """The venue's certificate authority from its hall page's server, taken only when its SHA-256
    fingerprint is the one the venue's set-up printed (a file anyone could serve otherwise)."""
    want = re.sub(r"[^0-9A-Fa-f]", "", sha256.removeprefix("sha256:")).lower()
    if len(want) != 64:
        raise ValueError(f"--ca-sha256 {sha256!r} is not a SHA-256 fingerprint (64 hexadecimal digits)")
    url = f"http://{'[' + host + ']' if ':' in host else host}:{web_port}/{CA_FILE}"
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            pem = answer.read(65536).decode("ascii", errors="replace")
        der = ssl.PEM_cert_to_DER_cert(pem)
    except (OSError, ValueError) as exc:
        raise OSError(f"cannot fetch the venue's certificate authority from {url} ({exc}); give --web-port if the "
                      "hall page has another port, or copy the venue's CA file and give --cafile") from exc
    got = hashlib.sha256(der).hexdigest()
    if got != want:
        raise ValueError(f"the certificate authority at {url} is not the one the venue's set-up printed (its "
                         f"fingerprint is {got.upper()}): this network may not be the venue's; nothing changed")
    return pem.encode("ascii")


def _scratch_ca(pem: bytes) -> str:
    fd, name = tempfile.mkstemp(suffix=".pem")
    with os.fdopen(fd, "wb") as f:
        f.write(pem)
    return name


def _write_readable(path: Path, data: bytes) -> None:
    """The venue's CA: public, read by the table's Mosquitto."""
    tmp = path.with_name(path.name + ".new")
    tmp.write_bytes(data)
    tmp.chmod(0o644)
    os.replace(tmp, path)


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


def _password(given: Path | None, kept: Path | None) -> str:
    """The organiser's secret (`given` or $HALL_PASSWORD) when `kept` is None, else the table's own
    password kept from an earlier join."""
    if kept is None:
        if given is not None:
            return given.read_text(encoding="utf-8").strip()
        return os.environ.get("HALL_PASSWORD", "").strip()
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
