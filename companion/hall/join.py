"""`companion hall-join`: make this table part of a venue's hall (docs/hall.md).

Writes [hall] into the table's configuration, the venue's table password into
[hall] password_file, and the bridge drop-in into Mosquitto's conf.d, then restarts the table's
Mosquitto. Run again to change the venue; `--leave` takes the table out of the hall.
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

DROP_IN = "companion-hall.conf"
SYSTEM_CONFIG = Path("/etc/companion/config.toml")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion hall-join", description=__doc__.splitlines()[0])
    parser.add_argument("venue", nargs="?", help="the venue broker, HOST or HOST:PORT (as the venue's set-up printed)")
    parser.add_argument("--config", type=Path, default=None,
                        help="the table's configuration (default: /etc/companion/config.toml if it exists)")
    parser.add_argument("--password-file", type=Path,
                        help="a file holding the venue's table password (default: $HALL_PASSWORD, else the "
                             "password kept from an earlier join)")
    parser.add_argument("--cafile", help="the venue broker's CA certificate, for TLS")
    parser.add_argument("--conf-dir", type=Path, default=Path("/etc/mosquitto/conf.d"),
                        help="Mosquitto's drop-in folder (default: /etc/mosquitto/conf.d)")
    parser.add_argument("--no-restart", action="store_true", help="do not restart Mosquitto afterwards")
    parser.add_argument("--leave", action="store_true", help="leave the hall: remove the bridge and [hall]")
    args = parser.parse_args(argv)

    path = args.config or (SYSTEM_CONFIG if SYSTEM_CONFIG.exists() else None)
    if path is None:
        print("companion hall-join: name the table's configuration with --config", file=sys.stderr)
        return 2
    try:
        config = load(path)
    except ConfigError as exc:
        print(f"companion hall-join: {exc}", file=sys.stderr)
        return 2
    target = args.conf_dir / DROP_IN
    if args.leave:
        target.unlink(missing_ok=True)
        path.write_text(set_section(path.read_text(encoding="utf-8"), "hall", {}), encoding="utf-8")
        print(f"This table has left the hall: {target} removed, [hall] taken out of {path}.")
        return _restart(args.no_restart)

    hall = dict(config["hall"])
    if args.venue:
        host, port = split_venue(args.venue, hall["port"])
        hall["host"], hall["port"] = host, port
    if args.cafile is not None:
        hall["cafile"] = args.cafile
    if not hall["host"]:
        print("companion hall-join: name the venue broker (HOST or HOST:PORT)", file=sys.stderr)
        return 2
    password = _password(args.password_file, Path(hall["password_file"]))
    if not password:
        print("companion hall-join: give the venue's table password (--password-file FILE or $HALL_PASSWORD); "
              "the venue's set-up printed it", file=sys.stderr)
        return 2
    if any(c.isspace() for c in password):
        print("companion hall-join: the password may not contain spaces", file=sys.stderr)
        return 2

    secret = Path(hall["password_file"])
    secret.parent.mkdir(parents=True, exist_ok=True)
    _write_private(secret, password + "\n")
    changed = {k: hall[k] for k in ("host", "port", "cafile") if hall[k] != config["hall"][k] or k == "host"}
    text = set_section(path.read_text(encoding="utf-8"), "hall", {**_explicit(config), **changed})
    path.write_text(text, encoding="utf-8")
    config = load(path)  # as the app will read it: a wrong value stops here, not in Mosquitto
    args.conf_dir.mkdir(parents=True, exist_ok=True)
    _write_private(target, drop_in(config, password), group="mosquitto")
    print(f"This table ({config['table']['id']}) joins the hall at {hall['host']}:{hall['port']}: "
          f"[hall] in {path}, the bridge in {target}.")
    print("The status screen's Hall line says whether the venue is reached; the table plays on either way.")
    return _restart(args.no_restart)


def split_venue(venue: str, default_port: int) -> tuple[str, int]:
    """HOST, HOST:PORT or [IPv6]:PORT."""
    match = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\](?::(\d+))?|([^:\[\]]+)(?::(\d+))?|([0-9A-Fa-f:]+)", venue.strip())
    if not match:
        raise SystemExit(f"companion hall-join: {venue!r} is not HOST or HOST:PORT")
    host = match.group(1) or match.group(3) or match.group(5)
    port = match.group(2) or match.group(4)
    return host, int(port) if port else default_port


def set_section(text: str, section: str, values: dict[str, object]) -> str:
    """The TOML text with `[section]` replaced by `values` (removed when empty), the rest untouched."""
    lines = text.splitlines()
    out: list[str] = []
    inside = False
    for line in lines:
        header = re.match(r"\s*\[([^\[\]]+)\]\s*(#.*)?$", line)
        if header:
            inside = header.group(1).strip() == section
        if not inside:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    if values:
        out += ["", f"[{section}]"] + [f"{k} = {_toml(v)}" for k, v in values.items()]
    return "\n".join(out) + "\n"


def _explicit(config) -> dict[str, object]:
    """The [hall] keys the file already sets differently from the defaults: kept as they are."""
    from companion.config import defaults

    base = defaults()["hall"]
    return {k: v for k, v in config["hall"].items() if v != base[k]}


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    escaped = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


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


def _restart(skip: bool) -> int:
    """Mosquitto reads a bridge only when it starts (a reload does not add one)."""
    if skip:
        return 0
    if Path("/run/systemd/system").is_dir() and shutil.which("systemctl"):
        done = subprocess.run(["systemctl", "restart", "mosquitto"], check=False)
        if done.returncode != 0:
            print("companion hall-join: could not restart Mosquitto (systemctl restart mosquitto)", file=sys.stderr)
            return 1
        return 0
    print("Restart the table's Mosquitto now for the bridge to start.")
    return 0
